import type { ReportOptions } from '../shared/types';

/**
 * What a dashboard is made of: four saved reports on its data sheet, side by side (each block
 * grows downwards only), and what the dashboard sheet shows of them. Headers are the blocks'
 * own column headers (the catalog's, and "X change %" from a comparison).
 */
export interface DashboardPart {
  key: string;
  label: string;
  report: string;
  /** Where the block starts on the data sheet: far enough apart for the widest block. */
  startCell: string;
  options?: ReportOptions;
}

export const PARTS: readonly DashboardPart[] = [
  { key: 'daily', label: 'Daily earnings', report: 'earnings', startCell: 'A1', options: { compareTo: 'previousPeriod', totals: true } },
  { key: 'devices', label: 'RPM by device', report: 'devices/performance', startCell: 'AH1' },
  { key: 'sources', label: 'Earnings by traffic source', report: 'traffic-sources/performance', startCell: 'AR1' },
  {
    key: 'pages',
    label: 'Top 10 pages by earnings',
    report: 'pages/performance',
    startCell: 'BB1',
    options: { limit: 10, sort: '-earnings' },
  },
];

export interface TileSpec {
  label: string;
  header: string;
  format: string;
}

/** The KPI tiles: the daily block's Total row, and its change against the previous period. */
export const TILES: readonly TileSpec[] = [
  { label: 'Earnings', header: 'Earnings', format: '$#,##0.00' },
  { label: 'RPM', header: 'RPM', format: '$#,##0.00' },
  { label: 'Pageviews', header: 'Pageviews', format: '#,##0' },
  { label: 'Sessions', header: 'Sessions', format: '#,##0' },
];
export const TILE_ROW = 4;
export const CHANGE_FORMAT = '+0.0%;-0.0%;0.0%';

export interface ChartSpec {
  part: string;
  type: 'LINE' | 'COLUMN' | 'PIE' | 'TABLE';
  title: string;
  headers: string[];
  row: number;
  col: number;
}

export const CHARTS: readonly ChartSpec[] = [
  { part: 'daily', type: 'LINE', title: 'Daily earnings and RPM', headers: ['Date', 'Earnings', 'RPM'], row: 9, col: 1 },
  { part: 'devices', type: 'COLUMN', title: 'RPM by device', headers: ['Device', 'RPM'], row: 9, col: 6 },
  { part: 'sources', type: 'PIE', title: 'Earnings by traffic source', headers: ['Traffic source', 'Earnings'], row: 27, col: 1 },
  {
    part: 'pages',
    type: 'TABLE',
    title: 'Top 10 pages by earnings',
    headers: ['Page URL', 'Earnings', 'Pageviews', 'RPM'],
    row: 27,
    col: 6,
  },
];
export const CHART_SIZE = { width: 560, height: 320 };
