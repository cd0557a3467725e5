import type { ColumnSpec, TotalRule } from './types';

/**
 * Column building blocks shared by the catalog's entries, so a metric means the same thing (and
 * totals the same way) in every report. The API sends percents in points (10 = 10%); every
 * percent the add-on writes is a fraction (0.1), in pulls and formulas alike, so Sheets' own %
 * format, charts and arithmetic (a share times a total) work on it.
 */
export const FORMAT = {
  integer: '#,##0',
  number: '#,##0.00',
  currency: '$#,##0.00',
  percent: '0.00%',
  ratio: '0.00',
  date: 'yyyy-mm-dd',
} as const;

const SUM: TotalRule = { kind: 'sum' };
const NONE: TotalRule = { kind: 'none' };

export const text = (field: string, header: string): ColumnSpec => ({ field, header, type: 'text', total: NONE });
export const url = (field: string, header: string): ColumnSpec => ({ field, header, type: 'url', total: NONE });
export const date = (field: string, header: string): ColumnSpec => ({
  field,
  header,
  type: 'date',
  format: FORMAT.date,
  total: NONE,
});
export const bool = (field: string, header: string): ColumnSpec => ({ field, header, type: 'boolean', total: NONE });
export const count = (field: string, header: string): ColumnSpec => ({
  field,
  header,
  type: 'integer',
  format: FORMAT.integer,
  total: SUM,
});

export const earnings: ColumnSpec = {
  field: 'earnings',
  aliases: ['revenue'],
  header: 'Earnings',
  type: 'currency',
  format: FORMAT.currency,
  total: SUM,
};

/** The same column under other names the API may use (see ColumnSpec.aliases). */
export const aka = (column: ColumnSpec, ...aliases: string[]): ColumnSpec => ({
  ...column,
  aliases: [...(column.aliases ?? []), ...aliases],
});

/** Rows per device: the internal dashboard API keys them `type`. */
export const device = aka(text('device', 'Device'), 'type', 'deviceType');
export const pageviews = count('pageviews', 'Pageviews');
export const sessions = count('sessions', 'Sessions');
export const impressions = count('impressions', 'Impressions');

const perThousand = (field: string, header: string, denominator: string, scored = false): ColumnSpec => ({
  field,
  header,
  type: 'currency',
  format: FORMAT.currency,
  scored: scored || undefined,
  total: { kind: 'ratio', numerator: 'earnings', denominator, scale: 1000 },
});

/** Session RPM, the network's headline figure. */
export const rpm = perThousand('rpm', 'RPM', 'sessions');
export const pageRpm = perThousand('pageRpm', 'Page RPM', 'pageviews');
export const cpm = (scored = false) => perThousand('cpm', 'CPM', 'impressions', scored);
export const ecpm = perThousand('ecpm', 'eCPM', 'impressions');
export const rps: ColumnSpec = {
  field: 'rps',
  header: 'RPS',
  type: 'currency',
  format: '$#,##0.0000',
  total: { kind: 'ratio', numerator: 'earnings', denominator: 'sessions', scale: 1 },
};
export const pagesPerSession = (field = 'pagesPerSession', header = 'Pages / session'): ColumnSpec => ({
  field,
  header,
  type: 'ratio',
  format: FORMAT.ratio,
  total: { kind: 'ratio', numerator: 'pageviews', denominator: 'sessions', scale: 1 },
});
export const bounceRate: ColumnSpec = {
  field: 'bounceRate',
  header: 'Bounce rate',
  type: 'percent',
  format: FORMAT.percent,
  total: { kind: 'weighted', weight: 'sessions' },
};
export const viewability = (scored = false): ColumnSpec => ({
  field: 'viewability',
  header: 'Viewability',
  type: 'percent',
  format: FORMAT.percent,
  scored: scored || undefined,
  total: { kind: 'weighted', weight: 'impressions' },
});
export const impressionsPerPageview = (scored = false): ColumnSpec => ({
  field: 'impressionsPerPageview',
  header: 'Impressions / pageview',
  type: 'ratio',
  format: FORMAT.ratio,
  scored: scored || undefined,
  total: { kind: 'ratio', numerator: 'impressions', denominator: 'pageviews', scale: 1 },
});

/** The traffic reports' common metrics. */
export const trafficMetrics: ColumnSpec[] = [pageviews, sessions, pagesPerSession(), bounceRate];
/** The performance reports' common metrics. */
export const performanceMetrics: ColumnSpec[] = [earnings, pageviews, sessions, rpm, rps];
