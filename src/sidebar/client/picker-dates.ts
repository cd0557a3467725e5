import type { DateOptionsView, ReportDefinition, RunReportRequest } from '../../shared/types';
import { datesInWords } from '../../dates/presets';
import { isYmd } from '../../dates/calendar';
import { checkCustomDates, describeAvailability } from './report-dates';
import { clear, el, field } from './dom';
import type { Rpc } from './rpc';

const CUSTOM = 'custom';
/** The saved dates when no preset or calendar day expresses them ("7daysAgo" to "yesterday"). */
const AS_SAVED = 'as-saved';

/** The report picker's Dates fieldset: a preset, custom days, or the saved dates as they were. */
export interface DatesPicker {
  box: HTMLFieldSetElement;
  /** Loads the dates with data for this site and report. */
  load(siteId: string, report: string): void;
  /** Puts the chosen dates on the request, or says what to fix. */
  readInto(request: RunReportRequest): string | undefined;
}

/** The saved dates, when they are neither one of these presets nor two calendar days. */
function savedDatesApart(initial: ReportDefinition | undefined, options: DateOptionsView | null): boolean {
  if (!initial?.start) return false;
  if (!initial.end) return !(options?.presets ?? []).some((p) => p.key === initial.start);
  return !(isYmd(initial.start) && isYmd(initial.end));
}

export function createDatesPicker(rpc: Rpc, initial: ReportDefinition | undefined, changed: () => void): DatesPicker {
  let dates: DateOptionsView | null = null;
  // The range the person picked: a site without data (no presets) must not replace it for good.
  let picked: string | null = null;
  let datesRequest = 0;
  const preset = el('select', { name: 'preset' });
  const startInput = el('input', { type: 'date', name: 'start' });
  const endInput = el('input', { type: 'date', name: 'end' });
  const custom = el('div', { className: 'custom-dates', hidden: true }, field('From', startInput), field('To', endInput));
  const presetRange = el('div', { className: 'hint', 'data-test': 'preset-range' });
  const availability = el('div', { className: 'hint gray', 'data-test': 'availability' });
  const box = el(
    'fieldset',
    { className: 'dates' },
    el('legend', { text: 'Dates' }),
    field('Range', preset, presetRange),
    custom,
    availability,
  );

  const showCustom = (): void => {
    custom.hidden = preset.value !== CUSTOM;
    const chosen = dates?.presets.find((p) => p.key === preset.value);
    presetRange.textContent = chosen ? `${chosen.startDate} to ${chosen.endDate}` : '';
  };
  const fillPresets = (options: DateOptionsView | null): void => {
    const first = dates === null && preset.options.length === 0;
    dates = options;
    const previous = picked ?? preset.value;
    clear(preset);
    for (const p of options?.presets ?? []) {
      preset.appendChild(el('option', { value: p.key, text: p.label, title: `${p.startDate} to ${p.endDate}` }));
    }
    if (savedDatesApart(initial, options))
      preset.appendChild(el('option', { value: AS_SAVED, text: `${datesInWords(initial?.start, initial?.end)} (as saved)` }));
    preset.appendChild(el('option', { value: CUSTOM, text: 'Custom dates\u2026' }));
    const keys = Array.from(preset.options).map((o) => o.value);
    if (first && initial?.start) {
      preset.value = savedDatesApart(initial, options) ? AS_SAVED : initial.end ? CUSTOM : initial.start;
      if (initial.end && isYmd(initial.start)) {
        startInput.value = initial.start;
        endInput.value = initial.end;
      }
    } else {
      preset.value = keys.includes(previous) ? previous : keys.includes('lastThirtyDays') ? 'lastThirtyDays' : (keys[0] ?? CUSTOM);
      // A range this site lacks (an inactive site has no presets) is kept for the next site that has it.
      if (!keys.includes(previous) && previous && previous !== CUSTOM) picked = previous;
    }
  };
  const fillDates = (options: DateOptionsView | null, message = ''): void => {
    fillPresets(options);
    const { startDate, endDate } = options?.available ?? { startDate: null, endDate: null };
    startInput.min = endInput.min = startDate ?? '';
    startInput.max = endInput.max = endDate ?? '';
    if (options && endDate && !startInput.value) {
      const last = options.presets.find((p) => p.key === 'lastThirtyDays') ?? options.presets[0];
      startInput.value = last?.startDate ?? startDate ?? endDate;
      endInput.value = last?.endDate ?? endDate;
    }
    availability.textContent = message || (options ? describeAvailability(options) : '');
    availability.className = `hint ${message ? 'error' : 'gray'}`;
    showCustom();
  };
  const load = (siteId: string, report: string): void => {
    const ticket = ++datesRequest;
    availability.className = 'hint gray';
    availability.textContent = 'Loading the dates with data\u2026';
    rpc('getDateOptions', { siteId, report })
      .then((options) => {
        if (ticket === datesRequest) fillDates(options);
      })
      .catch((error: Error) => {
        if (ticket === datesRequest) fillDates(null, error.message);
      });
  };
  const readInto = (request: RunReportRequest): string | undefined =>
    readDates(request, { preset, start: startInput, end: endInput }, dates, initial);

  preset.addEventListener('change', () => {
    picked = preset.value;
    showCustom();
    changed();
  });
  for (const input of [startInput, endInput]) input.addEventListener('change', changed);
  return { box, load, readInto };
}

/**
 * The dates the controls say, put on `request`, or what to fix. Before the first answer the range
 * select is empty: a saved report being edited keeps the dates it was saved with (Save is clicked on
 * a slow connection); the builder waits for them.
 */
function readDates(
  request: RunReportRequest,
  controls: { preset: HTMLSelectElement; start: HTMLInputElement; end: HTMLInputElement },
  dates: DateOptionsView | null,
  initial: ReportDefinition | undefined,
): string | undefined {
  const { preset, start, end } = controls;
  if (preset.options.length === 0) {
    if (!initial?.start) return 'The dates with data are still loading. Try again in a moment.';
    request.start = initial.start;
    request.end = initial.end;
    return undefined;
  }
  if (preset.value === CUSTOM) {
    const problem = checkCustomDates(start.value, end.value, dates);
    if (problem) return problem;
    request.start = start.value;
    request.end = end.value;
  } else if (preset.value === AS_SAVED) {
    request.start = initial?.start;
    request.end = initial?.end;
  } else if (preset.value) {
    request.start = preset.value;
  } else {
    return 'Choose a date range.';
  }
  return undefined;
}
