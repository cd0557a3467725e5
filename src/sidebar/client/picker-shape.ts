import type { CatalogEntryView, ReportDefinition, RunReportRequest } from '../../shared/types';
import { MAX_LIMIT, readLimit } from '../../pull/query-options';
import { userMessage } from '../../shared/errors';
import { checkbox, el, field, select } from './dom';

/** The report picker's row limit and its Totals and comparison fieldset. */
export interface ShapePicker {
  limitBox: HTMLDivElement;
  shapeBox: HTMLFieldSetElement;
  /** Puts the limit, totals and comparison on the request, or says what to fix. */
  readInto(entry: CatalogEntryView, request: RunReportRequest): string | undefined;
}

export function createShapePicker(initial: ReportDefinition | undefined, changed: () => void): ShapePicker {
  const limit = el('input', { type: 'number', min: '1', max: String(MAX_LIMIT), step: '1', name: 'limit', placeholder: 'All rows' });
  const limitBox = field('Row limit', limit, 'Optional: the first rows, in the sort order above.');
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
  const readInto = (entry: CatalogEntryView, request: RunReportRequest): string | undefined => {
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
    return undefined;
  };
  for (const input of [limit, totals.input, compareTo]) input.addEventListener('change', changed);
  if (initial) {
    limit.value = initial.options?.limit === undefined ? '' : String(initial.options.limit);
    totals.input.checked = initial.options?.totals === true;
    compareTo.value = initial.options?.compareTo ?? '';
  }
  return { limitBox, shapeBox, readInto };
}
