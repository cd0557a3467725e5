import type { ReportDefinition, RunReportRequest, RunReportResult, Schedule, ScheduleEvery } from '../../shared/types';
import { hourText } from '../../dates/hour';
import { DAY_NAMES } from '../../reports/schedule';
import { findReport } from '../../catalog/reports';
import { historyCostInWords } from '../../catalog/history';
import { el, field, select } from './dom';

/** Off / hourly / daily / weekly, with hour and weekday shown only where they apply. */
export function scheduleEditor(initial: Schedule | undefined): { node: HTMLElement; value(): Schedule } {
  const every = select('every', [
    ['off', 'Off'],
    ['hour', 'Every hour'],
    ['day', 'Every day'],
    ['week', 'Every week'],
    ['month', 'Every month'],
  ]);
  const hour = el('select', { name: 'hour' });
  for (let h = 0; h < 24; h++) hour.appendChild(el('option', { value: String(h), text: hourText(h) }));
  const weekDay = el('select', { name: 'weekDay' });
  DAY_NAMES.forEach((d, i) => weekDay.appendChild(el('option', { value: String(i), text: d })));
  const monthDay = el('select', { name: 'monthDay' });
  for (let d = 1; d <= 31; d++) monthDay.appendChild(el('option', { value: String(d), text: String(d) }));
  every.value = initial?.every ?? 'off';
  hour.value = String(initial?.hour ?? 6);
  weekDay.value = String(initial?.weekDay ?? 1);
  monthDay.value = String(initial?.monthDay ?? 2);
  const hourBox = field('At', hour, 'In the spreadsheet\u2019s time zone; it runs within the hour.');
  const dayBox = field('On', weekDay);
  const monthDayBox = field('On day', monthDay, 'A day past the month\u2019s end runs on its last day.');
  const sync = () => {
    hourBox.hidden = every.value !== 'day' && every.value !== 'week' && every.value !== 'month';
    dayBox.hidden = every.value !== 'week';
    monthDayBox.hidden = every.value !== 'month';
  };
  every.addEventListener('change', sync);
  sync();
  const node = el(
    'fieldset',
    { className: 'dates' },
    el('legend', { text: 'Refresh automatically' }),
    field('Schedule', every),
    dayBox,
    monthDayBox,
    hourBox,
  );
  return {
    node,
    value(): Schedule {
      const e = every.value as ScheduleEvery;
      if (e === 'day') return { every: e, hour: Number(hour.value) };
      if (e === 'week') return { every: e, hour: Number(hour.value), weekDay: Number(weekDay.value) };
      if (e === 'month') return { every: e, hour: Number(hour.value), monthDay: Number(monthDay.value) };
      return { every: e };
    },
  };
}

/** "Keep history": the revision window and what it costs in requests, said before saving. */
export function historyEditor(
  request: RunReportRequest,
  ran?: RunReportResult,
): { node: HTMLElement; value(): Pick<ReportDefinition, 'mode' | 'revisionDays'> } {
  const spec = findReport(request.report);
  const keep = el('input', { type: 'checkbox', id: 'keep-history', name: 'keepHistory' });
  const days = el('input', { type: 'number', name: 'revisionDays', min: '0', max: '31', step: '1' });
  days.value = '7';
  const cost = el('div', { className: 'hint gray', 'data-test': 'history-cost' });
  const daysBox = field('Revision window (days)', days, cost);
  const dated = !!spec?.dateFamily && !request.options?.compareTo && !request.options?.totals;
  const backfill =
    ran?.startDate && ran.endDate ? Math.round((Date.parse(ran.endDate) - Date.parse(ran.startDate)) / 86_400_000) + 1 : null;
  const sync = () => {
    daysBox.hidden = !keep.checked;
    const n = Number(days.value);
    cost.textContent =
      spec && Number.isInteger(n) && n >= 0 ? historyCostInWords(spec, backfill, n) : 'A whole number of days from 0 to 31.';
  };
  keep.addEventListener('change', sync);
  days.addEventListener('input', sync);
  sync();
  const node = el(
    'fieldset',
    { className: 'dates', hidden: !dated },
    el('legend', { text: 'History' }),
    el(
      'div',
      { className: 'form-group checkbox' },
      keep,
      el('label', { for: 'keep-history', text: 'Keep history' }),
      el('div', {
        className: 'hint gray',
        text: 'Each refresh adds the new days and updates the recent days the network revised, instead of replacing the block. Your own cells beside its rows stay beside them.',
      }),
    ),
    daysBox,
  );
  return {
    node,
    value: (): Pick<ReportDefinition, 'mode' | 'revisionDays'> =>
      dated && keep.checked ? { mode: 'history', revisionDays: Number(days.value) } : {},
  };
}

export function textInput(name: string, value: string | undefined, placeholder = ''): HTMLInputElement {
  const input = el('input', { type: 'text', name, maxlength: '100', placeholder });
  input.value = value ?? '';
  return input;
}
