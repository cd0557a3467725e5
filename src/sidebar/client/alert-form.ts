import type { AlertCondition, AlertDefinition, AlertListView, AlertView, SiteView } from '../../shared/types';
import { hourText } from '../../dates/hour';
import { datesInWords } from '../../dates/presets';
import { clear, el, field, select } from './dom';
import { createSitePicker } from './picker-sites';
import { CONDITION_LABEL, DATED, isChange, metricsOf, PERIODS } from './alert-words';
import { isPercentMetric, thresholdHint, thresholdInput, thresholdOf } from './alert-threshold';
import { lagOf, noDataLabel } from '../../catalog/lag';
import { expectedDayFrom, noDataWords } from '../../alerts/no-data-day';

/**
 * The Alerts tab's alert form: its controls, which of them the condition shows, and what it
 * describes. The same form makes a new alert and edits one (pre-filled, the same checks).
 */
export interface AlertForm {
  /** The form under its "New alert" / "Edit alert" heading. */
  box: HTMLDetailsElement;
  form: HTMLFormElement;
  /** The alert the form describes; the server checks it. */
  definition(): AlertDefinition;
  /** Back to a blank form, starting on RPM again. */
  reset(): void;
  /** The sites the builder loaded. */
  fillSites(list: SiteView[]): void;
  /** Shows an alert of the user's in the form, to change it (saved with its id). */
  edit(alert: AlertView): void;
  /** The spreadsheet's day and hour, as the alert list came: the noData condition names its day. */
  setClock(clock: AlertListView['clock'] | undefined): void;
}

/** Shows the controls the condition uses, and the report's metrics (keeping the chosen one, else RPM). */
function syncer(c: {
  report: HTMLSelectElement;
  metric: HTMLSelectElement;
  condition: HTMLSelectElement;
  boxes: Record<'metric' | 'threshold' | 'period' | 'compare' | 'hour', HTMLElement>;
  showNoDataDay(): void;
}): () => void {
  return () => {
    const metrics = metricsOf(c.report.value);
    const kept = c.metric.value;
    clear(c.metric);
    for (const m of metrics) c.metric.appendChild(el('option', { value: m.field, text: m.header }));
    if (metrics.some((m) => m.field === kept)) c.metric.value = kept;
    else if (metrics.some((m) => m.field === 'rpm')) c.metric.value = 'rpm';
    const condition = c.condition.value;
    c.showNoDataDay();
    c.boxes.metric.hidden = condition === 'noData';
    c.boxes.threshold.hidden = condition === 'noData';
    c.boxes.period.hidden = condition === 'noData';
    c.boxes.compare.hidden = !isChange(condition);
    c.boxes.hour.hidden = condition !== 'noData';
    showThresholdHint(c);
  };
}

/** The threshold's hint for the condition and metric: percent for a change or a percent metric. */
function showThresholdHint(c: {
  report: HTMLSelectElement;
  metric: HTMLSelectElement;
  condition: HTMLSelectElement;
  boxes: { threshold: HTMLElement };
}): void {
  const hint = c.boxes.threshold.querySelector('.hint');
  if (hint) hint.textContent = thresholdHint(c.condition.value, isPercentMetric(c.report.value, c.metric.value));
}

/** Selects `value`, adding it "(as saved)" when the select does not offer it (a period saved through the API). */
function selectSaved(node: HTMLSelectElement, value: string, label: string): void {
  if (!Array.from(node.options).some((o) => o.value === value)) {
    node.appendChild(el('option', { value, text: `${label} (as saved)`, 'data-saved': 'true' }));
  }
  node.value = value;
}

/** The alert form's controls, in the order the form shows them. */
function alertControls() {
  const name = el('input', { type: 'text', name: 'alert-name', maxlength: '100', placeholder: 'e.g. RPM drop' });
  // The builder's own site picker: names beside IDs, inactive sites marked (an alert refuses them).
  const site = createSitePicker({ name: 'alert-siteId', activeOnly: true });
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
    Array.from({ length: 24 }, (_, h): [string, string] => [String(h), hourText(h)]),
    '9',
  );
  const thresholdBox = field('Threshold', threshold, '');
  const metricBox = field('Metric', metric);
  const periodBox = field('Over', period);
  const compareBox = field('Compared with', compareTo);
  const hourBox = field('By', byHour, 'In the spreadsheet\u2019s time zone.');
  const save = el('button', { type: 'submit', className: 'action', text: 'Save alert' });
  const cancel = el('button', { type: 'button', text: 'Cancel', hidden: true });
  const form = el(
    'form',
    { novalidate: true, 'data-test': 'alert-form' },
    field('Name', name),
    field('Site', site.select, site.hint),
    field('Report', report),
    metricBox,
    field('When it', condition),
    thresholdBox,
    periodBox,
    compareBox,
    hourBox,
    el('div', { className: 'buttons' }, save, cancel),
  );
  const heading = el('summary', { text: 'New alert' });
  const box = el('details', { className: 'advanced', open: true }, heading, form);
  return {
    inputs: { name, site, report, metric, condition, threshold, period, compareTo, byHour },
    boxes: { metric: metricBox, threshold: thresholdBox, period: periodBox, compare: compareBox, hour: hourBox },
    save,
    cancel,
    form,
    heading,
    box,
  };
}

/**
 * noData checks today minus the report family's usual lag (or the edited alert's own), a day
 * earlier before the chosen hour: "has no data for 2 days ago (2026-11-18) by". Before the list
 * brings the spreadsheet's day, the lag alone.
 */
function nameNoDataDay(
  c: { condition: HTMLSelectElement; report: HTMLSelectElement; byHour: HTMLSelectElement },
  ownLag: number | undefined,
  clock: AlertListView['clock'] | null,
): void {
  const option = c.condition.querySelector<HTMLOptionElement>('option[value="noData"]');
  if (!option) return;
  const lagDays = lagOf(DATED.find((r) => r.key === c.report.value)?.dateFamily ?? null, ownLag);
  option.textContent = clock
    ? noDataWords(lagDays, expectedDayFrom(clock.today, clock.hour, Number(c.byHour.value), lagDays))
    : noDataLabel(lagDays);
}

export function createAlertForm(): AlertForm {
  const { inputs, boxes, save, cancel, form, heading, box } = alertControls();
  const { name, site, report, metric, condition, threshold, period, compareTo, byHour } = inputs;
  // The alert being edited: its id, and what the form has no control for (lagDays) kept as it was.
  let editing: Pick<AlertView, 'id' | 'lagDays'> | null = null;
  let clock: AlertListView['clock'] | null = null;
  const showNoDataDay = (): void => nameNoDataDay({ condition, report, byHour }, editing?.lagDays, clock);
  const sync = syncer({ report, metric, condition, boxes, showNoDataDay });
  report.addEventListener('change', sync);
  condition.addEventListener('change', sync);
  metric.addEventListener('change', () => showThresholdHint({ report, metric, condition, boxes }));
  byHour.addEventListener('change', showNoDataDay);
  sync();
  const definition = (): AlertDefinition => {
    const c = condition.value;
    // The select's value is one of its options, AlertConditions; the server checks it again.
    return {
      ...(editing ? { id: editing.id, ...(editing.lagDays === undefined ? {} : { lagDays: editing.lagDays }) } : {}),
      name: name.value,
      siteId: String(site.chosen()),
      report: report.value,
      metric: metric.value,
      condition: c as AlertCondition,
      threshold: thresholdOf(c, threshold.value.trim(), isPercentMetric(report.value, metric.value)),
      period: period.value,
      compareTo: isChange(c) ? (compareTo.value as AlertDefinition['compareTo']) : undefined,
      byHour: c === 'noData' ? Number(byHour.value) : undefined,
    };
  };
  const reset = (): void => {
    editing = null;
    heading.textContent = 'New alert';
    save.textContent = 'Save alert';
    cancel.hidden = true;
    for (const saved of Array.from(form.querySelectorAll('option[data-saved]'))) saved.remove();
    // The next alert is most likely about the same site: it stays chosen.
    const chosenSite = site.select.value;
    form.reset();
    site.select.value = chosenSite;
    site.showHint();
    // The metric list is rebuilt, so the next alert starts on RPM again.
    clear(metric);
    sync();
  };
  const edit = (alert: AlertView): void => {
    reset();
    editing = { id: alert.id, lagDays: alert.lagDays };
    name.value = alert.name ?? '';
    site.choose(alert.siteId);
    selectSaved(report, alert.report, alert.report);
    condition.value = alert.condition;
    sync();
    selectSaved(metric, alert.metric, alert.metric);
    threshold.value = thresholdInput(alert);
    showThresholdHint({ report, metric, condition, boxes });
    selectSaved(period, alert.period ?? '7daysAgo', datesInWords(alert.period, undefined));
    compareTo.value = alert.compareTo ?? 'previousPeriod';
    byHour.value = String(alert.byHour ?? 9);
    showNoDataDay();
    heading.textContent = `Edit alert: ${alert.name ?? alert.id}`;
    save.textContent = 'Save changes';
    cancel.hidden = false;
    box.open = true;
    box.scrollIntoView?.({ block: 'start' });
  };
  cancel.addEventListener('click', reset);
  const setClock = (next: AlertListView['clock'] | undefined): void => {
    clock = next ?? null;
    showNoDataDay();
  };
  return { box, form, definition, reset, fillSites: site.fill, edit, setClock };
}
