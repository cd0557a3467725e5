/**
 * What the dashboard sheet shows of its parts (the saved reports on its data sheet, laid out in
 * reports/dashboard-parts.ts). Headers are the blocks' own column headers (the catalog's, and
 * "X change %" from a comparison).
 */
export { PARTS, partName, partStartCells, type DashboardPart } from '../reports/dashboard-parts';

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
