import { isPlainObject } from './cells';

const FAMILY_ORDER = ['analyticsDateBounds', 'earningsDateBounds'];

/**
 * The date-bounds object as rows: one per family and named range (`range` first, then the
 * dashboard's presets in the API's order). Families the add-on does not know still appear.
 */
export function dateBoundsRows(data: Record<string, unknown>): Record<string, unknown>[] {
  const families = Object.keys(data).filter((key) => isPlainObject(data[key]));
  families.sort((a, b) => rank(a) - rank(b));
  const rows: Record<string, unknown>[] = [];
  for (const key of families) {
    const family = key.replace(/DateBounds$/, '');
    const ranges = data[key] as Record<string, unknown>;
    // A preset with no days may come as null: it still gets its row, with empty dates.
    const names = Object.keys(ranges).filter((name) => isPlainObject(ranges[name]) || ranges[name] === null);
    names.sort((a, b) => (a === 'range' ? -1 : b === 'range' ? 1 : 0));
    for (const name of names) {
      const range = (ranges[name] ?? {}) as { startDate?: unknown; endDate?: unknown };
      rows.push({ family, range: name, startDate: range.startDate ?? null, endDate: range.endDate ?? null });
    }
  }
  return rows;
}

function rank(key: string): number {
  const index = FAMILY_ORDER.indexOf(key);
  return index === -1 ? FAMILY_ORDER.length : index;
}
