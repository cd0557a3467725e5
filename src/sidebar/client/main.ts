// Placeholder: the sidebar work (issue 5) replaces this file.
const app = document.getElementById('app');
if (app) app.textContent = 'Creator Reporting';
