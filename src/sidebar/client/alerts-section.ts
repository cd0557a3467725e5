import { datesInWords } from '../../dates/presets';
import type { AlertCondition, AlertDefinition, AlertListView, AlertView, SavedReportView } from '../../shared/types';
import { REPORTS } from '../../catalog/reports';
import { lagOf, NORMAL_LAG_DAYS, noDataLabel } from '../../catalog/lag';
import { clear, el, field, select, setStatus } from './dom';
import type { SidebarContext, SidebarSection } from './section';

/**
 * The "Alerts" tab: the spreadsheet's alerts with what each last found, a form for a new one,
 * and Check now. Only the creator's alerts can be edited or checked by them (their credential,
 * their e-mail). Every server value goes in as text, never HTML.
 */
const CONDITION_LABEL: Record<AlertCondition, string> = {
  changeBelow: 'falls by more than',
  changeAbove: 'rises by more than',
  below: 'is below',
  above: 'is above',
  noData: noDataLabel(NORMAL_LAG_DAYS.earnings),
};

const PERIODS: Array<[string, string]> = [
  ['yesterday', 'The last day with data'],
  ['7daysAgo', 'The last 7 days with data'],
  ['28daysAgo', 'The last 28 days with data'],
  ['lastThirtyDays', 'Last 30 days (preset)'],
  ['monthToDate', 'Month to date (preset)'],
];

const DATED = REPORTS.filter((r) => r.dateFamily !== null);

function metricsOf(reportKey: string): Array<{ field: string; header: string }> {
  return DATED.find((r) => r.key === reportKey)?.columns.filter((c) => c.total.kind !== 'none') ?? [];
}

const isChange = (c: string) => c === 'changeBelow' || c === 'changeAbove';

/** "RPM on site-1 falls by at least 20 % against the previous period, over the last 7 days with data". */
export function describeAlert(a: AlertView): string {
  const metric = metricsOf(a.report).find((m) => m.field === a.metric)?.header ?? a.report;
  const site = a.siteId === 'all' ? 'all sites' : a.siteId;
  if (a.condition === 'noData')
    return `${DATED.find((r) => r.key === a.report)?.label ?? a.report} on ${site} ${a.expects?.label ?? `has no data by ${a.byHour ?? 9}:00`}`;
  const threshold = isChange(a.condition) ? `${Math.abs(Math.round((a.threshold ?? 0) * 1000) / 10)} %` : String(a.threshold);
  const against = isChange(a.condition)
    ? ` against the ${a.compareTo === 'previousYearWeekday' ? 'same weekdays a year ago' : a.compareTo === 'previousYear' ? 'same dates a year ago' : 'previous period'}`
    : '';
  const period = a.period ?? 'yesterday';
  // The period in the words the form offers it ("the last 7 days with data"), never its key.
  const over = (PERIODS.find(([key]) => key === period)?.[1] ?? datesInWords(period, undefined)).toLowerCase();
  return `${metric} on ${site} ${CONDITION_LABEL[a.condition]} ${threshold}${against}, over ${over}`;
}

function mount(root: HTMLElement, ctx: SidebarContext): { reload(): void } {
  const status = el('div', { className: 'status', hidden: true, 'data-test': 'alerts-status' });
  const schedule = el('div', { className: 'hint gray', 'data-test': 'alerts-schedule' });
  const list = el('div', { className: 'block', 'data-test': 'alerts-list' });
  const checkNow = el('button', { type: 'button', text: 'Check now' });
  const failures = el('div', { className: 'block', 'data-test': 'failure-mail' });

  const name = el('input', { type: 'text', name: 'alert-name', maxlength: '100', placeholder: 'e.g. RPM drop' });
  const site = el('input', { type: 'text', name: 'alert-siteId', placeholder: 'site-1, or all' });
  const report = select(
    'alert-report',
    DATED.map((r) => [r.key, r.label]),
    'earnings',
  );
  const metric = el('select', { name: 'alert-metric' });
  const condition = select(
    'alert-condition',
    (Object.keys(CONDITION_LABEL) as AlertCondition[]).map((c) => [c, CONDITION_LABEL[c]]),
    'changeBelow',
  );
  const threshold = el('input', { type: 'number', name: 'alert-threshold', step: 'any', placeholder: '20' });
  const period = select('alert-period', PERIODS, '7daysAgo');
  const compareTo = select('alert-compareTo', [
    ['previousPeriod', 'The previous period'],
    ['previousYearWeekday', 'A year ago, same weekdays'],
    ['previousYear', 'A year ago, same dates'],
  ]);
  const byHour = select(
    'alert-byHour',
    Array.from({ length: 24 }, (_, h): [string, string] => [String(h), `${String(h).padStart(2, '0')}:00`]),
    '9',
  );
  const thresholdBox = field('Threshold', threshold, '');
  const metricBox = field('Metric', metric);
  const periodBox = field('Over', period);
  const compareBox = field('Compared with', compareTo);
  const hourBox = field('By', byHour, 'In the spreadsheet\u2019s time zone.');
  const save = el('button', { type: 'submit', className: 'action', text: 'Save alert' });
  const form = el(
    'form',
    { novalidate: true, 'data-test': 'alert-form' },
    field('Name', name),
    field('Site', site),
    field('Report', report),
    metricBox,
    field('When it', condition),
    thresholdBox,
    periodBox,
    compareBox,
    hourBox,
    el('div', { className: 'buttons' }, save),
  );
  root.append(
    el('div', {
      className: 'hint gray',
      text: 'An alert e-mails you (once a day at most) when a number moves, and adds a line to the status sheet. It is checked with your own credential.',
    }),
    schedule,
    el('div', { className: 'buttons' }, checkNow),
    status,
    list,
    el('details', { className: 'advanced', open: true }, el('summary', { text: 'New alert' }), form),
    failures,
  );

  const sync = () => {
    const metrics = metricsOf(report.value);
    const kept = metric.value;
    clear(metric);
    for (const m of metrics) metric.appendChild(el('option', { value: m.field, text: m.header }));
    if (metrics.some((m) => m.field === kept)) metric.value = kept;
    else if (metrics.some((m) => m.field === 'rpm')) metric.value = 'rpm';
    const c = condition.value;
    // noData checks today minus the report family's usual lag: "2 days ago" for earnings.
    const noData = condition.querySelector<HTMLOptionElement>('option[value="noData"]');
    if (noData) noData.textContent = noDataLabel(lagOf(DATED.find((r) => r.key === report.value)?.dateFamily ?? null));
    metricBox.hidden = c === 'noData';
    thresholdBox.hidden = c === 'noData';
    periodBox.hidden = c === 'noData';
    compareBox.hidden = !isChange(c);
    hourBox.hidden = c !== 'noData';
    const hint = thresholdBox.querySelector('.hint');
    if (hint)
      hint.textContent = isChange(c)
        ? 'Percent: 20 means a change of more than 20 %.'
        : 'A number in the metric\u2019s own unit, e.g. 15 for $15 RPM.';
  };
  report.addEventListener('change', sync);
  condition.addEventListener('change', sync);
  sync();

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

  function render(view: AlertListView): void {
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
        el('div', { className: 'hint', text: describeAlert(a) }),
        el('div', { className: `hint ${kind}`, text: a.status.message || (a.status.outcome === 'never' ? 'Not checked yet.' : '') }),
        a.isMine
          ? null
          : el('div', {
              className: 'hint gray',
              text: `${a.createdByEmail || 'Another user'}\u2019s alert: checked with their credential, e-mailed to them.`,
            }),
      );
      const remove = el('button', { type: 'button', className: 'danger', text: 'Delete' });
      remove.addEventListener('click', () =>
        act(
          'Deleting\u2026',
          () => ctx.rpc('deleteAlert', a.id),
          () => load(),
        ),
      );
      card.appendChild(el('div', { className: 'buttons' }, remove));
      list.appendChild(card);
    }
  }

  /** Scheduled saved reports, each with "e-mail me when its scheduled refresh fails". */
  function renderFailures(reports: SavedReportView[]): void {
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

  function load(after?: () => void): void {
    act(
      'Loading alerts\u2026',
      () => Promise.all([ctx.rpc('listAlerts'), ctx.rpc('listReports')]),
      ([view, reports]) => {
        render(view);
        renderFailures(reports.reports);
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
        load(() => setStatus(status, checked.summary, checked.fired || checked.errors || checked.notChecked ? 'error' : 'success'));
      },
    ),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const c = condition.value;
    const raw = threshold.value.trim();
    const number = raw === '' ? undefined : Number(raw);
    // The select's value is one of its options, AlertConditions; the server checks it again.
    const definition: AlertDefinition = {
      name: name.value,
      siteId: site.value,
      report: report.value,
      metric: metric.value,
      condition: c as AlertCondition,
      // The form asks for percent; the server takes a fraction (-0.2 is a 20 % drop).
      threshold:
        number === undefined
          ? undefined
          : c === 'changeBelow'
            ? -Math.abs(number) / 100
            : c === 'changeAbove'
              ? Math.abs(number) / 100
              : number,
      period: period.value,
      compareTo: isChange(c) ? (compareTo.value as AlertDefinition['compareTo']) : undefined,
      byHour: c === 'noData' ? Number(byHour.value) : undefined,
    };
    act(
      'Saving\u2026',
      () => ctx.rpc('saveAlert', definition),
      () => {
        form.reset();
        // The metric list is rebuilt, so the next alert starts on RPM again.
        clear(metric);
        sync();
        load(() => setStatus(status, 'Alert saved.', 'success'));
      },
    );
  });
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
