/**
 * A site's date bounds as the client parses them (api/bounds.ts) and the date rules read them
 * (dates/): one family of types for both, so neither restates the other's shape.
 */

export interface DateRange {
  /** `YYYY-MM-DD`, or null when the family has no data yet. */
  startDate: string | null;
  endDate: string | null;
}

export interface FamilyBounds {
  /** Every day with data. */
  range: DateRange;
  /** The dashboard's named ranges (`lastThirtyDays`, `monthToDate`, ...), as the API sent them. */
  presets: Record<string, DateRange>;
}

/** Analytics bound traffic reports, earnings bound the rest; they differ (earnings lag). */
export interface DateBounds {
  analytics: FamilyBounds;
  earnings: FamilyBounds;
}
