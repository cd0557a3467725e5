import type { CatalogEntryView, ReportDefinition, RunReportRequest } from '../../shared/types';
import { findReport } from '../../catalog/reports';
import { readSort } from '../../pull/query-options';
import { userMessage } from '../../shared/errors';
import { clear, el, field, select } from './dom';

/** The catalog's order, when no column is chosen. */
const DEFAULT = '';

/**
 * The report picker's sort: a column and an order, read by the formulas' own reader (readSort), so
 * "top 10 pages by RPM" is pulled, saved and scheduled from the sidebar under the same rules.
 */
export interface SortPicker {
  box: HTMLDivElement;
  /** The chosen report's columns, in its own order until a column is chosen (the saved sort at first). */
  fill(entry: CatalogEntryView | undefined): void;
  /** Puts the sort on the request, or says what to fix. */
  readInto(entry: CatalogEntryView, request: RunReportRequest): string | undefined;
}

export function createSortPicker(initial: ReportDefinition | undefined, changed: () => void): SortPicker {
  const saved = initial?.options?.sort;
  const savedField = saved?.replace(/^-/, '');
  const column = el('select', { name: 'sortField' });
  const order = select('sortOrder', [
    ['desc', 'Highest first'],
    ['asc', 'Lowest first'],
  ]);
  order.value = saved && !saved.startsWith('-') ? 'asc' : 'desc';
  const orderBox = el('div', { className: 'sort-order' }, order);
  const box = field('Sort by', column, orderBox);
  box.setAttribute('data-test', 'sort');
  const showOrder = (): void => {
    orderBox.hidden = column.value === DEFAULT;
  };
  let first = true;

  const fill = (entry: CatalogEntryView | undefined): void => {
    // A sort belongs to one report (as the columns do): another report starts in its own order.
    const previous = first && initial && entry?.key === initial.report ? (savedField ?? DEFAULT) : DEFAULT;
    first = false;
    clear(column);
    column.appendChild(el('option', { value: DEFAULT, text: 'The report\u2019s own order' }));
    for (const c of entry?.columns ?? []) column.appendChild(el('option', { value: c.field, text: c.header }));
    // The API may sort by a field the catalog does not list (a saved formula's sort): it stays as saved.
    if (previous && !entry?.columns.some((c) => c.field === previous) && entry?.key === initial?.report) {
      column.appendChild(el('option', { value: previous, text: `${previous} (as saved)` }));
    }
    column.value = Array.from(column.options).some((o) => o.value === previous) ? previous : DEFAULT;
    showOrder();
  };
  const readInto = (entry: CatalogEntryView, request: RunReportRequest): string | undefined => {
    if (column.value === DEFAULT) return undefined;
    const spec = findReport(entry.key);
    const text = `${order.value === 'desc' ? '-' : ''}${column.value}`;
    try {
      const sort = spec ? readSort(spec, text) : text;
      if (sort) request.options = { ...request.options, sort };
    } catch (error) {
      return userMessage(error);
    }
    return undefined;
  };
  column.addEventListener('change', () => {
    showOrder();
    changed();
  });
  order.addEventListener('change', changed);
  return { box, fill, readInto };
}
