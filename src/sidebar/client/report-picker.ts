import type { CatalogEntryView, ReportDefinition, RunReportRequest, SiteView } from '../../shared/types';
import { defaultSheetName } from '../../shared/default-names';
import { clear, el, field } from './dom';
import { type ColumnsPicker, createColumnsPicker } from './picker-columns';
import { createDatesPicker, type DatesPicker } from './picker-dates';
import { createShapePicker, type ShapePicker } from './picker-shape';
import { createSitePicker, type SitePicker } from './picker-sites';
import { createSortPicker, type SortPicker } from './picker-sort';
import type { Rpc } from './rpc';

/**
 * What a report is: its report, sites, dates, row limit, totals and comparison, columns and
 * sheet. The builder (Report tab) and the saved-report editor (Saved tab) both use these same
 * controls, so a saved report can be changed in every way it could be made, checked the same way.
 * Each part is a file of its own (picker-sites, picker-dates, picker-shape, picker-columns); this one
 * holds the report and the sheet and ties them together.
 */
const GROUPS: Array<{ group: CatalogEntryView['group']; label: string }> = [
  { group: 'traffic', label: 'Traffic' },
  { group: 'performance', label: 'Performance' },
  { group: 'account', label: 'Account' },
];

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

/** The report select, grouped as the catalog groups them. */
function fillReports(report: HTMLSelectElement, entries: CatalogEntryView[], previous: string | undefined): void {
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
}

/** The request the controls describe, or what to fix first (in the order the controls are shown). */
function buildRequest(
  entry: CatalogEntryView | undefined,
  sites: SitePicker,
  [dates, shape, sort, columns]: [DatesPicker, ShapePicker, SortPicker, ColumnsPicker],
  name: string,
  sheetNameFor: (entry: CatalogEntryView) => string,
): RunReportRequest | string {
  if (!entry) return 'Choose a report.';
  if (entry.key !== 'sites' && !sites.select.value) return 'Choose a site.';
  const request: RunReportRequest = { report: entry.key, siteId: sites.chosen() };
  const problem =
    (entry.dateFamily ? dates.readInto(request) : undefined) ??
    shape.readInto(entry, request) ??
    sort.readInto(entry, request) ??
    columns.readInto(request);
  if (problem) return problem;
  if (name.length > 100) return 'Sheet names have at most 100 characters.';
  request.sheetName = name || sheetNameFor(entry);
  return request;
}

export function createReportPicker({ rpc, initial, sheetHint }: ReportPickerOptions): ReportPicker {
  let catalog: CatalogEntryView[] = [];
  // A saved report keeps its sheet; the builder proposes one per report and site until one is typed.
  let sheetEdited = initial !== undefined;
  const listeners: Array<(what: 'selection' | 'detail') => void> = [];
  const changed = (what: 'selection' | 'detail') => {
    for (const listener of listeners) listener(what);
  };
  const detail = (): void => changed('detail');

  const sites = createSitePicker({ saved: initial?.siteId });
  const report = el('select', { name: 'report' });
  const reportHint = el('div', { className: 'hint gray', 'data-test': 'report-description' });
  const dates = createDatesPicker(rpc, initial, detail);
  const shape = createShapePicker(initial, detail);
  const sort = createSortPicker(initial, detail);
  const columns = createColumnsPicker(initial, () => catalog, detail);
  const sheet = el('input', { type: 'text', name: 'sheetName', maxlength: '100' });

  const chosenReport = (): CatalogEntryView | undefined => catalog.find((r) => r.key === report.value);
  const sheetNameFor = (entry: CatalogEntryView | undefined): string => (entry ? defaultSheetName(entry, sites.chosen()) : '');
  const refreshSheetName = (): void => {
    const next = sheetNameFor(chosenReport());
    if (!sheetEdited) sheet.value = next;
    sheet.placeholder = next;
  };
  const loadDates = (): void => {
    const entry = chosenReport();
    dates.box.hidden = !entry?.dateFamily;
    if (!entry?.dateFamily) return;
    const siteId = sites.dateSite();
    if (siteId) dates.load(siteId, entry.key);
  };
  function reportChanged(): void {
    const entry = chosenReport();
    reportHint.textContent = entry?.description ?? '';
    shape.limitBox.hidden = !entry?.paginated;
    shape.shapeBox.hidden = !entry?.dateFamily;
    sites.select.disabled = entry?.key === 'sites';
    if (entry?.key !== columns.shownFor()) {
      sort.fill(entry);
      columns.fill(entry);
    }
    refreshSheetName();
    loadDates();
  }
  const fillSites = (list: SiteView[]): void => {
    sites.fill(list);
    refreshSheetName();
  };
  const fillCatalog = (entries: CatalogEntryView[]): void => {
    catalog = entries;
    fillReports(report, entries, report.value || initial?.report);
    reportChanged();
  };
  const build = (): RunReportRequest | string =>
    buildRequest(chosenReport(), sites, [dates, shape, sort, columns], sheet.value.trim(), sheetNameFor);
  // A sheet name typed for one report and site is not meant for the next one: in the builder a new
  // choice proposes its own sheet again (so report B does not land on report A's sheet unasked).
  const selectionChanged = (): void => {
    if (!initial) sheetEdited = false;
    changed('selection');
  };
  sites.select.addEventListener('change', () => {
    selectionChanged();
    refreshSheetName();
    loadDates();
  });
  report.addEventListener('change', () => {
    selectionChanged();
    reportChanged();
  });
  sheet.addEventListener('input', () => {
    sheetEdited = sheet.value.trim() !== '';
    changed('detail');
  });
  if (initial) sheet.value = initial.sheetName;

  return {
    nodes: [
      field('Site', sites.select, sites.hint),
      field('Report', report, reportHint),
      dates.box,
      sort.box,
      shape.limitBox,
      shape.shapeBox,
      columns.box,
      field('Sheet', sheet, sheetHint),
    ],
    fillSites,
    fillCatalog,
    loadDates,
    chosenReport,
    chosenSites: sites.chosen,
    build,
    onChange: (listener) => listeners.push(listener),
  };
}
