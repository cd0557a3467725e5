import type { SettingsView } from '../../shared/types';
import { clear, el, setStatus } from './dom';
import { reportSection } from './report-section';
import { createRpc } from './rpc';
import { createSavedReportsSection } from './saved-reports';
import { createAlertsSection } from './alerts-section';
import { dashboardSection } from './dashboard-section';
import type { SidebarContext, SidebarEvents, SidebarSection } from './section';
import { renderDemoBar } from './demo-bar';
import { renderPermissions } from './permissions-notice';
import { settingsSection } from './settings-section';

/**
 * The sidebar: one tab per section. A new section (saved reports) is its own file exporting a
 * SidebarSection, added to this list; sections talk through the context's events.
 */
const SECTIONS: SidebarSection[] = [reportSection, createSavedReportsSection(), createAlertsSection(), dashboardSection, settingsSection];

function start(app: HTMLElement): void {
  const rpc = createRpc();
  // Keyed by event name; the typed on/emit below keep each list's listeners to its event's value.
  const listeners = new Map<string, Array<(value: never) => void>>();
  let settings: SettingsView | null = null;
  const tabs = el('nav', { className: 'tabs', role: 'tablist' });
  const status = el('div', { className: 'status', hidden: true });
  const panels = el('div', { className: 'panels' });
  const buttons = new Map<string, HTMLButtonElement>();
  const roots = new Map<string, HTMLElement>();

  const ctx: SidebarContext = {
    rpc,
    on(event, listener) {
      const list = listeners.get(event) ?? [];
      list.push(listener as (value: never) => void);
      listeners.set(event, list);
    },
    emit(event, value) {
      for (const listener of listeners.get(event) ?? []) (listener as (v: SidebarEvents[typeof event]) => void)(value);
    },
    showSection(id) {
      for (const section of SECTIONS) {
        const on = section.id === id;
        roots.get(section.id)!.hidden = !on;
        buttons.get(section.id)!.setAttribute('aria-selected', String(on));
        buttons.get(section.id)!.classList.toggle('selected', on);
        if (on) section.shown?.();
      }
    },
    settings: () => settings,
    hasSection: (id) => SECTIONS.some((section) => section.id === id),
  };
  const notice = el('div', { className: 'permissions', role: 'status', 'data-test': 'permissions', hidden: true });
  const demoBar = el('div', { className: 'demo-bar', 'data-test': 'demo-bar', hidden: true });
  // First listener: every section reads the new settings through ctx.settings().
  ctx.on('settings-changed', (view) => {
    settings = view;
    renderPermissions(notice, view.permissions);
    renderDemoBar(demoBar, view, ctx, (message) => setStatus(status, message, 'success'));
  });

  // A tab the user opened while the settings were loading: kept when they arrive, not switched away from.
  let picked: string | null = null;
  for (const section of SECTIONS) {
    const button = el('button', { type: 'button', role: 'tab', className: 'tab', text: section.title, 'data-section': section.id });
    button.addEventListener('click', () => {
      picked = section.id;
      ctx.showSection(section.id);
    });
    const root = el('section', { role: 'tabpanel', 'data-section': section.id, hidden: true });
    buttons.set(section.id, button);
    roots.set(section.id, root);
    tabs.appendChild(button);
    panels.appendChild(root);
  }
  clear(app);
  // No heading: Sheets already titles the sidebar frame (showSidebar's title).
  app.append(notice, demoBar, tabs, status, panels);
  for (const section of SECTIONS) section.mount(roots.get(section.id)!, ctx);

  setStatus(status, 'Loading\u2026');
  rpc('getSettings')
    .then((view) => {
      setStatus(status, '');
      ctx.emit('settings-changed', view);
      ctx.showSection(view.configured || view.demo ? (picked ?? SECTIONS[0].id) : 'settings');
    })
    .catch((error: Error) => {
      setStatus(status, error.message, 'error');
      ctx.showSection('settings');
    });
}

const app = document.getElementById('app');
if (app) start(app);
