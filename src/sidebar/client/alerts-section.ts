import { clear, el, setStatus } from './dom';
import { createAlertForm } from './alert-form';
import { type AlertsScreen, renderAlerts, renderCheckResults, renderFailures } from './alert-lists';
import type { SidebarContext, SidebarSection } from './section';

/**
 * The "Alerts" tab: the spreadsheet's alerts with what each last found, a form for a new one,
 * and Check now. Only the creator's alerts can be edited or checked by them (their credential,
 * their e-mail). Every server value goes in as text, never HTML. The form, the lists and the
 * words live in alert-form, alert-lists and alert-words.
 */
function mount(root: HTMLElement, ctx: SidebarContext): { reload(): void } {
  const status = el('div', { className: 'status', hidden: true, 'data-test': 'alerts-status' });
  const checkResults = el('div', { className: 'hint', 'data-test': 'check-results' });
  const schedule = el('div', { className: 'hint gray', 'data-test': 'alerts-schedule' });
  const list = el('div', { className: 'block', 'data-test': 'alerts-list' });
  const checkNow = el('button', { type: 'button', text: 'Check now' });
  const failures = el('div', { className: 'block', 'data-test': 'failure-mail' });

  const alertForm = createAlertForm();
  const siteNames = new Map<string, string>();
  ctx.on('sites-loaded', (list) => {
    alertForm.fillSites(list);
    siteNames.clear();
    for (const site of list) if (site.name) siteNames.set(site.id, site.name);
  });
  root.append(
    el('div', {
      className: 'hint gray',
      text: 'An alert e-mails you when a number moves, and adds a line to the status sheet: one e-mail per day of data at most, and none within 20 hours of the last. It is checked with your own credential.',
    }),
    schedule,
    el('div', { className: 'buttons' }, checkNow),
    status,
    checkResults,
    list,
    alertForm.box,
    failures,
  );

  let busy = false;
  const lock = (on: boolean) => {
    busy = on;
    for (const b of Array.from(root.querySelectorAll('button'))) b.disabled = on;
  };
  /** One server call at a time, its failure shown in words; `after` may start the next call. */
  const act = <T>(label: string, work: () => Promise<T>, after?: (value: T) => void) => {
    if (busy) return;
    lock(true);
    setStatus(status, label);
    // The last Check now's names stay only until the next action.
    clear(checkResults);
    work().then(
      (value) => {
        lock(false);
        setStatus(status, '');
        after?.(value);
      },
      (error: Error) => {
        lock(false);
        setStatus(status, error.message, 'error');
      },
    );
  };

  function load(after?: () => void): void {
    act(
      'Loading alerts\u2026',
      () => Promise.all([ctx.rpc('listAlerts'), ctx.rpc('listReports')]),
      ([view, reports]) => {
        renderAlerts(screen, view);
        alertForm.setClock(view.clock);
        renderFailures(screen, reports.reports);
        after?.();
      },
    );
  }

  checkNow.addEventListener('click', () =>
    act(
      'Checking your alerts\u2026',
      () => ctx.rpc('checkAlertsNow'),
      (checked) => {
        // The server's summary names every failure and every alert it did not check, with why.
        load(() => {
          setStatus(status, checked.summary, checked.fired || checked.errors || checked.notChecked ? 'error' : 'success');
          renderCheckResults(checkResults, checked.results);
        });
      },
    ),
  );
  alertForm.form.addEventListener('submit', (event) => {
    event.preventDefault();
    act(
      'Saving\u2026',
      () => ctx.rpc('saveAlert', alertForm.definition()),
      () => {
        alertForm.reset();
        load(() => setStatus(status, 'Alert saved.', 'success'));
      },
    );
  });
  const screen: AlertsScreen = { ctx, schedule, list, failures, act, load, siteNames, edit: alertForm.edit };
  return { reload: () => load() };
}

export function createAlertsSection(): SidebarSection {
  let handle: { reload(): void } | null = null;
  return {
    id: 'alerts',
    title: 'Alerts',
    mount(root, ctx) {
      handle = mount(root, ctx);
    },
    shown() {
      handle?.reload();
    },
  };
}
