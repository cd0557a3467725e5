import type { CatalogEntryView, DateOptionsView, ReportDefinition, RunReportRequest, SiteView } from '../../shared/types';
import { MAX_LIMIT, readLimit } from '../../pull/query-options';
import { datesInWords } from '../../dates/presets';
import { isYmd } from '../../dates/calendar';
import { defaultSheetName } from '../../shared/default-names';
import { userMessage } from '../../shared/errors';
import { checkCustomDates, describeAvailability } from './report-dates';
import { clear, el, field, select, uid } from './dom';
import type { Rpc } from './rpc';

/**
 * What a report is: its report, sites, dates, row limit, totals and comparison, columns and
 * sheet. The builder (Report tab) and the saved-report editor (Saved tab) both use these same
 * controls, so a saved report can be changed in every way it could be made, checked the same way.
 */
const GROUPS: Array<{ group: CatalogEntryView['group']; label: string }> = [
  { group: 'traffic', label: 'Traffic' },
  { group: 'performance', label: 'Performance' },
  { group: 'account', label: 'Account' },
];
const ALL = 'all';
const CUSTOM = 'custom';
/** The saved dates when no preset or calendar day expresses them ("7daysAgo" to "yesterday"). */
const AS_SAVED = 'as-saved';
/** A saved list of sites the single-site picker cannot show otherwise. */
const SITE_LIST = 'site-list';

export interface ReportPickerOptions {
  rpc: Rpc;
  /** A saved report to show (the editor); absent: the builder's defaults. */
  initial?: ReportDefinition;
  /** Hint under the sheet name. */
  sheetHint: string;
}

export interface ReportPicker {
  /** The controls, in order: site, report, dates, row limit, totals and comparison, columns, sheet. */
  nodes: HTMLElement[];
  fillSites(list: SiteView[]): void;
  fillCatalog(entries: CatalogEntryView[]): void;
  /** Loads the dates with data for the chosen site and report. */
  loadDates(): void;
  chosenReport(): CatalogEntryView | undefined;
  /** The chosen site, or the saved list of sites. */
  chosenSites(): string | string[];
  /** The request the controls describe, or what to fix first. */
  build(): RunReportRequest | string;
  /** `selection`: the report or site changed; `detail`: anything else. */
  onChange(listener: (what: 'selection' | 'detail') => void): void;
}

function checkbox(name: string, label: string, hint?: string): { box: HTMLDivElement; input: HTMLInputElement } {
  const input = el('input', { type: 'checkbox', id: uid('c'), name });
  const box = el(
    'div',
    { className: 'form-group checkbox' },
    input,
    el('label', { for: input.id, text: label }),
    hint ? el('div', { className: 'hint gray', text: hint }) : null,
  );
  return { box, input };
}

export function createReportPicker({ rpc, initial, sheetHint }: ReportPickerOptions): ReportPicker {
  let sites: SiteView[] = [];
  let catalog: CatalogEntryView[] = [];
  let dates: DateOptionsView | null = null;
  // The range the person picked: a site without data (no presets) must not replace it for good.
  let picked: string | null = null;
  let datesRequest = 0;
  // A saved report keeps its sheet; the builder proposes one per report and site until one is typed.
  let sheetEdited = initial !== undefined;
  /** The report whose columns the checkboxes show (and, until it changes, the saved choice). */
  let columnsOf: string | null = null;
  const listeners: Array<(what: 'selection' | 'detail') => void> = [];
  const changed = (what: 'selection' | 'detail') => {
    for (const listener of listeners) listener(what);
  };

  const site = el('select', { name: 'site' });
  const siteHint = el('div', { className: 'hint gray', 'data-test': 'site-url' });
  const report = el('select', { name: 'report' });
  const reportHint = el('div', { className: 'hint gray', 'data-test': 'report-description' });
  const preset = el('select', { name: 'preset' });
  const startInput = el('input', { type: 'date', name: 'start' });
  const endInput = el('input', { type: 'date', name: 'end' });
  const custom = el('div', { className: 'custom-dates', hidden: true }, field('From', startInput), field('To', endInput));
  const presetRange = el('div', { className: 'hint', 'data-test': 'preset-range' });
  const availability = el('div', { className: 'hint gray', 'data-test': 'availability' });
  const datesBox = el(
    'fieldset',
    { className: 'dates' },
    el('legend', { text: 'Dates' }),
    field('Range', preset, presetRange),
    custom,
    availability,
  );
  const limit = el('input', { type: 'number', min: '1', max: String(MAX_LIMIT), step: '1', name: 'limit', placeholder: 'All rows' });
  const limitBox = field('Row limit', limit, 'Optional: the first rows by the report\u2019s default order.');
  const totals = checkbox('totals', 'Totals row', 'Sums, with RPM and other ratios recomputed from the sums; per site and overall.');
  const compareTo = select('compareTo', [
    ['', 'Nothing'],
    ['previousPeriod', 'Previous period'],
    ['previousYear', 'Same dates last year'],
    ['previousYearWeekday', 'Last year, weekdays aligned (364 days)'],
  ]);
  const shapeBox = el(
    'fieldset',
    { className: 'dates' },
    el('legend', { text: 'Totals and comparison' }),
    totals.box,
    field('Compare with', compareTo, 'Adds the earlier period\u2019s value, the change and the change % beside each metric.'),
  );
  const columnList = el('div', { className: 'column-list', 'data-test': 'columns' });
  const columnsNote = el('div', { className: 'hint', hidden: true, 'data-test': 'columns-note' });
  const columnsBox = el(
    'fieldset',
    { className: 'dates' },
    el('legend', { text: 'Columns' }),
    columnList,
    el('div', { className: 'hint gray', text: 'Untick the columns you do not need. With several sites the Site columns stay.' }),
    columnsNote,
  );
  const sheet = el('input', { type: 'text', name: 'sheetName', maxlength: '100' });

  const chosenReport = (): CatalogEntryView | undefined => catalog.find((r) => r.key === report.value);
  const chosenSites = (): string | string[] => {
    const option = site.selectedOptions[0];
    return site.value === SITE_LIST && option?.dataset.sites ? (JSON.parse(option.dataset.sites) as string[]) : site.value;
  };
  const sheetNameFor = (entry: CatalogEntryView | undefined): string => (entry ? defaultSheetName(entry, chosenSites()) : '');
  const refreshSheetName = (): void => {
    const next = sheetNameFor(chosenReport());
    if (!sheetEdited) sheet.value = next;
    sheet.placeholder = next;
  };
  const showSiteHint = (): void => {
    const chosen = sites.find((s) => s.id === site.value);
    siteHint.textContent = chosen
      ? `${chosen.url || 'No URL'}${chosen.active ? '' : ` \u00b7 ${chosen.status || 'inactive'}`}`
      : site.value === ALL
        ? `${sites.filter((s) => s.active).length} active sites, stacked with a Site column`
        : site.value === SITE_LIST
          ? 'The sites this report was saved with, stacked with a Site column'
          : '';
  };
  const showCustom = (): void => {
    custom.hidden = preset.value !== CUSTOM;
    const chosen = dates?.presets.find((p) => p.key === preset.value);
    presetRange.textContent = chosen ? `${chosen.startDate} to ${chosen.endDate}` : '';
  };

  /** The saved dates, when they are neither one of these presets nor two calendar days. */
  const savedDatesApart = (options: DateOptionsView | null): boolean => {
    if (!initial?.start) return false;
    if (!initial.end) return !(options?.presets ?? []).some((p) => p.key === initial.start);
    return !(isYmd(initial.start) && isYmd(initial.end));
  };

  const fillDates = (options: DateOptionsView | null, message = ''): void => {
    const first = dates === null && preset.options.length === 0;
    dates = options;
    const previous = picked ?? preset.value;
    clear(preset);
    for (const p of options?.presets ?? []) {
      preset.appendChild(el('option', { value: p.key, text: p.label, title: `${p.startDate} to ${p.endDate}` }));
    }
    if (savedDatesApart(options))
      preset.appendChild(el('option', { value: AS_SAVED, text: `${datesInWords(initial?.start, initial?.end)} (as saved)` }));
    preset.appendChild(el('option', { value: CUSTOM, text: 'Custom dates\u2026' }));
    const keys = Array.from(preset.options).map((o) => o.value);
    if (first && initial?.start) {
      preset.value = savedDatesApart(options) ? AS_SAVED : initial.end ? CUSTOM : initial.start;
      if (initial.end && isYmd(initial.start)) {
        startInput.value = initial.start;
        endInput.value = initial.end;
      }
    } else {
      preset.value = keys.includes(previous) ? previous : keys.includes('lastThirtyDays') ? 'lastThirtyDays' : (keys[0] ?? CUSTOM);
      // A range this site lacks (an inactive site has no presets) is kept for the next site that has it.
      if (!keys.includes(previous) && previous && previous !== CUSTOM) picked = previous;
    }
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

  const loadDates = (): void => {
    const entry = chosenReport();
    datesBox.hidden = !entry?.dateFamily;
    if (!entry?.dateFamily || !site.value) return;
    // "All sites" shares the dashboard presets; the first active site's bounds stand for them.
    const chosen = chosenSites();
    const siteId = site.value === ALL ? sites.find((s) => s.active)?.id : Array.isArray(chosen) ? chosen[0] : chosen;
    if (!siteId) return;
    const ticket = ++datesRequest;
    availability.className = 'hint gray';
    availability.textContent = 'Loading the dates with data\u2026';
    rpc('getDateOptions', { siteId, report: entry.key })
      .then((options) => {
        if (ticket === datesRequest) fillDates(options);
      })
      .catch((error: Error) => {
        if (ticket === datesRequest) fillDates(null, error.message);
      });
  };

  const columnBoxes = (): HTMLInputElement[] => Array.from(columnList.querySelectorAll('input[type=checkbox]'));
  /** One checkbox per column of the chosen report; the saved choice while it is the saved report. */
  const fillColumns = (entry: CatalogEntryView | undefined): void => {
    const before = columnsOf;
    const hadChoice = before !== null && columnBoxes().some((b) => !b.checked);
    columnsOf = entry?.key ?? null;
    clear(columnList);
    const saved = entry && initial && entry.key === initial.report ? initial.options?.columns : undefined;
    for (const column of entry?.columns ?? []) {
      const box = checkbox('column', column.header);
      box.input.value = column.field;
      box.input.checked = !saved || saved.includes(column.field);
      box.input.addEventListener('change', () => changed('detail'));
      columnList.appendChild(box.box);
    }
    // Columns belong to one report: a choice made for another one is dropped, and the user is told.
    const from = catalog.find((r) => r.key === before)?.label;
    const dropped = before !== null && entry && before !== entry.key && hadChoice;
    columnsNote.textContent = dropped
      ? `Every column of ${entry.label} is shown: the columns you chose belonged to ${from ?? 'the other report'}.`
      : '';
    columnsNote.hidden = !dropped;
  };

  function reportChanged(): void {
    const entry = chosenReport();
    reportHint.textContent = entry?.description ?? '';
    limitBox.hidden = !entry?.paginated;
    shapeBox.hidden = !entry?.dateFamily;
    site.disabled = entry?.key === 'sites';
    if (entry?.key !== columnsOf) fillColumns(entry);
    refreshSheetName();
    loadDates();
  }

  const fillSites = (list: SiteView[]): void => {
    const previous = site.value || (initial ? (Array.isArray(initial.siteId) ? SITE_LIST : initial.siteId) : '');
    sites = list;
    clear(site);
    const active = list.filter((s) => s.active);
    if (active.length > 1 || initial?.siteId === ALL) site.appendChild(el('option', { value: ALL, text: 'All active sites' }));
    if (Array.isArray(initial?.siteId)) {
      site.appendChild(
        el('option', { value: SITE_LIST, text: `${initial.siteId.join(', ')} (as saved)`, 'data-sites': JSON.stringify(initial.siteId) }),
      );
    }
    for (const s of list) {
      const label = `${s.name || s.id}${s.active ? '' : ' (inactive)'}`;
      site.appendChild(el('option', { value: s.id, text: label, title: s.url }));
    }
    // A saved site the credential no longer lists stays chosen: the server says what is wrong with it.
    if (initial && typeof initial.siteId === 'string' && initial.siteId !== ALL && !list.some((s) => s.id === initial.siteId)) {
      site.appendChild(el('option', { value: initial.siteId, text: `${initial.siteId} (not in your site list)` }));
    }
    const keep = Array.from(site.options).some((o) => o.value === previous);
    site.value = keep ? previous : ((active[0] ?? list[0])?.id ?? '');
    showSiteHint();
    refreshSheetName();
  };

  const fillCatalog = (entries: CatalogEntryView[]): void => {
    catalog = entries;
    const previous = report.value || initial?.report;
    clear(report);
    for (const { group, label } of GROUPS) {
      const members = entries.filter((e) => e.group === group);
      if (!members.length) continue;
      const optgroup = el('optgroup', { label });
      for (const e of members) optgroup.appendChild(el('option', { value: e.key, text: e.label }));
      report.appendChild(optgroup);
    }
    report.value =
      entries.find((e) => e.key === previous)?.key ?? entries.find((e) => e.key === 'pages/performance')?.key ?? entries[0]?.key ?? '';
    reportChanged();
  };

  const build = (): RunReportRequest | string => {
    const entry = chosenReport();
    if (!entry) return 'Choose a report.';
    if (entry.key !== 'sites' && !site.value) return 'Choose a site.';
    const request: RunReportRequest = { report: entry.key, siteId: chosenSites() };
    if (entry.dateFamily) {
      if (preset.value === CUSTOM) {
        const problem = checkCustomDates(startInput.value, endInput.value, dates);
        if (problem) return problem;
        request.start = startInput.value;
        request.end = endInput.value;
      } else if (preset.value === AS_SAVED) {
        request.start = initial?.start;
        request.end = initial?.end;
      } else if (preset.value) {
        request.start = preset.value;
      } else {
        return 'Choose a date range.';
      }
    }
    if (entry.paginated && limit.value.trim()) {
      // The pull's own reader: the page refuses exactly what the server would.
      try {
        request.options = { limit: readLimit(limit.value) };
      } catch (error) {
        return userMessage(error);
      }
    }
    if (entry.dateFamily && (totals.input.checked || compareTo.value)) {
      request.options = { ...request.options };
      if (totals.input.checked) request.options.totals = true;
      if (compareTo.value) request.options.compareTo = compareTo.value as NonNullable<RunReportRequest['options']>['compareTo'];
    }
    const boxes = columnBoxes();
    const kept = boxes.filter((b) => b.checked).map((b) => b.value);
    if (boxes.length && kept.length === 0) return 'Tick at least one column.';
    if (kept.length < boxes.length) request.options = { ...request.options, columns: kept };
    const name = sheet.value.trim();
    if (name.length > 100) return 'Sheet names have at most 100 characters.';
    request.sheetName = name || sheetNameFor(entry);
    return request;
  };

  // A sheet name typed for one report and site is not meant for the next one: in the builder a new
  // choice proposes its own sheet again (so report B does not land on report A's sheet unasked).
  const selectionChanged = (): void => {
    if (!initial) sheetEdited = false;
    changed('selection');
  };
  site.addEventListener('change', () => {
    selectionChanged();
    showSiteHint();
    refreshSheetName();
    loadDates();
  });
  report.addEventListener('change', () => {
    selectionChanged();
    reportChanged();
  });
  preset.addEventListener('change', () => {
    picked = preset.value;
    showCustom();
    changed('detail');
  });
  for (const input of [startInput, endInput, limit, totals.input, compareTo]) input.addEventListener('change', () => changed('detail'));
  sheet.addEventListener('input', () => {
    sheetEdited = sheet.value.trim() !== '';
    changed('detail');
  });

  if (initial) {
    limit.value = initial.options?.limit === undefined ? '' : String(initial.options.limit);
    totals.input.checked = initial.options?.totals === true;
    compareTo.value = initial.options?.compareTo ?? '';
    sheet.value = initial.sheetName;
  }

  return {
    nodes: [
      field('Site', site, siteHint),
      field('Report', report, reportHint),
      datesBox,
      limitBox,
      shapeBox,
      columnsBox,
      field('Sheet', sheet, sheetHint),
    ],
    fillSites,
    fillCatalog,
    loadDates,
    chosenReport,
    chosenSites,
    build,
    onChange: (listener) => listeners.push(listener),
  };
}
