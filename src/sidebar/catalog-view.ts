import { REPORTS } from '../catalog/reports';
import type { CatalogEntryView } from '../shared/types';

/** The report picker's entries, in catalog order (the page groups them). */
export function catalogView(): CatalogEntryView[] {
  return REPORTS.map((r) => ({
    key: r.key,
    label: r.label,
    description: r.description,
    group: r.group,
    dateFamily: r.dateFamily,
    paginated: r.paginated,
    formula: r.formula,
    columns: r.columns.map((c) => ({ field: c.field, header: c.header })),
  }));
}
