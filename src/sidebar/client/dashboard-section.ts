import { el, field, setStatus } from './dom';
import { hourText } from '../../dates/hour';
import { createSitePicker } from './picker-sites';
import type { SidebarSection } from './section';

/** The "Dashboard" tab: a site, a period and a refresh hour make a dashboard sheet. */
const PERIODS: Array<[string, string]> = [
  ['lastThirtyDays', 'Last 30 days'],
  ['lastNinetyDays', 'Last 90 days'],
  ['monthToDate', 'Month to date'],
  ['lastMonth', 'Last month'],
];

export const dashboardSection: SidebarSection = {
  id: 'dashboard',
  title: 'Dashboard',
  mount(root, ctx) {
    // The builder's own site picker; a dashboard shows one active site.
    const site = createSitePicker({ name: 'dashboard-siteId', all: false, activeOnly: true });
    ctx.on('sites-loaded', site.fill);
    const period = el('select', { name: 'dashboard-period' });
    for (const [v, label] of PERIODS) period.appendChild(el('option', { value: v, text: label }));
    const hour = el('select', { name: 'dashboard-hour' });
    hour.appendChild(el('option', { value: '', text: 'Only when I refresh' }));
    for (let h = 0; h < 24; h++) hour.appendChild(el('option', { value: String(h), text: `Every day at ${hourText(h)}` }));
    hour.value = '6';
    const create = el('button', { type: 'submit', className: 'action', text: 'Create dashboard' });
    const status = el('div', { className: 'status', hidden: true, 'data-test': 'dashboard-status' });
    const form = el(
      'form',
      { novalidate: true, 'data-test': 'dashboard-form' },
      field('Site', site.select, site.hint),
      field('Period', period),
      field('Refresh', hour, 'The dashboard is four saved reports on a data sheet; their charts and tiles follow every refresh.'),
      el('div', { className: 'buttons' }, create),
    );
    root.append(
      el('div', {
        className: 'hint gray',
        text: 'KPI tiles (earnings, RPM, pageviews, sessions against the previous period), daily earnings and RPM, RPM by device, earnings by traffic source and the top 10 pages.',
      }),
      form,
      status,
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      create.disabled = true;
      setStatus(status, 'Creating the dashboard\u2026 (four reports)');
      ctx
        .rpc('createDashboard', {
          siteId: String(site.chosen()),
          period: period.value,
          hour: hour.value === '' ? null : Number(hour.value),
        })
        .then((made) => setStatus(status, `Dashboard ready: sheet '${made.sheetName}'.`, 'success'))
        .catch((error: Error) => setStatus(status, error.message, 'error'))
        .finally(() => {
          create.disabled = false;
        });
    });
  },
};
