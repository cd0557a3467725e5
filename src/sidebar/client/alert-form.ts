import type { AlertCondition, AlertDefinition } from '../../shared/types';
import { clear, el, field, select } from './dom';
import { CONDITION_LABEL, DATED, isChange, metricsOf, PERIODS } from './alert-words';
import { isPercentMetric, thresholdHint, thresholdOf } from './alert-threshold';
import { lagOf, noDataLabel } from '../../catalog/lag';

/** The Alerts tab's "New alert" form: its controls, which of them the condition shows, and what it describes. */
export interface AlertForm {
  form: HTMLFormElement;
  /** The alert the form describes; the server checks it. */
  definition(): AlertDefinition;
  /** Back to a blank form, starting on RPM again. */
  reset(): void;
}

/** Shows the controls the condition uses, and the report's metrics (keeping the chosen one, else RPM). */
function syncer(c: {
  report: HTMLSelectElement;
  metric: HTMLSelectElement;
  condition: HTMLSelectElement;
  boxes: Record<'metric' | 'threshold' | 'period' | 'compare' | 'hour', HTMLElement>;
}): () => void {
  return () => {
    const metrics = metricsOf(c.report.value);
    const kept = c.metric.value;
    clear(c.metric);
    for (const m of metrics) c.metric.appendChild(el('option', { value: m.field, text: m.header }));
    if (metrics.some((m) => m.field === kept)) c.metric.value = kept;
    else if (metrics.some((m) => m.field === 'rpm')) c.metric.value = 'rpm';
    const condition = c.condition.value;
    // noData checks today minus the report family's usual lag: "2 days ago" for earnings.
    const noData = c.condition.querySelector<HTMLOptionElement>('option[value="noData"]');
    if (noData) noData.textContent = noDataLabel(lagOf(DATED.find((r) => r.key === c.report.value)?.dateFamily ?? null));
    c.boxes.metric.hidden = condition === 'noData';
    c.boxes.threshold.hidden = condition === 'noData';
    c.boxes.period.hidden = condition === 'noData';
    c.boxes.compare.hidden = !isChange(condition);
    c.boxes.hour.hidden = condition !== 'noData';
    const hint = c.boxes.threshold.querySelector('.hint');
    if (hint) hint.textContent = thresholdHint(condition, isPercentMetric(c.report.value, c.metric.value));
  };
}

export function createAlertForm(): AlertForm {
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
    el('div', { className: 'buttons' }, el('button', { type: 'submit', className: 'action', text: 'Save alert' })),
  );
  const sync = syncer({
    report,
    metric,
    condition,
    boxes: { metric: metricBox, threshold: thresholdBox, period: periodBox, compare: compareBox, hour: hourBox },
  });
  report.addEventListener('change', sync);
  condition.addEventListener('change', sync);
  metric.addEventListener('change', sync);
  sync();
  const definition = (): AlertDefinition => {
    const c = condition.value;
    // The select's value is one of its options, AlertConditions; the server checks it again.
    return {
      name: name.value,
      siteId: site.value,
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
    form.reset();
    // The metric list is rebuilt, so the next alert starts on RPM again.
    clear(metric);
    sync();
  };
  return { form, definition, reset };
}
