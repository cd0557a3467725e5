import type { Row } from './report-rows';

/** Oddities of the live service a client must survive; all off by default. */
export interface Quirks {
  /** Every number in a response body as a string, meta included. */
  numbersAsStrings: boolean;
  /** Omit `rpm` (instead of null) on zero-traffic rows. */
  missingRpm: boolean;
  /** No `next` key at all on the last page. */
  missingNextOnLastPage: boolean;
  /** Errors as JSON:API `{"errors":[{status, code, title}]}`. */
  errorsArray: boolean;
  /** Rows carry an unknown field `newMetric`. */
  extraField: boolean;
  /** `earnings` arrives as `revenue`. */
  renamedField: boolean;
  /** `pageviews` arrives as `{value, score}`. */
  objectForNumber: boolean;
}

export const NO_QUIRKS: Quirks = {
  numbersAsStrings: false,
  missingRpm: false,
  missingNextOnLastPage: false,
  errorsArray: false,
  extraField: false,
  renamedField: false,
  objectForNumber: false,
};

export const QUIRK_NAMES = Object.keys(NO_QUIRKS) as Array<keyof Quirks>;

export function rowQuirks(row: Row, q: Quirks): Row {
  if (!q.missingRpm && !q.extraField && !q.renamedField && !q.objectForNumber) return row;
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (key === 'rpm' && value === null && q.missingRpm) continue;
    if (key === 'earnings' && q.renamedField) out.revenue = value;
    else if (key === 'pageviews' && q.objectForNumber && typeof value === 'number') {
      out.pageviews = { value, score: value % 101 };
    } else out[key] = value;
  }
  if (q.extraField) out.newMetric = 0.5;
  return out;
}

export function toJson(body: unknown, q: Quirks): string {
  return q.numbersAsStrings ? JSON.stringify(body, (_k, v) => (typeof v === 'number' ? String(v) : v)) : JSON.stringify(body);
}
