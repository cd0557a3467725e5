import { presetMaxDays } from '../dates/presets';
import type { ReportOptions } from '../shared/types';
import type { StoredDefinition } from './report-store';

/**
 * The saved reports a dashboard is made of, and where each goes on its data sheet. The parts are
 * stacked downwards, each starting below the most rows the one above can take: a block's row count
 * is bounded (by the period's days, or by its limit), while its width is not (the API may add
 * fields at any time, and each one is a column, three in a comparison). Kept here, under the
 * dashboard, because a refresh moves the parts of a dashboard made with the older layout.
 */
export interface DashboardPart {
  key: string;
  label: string;
  report: string;
  options?: ReportOptions;
  /** Where an earlier version put the part, side by side on row 1 (see relayoutDashboardPart). */
  oldStartCell: string;
}

export const PARTS: readonly DashboardPart[] = [
  { key: 'daily', label: 'Daily earnings', report: 'earnings', options: { compareTo: 'previousPeriod', totals: true }, oldStartCell: 'A1' },
  { key: 'devices', label: 'RPM by device', report: 'devices/performance', options: { limit: 10, sort: '-earnings' }, oldStartCell: 'AH1' },
  {
    key: 'sources',
    label: 'Earnings by traffic source',
    report: 'traffic-sources/performance',
    options: { limit: 20, sort: '-earnings' },
    oldStartCell: 'AR1',
  },
  {
    key: 'pages',
    label: 'Top 10 pages by earnings',
    report: 'pages/performance',
    options: { limit: 10, sort: '-earnings' },
    oldStartCell: 'BB1',
  },
];

/** Rows a block may end with besides its data (Total rows), and blank rows between two parts. */
const TOTAL_ROWS = 3;
const GAP_ROWS = 2;

/** The most rows a part's block can take over `period` (a preset): header, data, totals. */
export function partRows(part: DashboardPart, period: string): number {
  const data = part.options?.limit ?? presetMaxDays(period) ?? 366;
  return 1 + data + TOTAL_ROWS;
}

/** Each part's start cell for a dashboard over `period`, stacked down column A. */
export function partStartCells(period: string): Map<string, string> {
  const cells = new Map<string, string>();
  let row = 1;
  for (const part of PARTS) {
    cells.set(part.key, `A${row}`);
    row += partRows(part, period) + GAP_ROWS;
  }
  return cells;
}

/** The report's name for a part of the dashboard of `siteId`: how a refresh knows one. */
export function partName(siteId: string, part: DashboardPart): string {
  return `Dashboard ${siteId}: ${part.label}`;
}

/**
 * A saved report that is a dashboard part still in the side-by-side layout of earlier versions:
 * its part, and where it goes now. Recognised by what createDashboard saved (name, report, start
 * cell, a preset period); a part the user renamed or moved is theirs to place.
 */
export function partToMove(def: StoredDefinition): { part: DashboardPart; startCell: string } | null {
  if (typeof def.siteId !== 'string') return null;
  const siteId = def.siteId;
  const part = PARTS.find((p) => p.report === def.report && def.name === partName(siteId, p));
  if (!part || def.startCell !== part.oldStartCell || typeof def.start !== 'string' || def.end) return null;
  if (presetMaxDays(def.start) === null) return null;
  const startCell = partStartCells(def.start).get(part.key)!;
  return startCell === def.startCell ? null : { part, startCell };
}
