import type { AlertCheckResult, AlertListView, AlertView, SavedReportView } from '../../shared/types';
import { clear, el } from './dom';
import { describeAlert } from './alert-words';
import type { SidebarContext } from './section';

/** What the Alerts tab's lists share with it: where they go, and its one-call-at-a-time actions. */
export interface AlertsScreen {
  ctx: SidebarContext;
  schedule: HTMLElement;
  list: HTMLElement;
  failures: HTMLElement;
  act<T>(label: string, work: () => Promise<T>, after?: (value: T) => void): void;
  load(after?: () => void): void;
  /** Site names by ID, as the builder loaded them. */
  siteNames: Map<string, string>;
  /** Opens the alert form on this alert, to change it. */
  edit(alert: AlertView): void;
}

/**
 * Only an alert's maker may change or delete it (it checks their data and e-mails them): Edit and
 * Delete on theirs; on another's, nothing, unless its maker has lost access to the spreadsheet, when
 * Remove (after a confirmation) lets the alert go.
 */
function alertButtons(screen: AlertsScreen, a: AlertView): HTMLElement | null {
  const { act, ctx, load } = screen;
  if (a.mayEdit) {
    const edit = el('button', { type: 'button', text: 'Edit' });
    edit.addEventListener('click', () => screen.edit(a));
    const remove = el('button', { type: 'button', className: 'danger', text: 'Delete' });
    remove.addEventListener('click', () =>
      act(
        'Deleting\u2026',
        () => ctx.rpc('deleteAlert', a.id),
        () => load(),
      ),
    );
    return el('div', { className: 'buttons' }, edit, remove);
  }
  if (!a.mayRemove) return null;
  const remove = el('button', { type: 'button', className: 'danger', text: 'Remove' });
  const why = el('div', { className: 'hint', hidden: true, 'data-test': 'remove-confirm' });
  let armed = false;
  remove.addEventListener('click', () => {
    if (!armed) {
      // A second click confirms: no modal dialogs in the sidebar's sandbox.
      armed = true;
      remove.textContent = 'Confirm remove';
      why.textContent = `${a.createdByEmail || 'Its maker'} no longer has access to this spreadsheet, so nobody checks this alert. Removing it is recorded on the status sheet.`;
      why.hidden = false;
      return;
    }
    act(
      'Removing\u2026',
      () => ctx.rpc('deleteAlert', a.id, { confirm: true }),
      () => load(),
    );
  });
  return el('div', {}, why, el('div', { className: 'buttons' }, remove));
}

/** The alerts with what each last found, and the buttons the user may use on each. */
export function renderAlerts(screen: AlertsScreen, view: AlertListView): void {
  const { list, schedule } = screen;
  schedule.textContent = view.checkedOnSchedule
    ? 'Your alerts are checked after each scheduled refresh.'
    : 'Schedules do not run with your account, so your alerts are checked only when you click Check now.';
  clear(list);
  if (view.alerts.length === 0) list.appendChild(el('div', { className: 'gray', text: 'No alerts yet.' }));
  for (const a of view.alerts) {
    const kind =
      a.status.outcome === 'fired' || a.status.outcome === 'sentToday' ? 'error' : a.status.outcome === 'error' ? 'error' : 'gray';
    const card = el(
      'div',
      { className: 'notice block', 'data-test': 'alert-card' },
      el('div', { className: 'site-name', text: a.name ?? a.id }),
      el('div', { className: 'hint', text: describeAlert(a, (id) => screen.siteNames.get(id)) }),
      el('div', { className: `hint ${kind}`, text: a.status.message || (a.status.outcome === 'never' ? 'Not checked yet.' : '') }),
      a.isMine
        ? null
        : el('div', {
            className: 'hint gray',
            text: `${a.createdByEmail || 'Another user'}\u2019s alert: checked with their credential, e-mailed to them.`,
          }),
    );
    const buttons = alertButtons(screen, a);
    if (buttons) card.appendChild(buttons);
    list.appendChild(card);
  }
}

/** Scheduled saved reports, each with "e-mail me when its scheduled refresh fails". */
export function renderFailures(screen: AlertsScreen, reports: SavedReportView[]): void {
  const { failures, act, ctx, load } = screen;
  clear(failures);
  const scheduled = reports.filter((r) => r.schedule && r.schedule.every !== 'off');
  if (scheduled.length === 0) return;
  failures.append(
    el('div', { className: 'site-name', text: 'E-mail me when a scheduled refresh fails' }),
    el('div', {
      className: 'hint gray',
      text: 'Sent by the account whose trigger runs the schedules, to itself, once a day at most per report.',
    }),
  );
  for (const r of scheduled) {
    // The view's status is the server's, not part of the definition it saves.
    const { status: _status, ...definition } = r;
    const box = el('input', { type: 'checkbox', name: 'notifyOnFailure', id: `notify-${r.id}`, 'data-report': r.id });
    box.checked = r.notifyOnFailure === true;
    box.addEventListener('change', () =>
      act(
        'Saving\u2026',
        () => ctx.rpc('saveReport', { ...definition, notifyOnFailure: box.checked }),
        () => load(),
      ),
    );
    failures.appendChild(el('div', { className: 'form-group checkbox' }, box, el('label', { for: box.id, text: r.name ?? r.id })));
  }
}

/**
 * Under Check now's summary (which groups the reasons): which alerts fired, failed or were not
 * checked, by name, so a reason is never without the alerts it concerns. Quiet ones need no line.
 */
export function renderCheckResults(node: HTMLElement, results: AlertCheckResult[]): void {
  clear(node);
  const groups: Array<[string, (r: AlertCheckResult) => boolean]> = [
    ['Fired', (r) => r.checked && (r.outcome === 'fired' || r.outcome === 'sentToday')],
    ['Failed', (r) => r.checked && r.outcome === 'error'],
    ['Not checked', (r) => !r.checked],
  ];
  for (const [label, wanted] of groups) {
    const names = results.filter(wanted).map((r) => r.name);
    if (names.length > 0) node.appendChild(el('div', { 'data-test': 'check-group', text: `${label}: ${names.join(', ')}` }));
  }
}
