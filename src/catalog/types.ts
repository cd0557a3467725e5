/** How a column is shown and checked. */
export type ColumnType = 'text' | 'url' | 'integer' | 'number' | 'currency' | 'percent' | 'ratio' | 'date' | 'boolean';

/**
 * How a column behaves in a total row. Ratios are recomputed from summed parts, never averaged:
 * `ratio` = sum(numerator) / sum(denominator) x scale; `weighted` = sum(value x weight) / sum(weight).
 */
export type TotalRule =
  | { kind: 'sum' }
  | { kind: 'ratio'; numerator: string; denominator: string; scale: number }
  | { kind: 'weighted'; weight: string }
  | { kind: 'none' };

export interface ColumnSpec {
  /** Field name in the API's row. */
  field: string;
  /**
   * Other names the API may send the field under (the internal dashboard API's `type` for
   * `device`). A row that lacks `field` but has an alias is read as if it had `field`.
   */
  aliases?: readonly string[];
  /** Header label in the sheet. */
  header: string;
  type: ColumnType;
  /** Sheets number format; absent for text. */
  format?: string;
  /** The API sends `{value, score}`: the score gets its own column `<header> score`. */
  scored?: boolean;
  total: TotalRule;
}

export type ReportKey =
  | 'sites'
  | 'date-bounds'
  | 'traffic/summary'
  | 'traffic/by-device'
  | 'traffic/by-source'
  | 'traffic/by-country'
  | 'traffic/pages'
  | 'earnings'
  | 'ad-units/performance'
  | 'video/earnings'
  | 'devices/performance'
  | 'pages/performance'
  | 'traffic-sources/performance'
  | 'countries/performance'
  | 'categories/performance';

/** Which of the site's date bounds limit a report. */
export type DateFamily = 'analytics' | 'earnings';

export interface ReportSpec {
  key: ReportKey;
  /** The custom function that serves it. */
  formula: string;
  /** Path after the API base URL; `{siteId}` is replaced (encoded). */
  path: string;
  label: string;
  /** One line for the sidebar's report picker. */
  description: string;
  group: 'account' | 'traffic' | 'performance';
  /** Null for reports without dates (sites, date-bounds). */
  dateFamily: DateFamily | null;
  /** Sends page[number]/page[size]/sort and follows pages. */
  paginated: boolean;
  defaultSort?: string;
  /**
   * Query parameters sent beyond dates and paging (`aggregationPeriod=daily`). Unconfirmed: an API
   * that ignores them must still give a sensible table, and one that refuses them is asked again
   * without.
   */
  params?: ReadonlyArray<readonly [name: string, value: string]>;
  /**
   * `daily`: the report promises one row per day (a `date` column). If the API sends rows without
   * a date (one summary row for the range), the pull says so instead of showing an empty Date.
   */
  series?: 'daily';
  /**
   * `rows`: `data` is an array of rows (or one object, taken as one row).
   * `date-bounds`: `data` is the bounds object, flattened to one row per family and named range.
   */
  shape: 'rows' | 'date-bounds';
  columns: ColumnSpec[];
  /**
   * The fields that tell rows apart (a comparison matches rows on them). Default: every text, URL
   * and date column; listed where some of those are attributes of a row (a page's author).
   */
  dimensions?: readonly string[];
}
