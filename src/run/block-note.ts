import type { Platform } from '../platform/types';

export interface BlockNoteFacts {
  reportLabel: string;
  sites: string[];
  startDate: string | null;
  endDate: string | null;
  dataThrough: string | null;
  rows: number;
  /** Of `rows`, how many are totals. */
  totalRows?: number;
  /** The period a comparison looks back to. */
  comparison?: { label: string; startDate: string; endDate: string } | null;
  truncated: boolean;
  /** What differs from what was asked (see PullResult.notices). */
  notices?: string[];
  /** A rolling window (7daysAgo..yesterday) was moved back to end on the last day with data. */
  clamped?: boolean;
  /** Epoch ms of the refresh. */
  refreshedAt: number;
  /** Written in demo mode: the note says so. */
  demo?: boolean;
}

/** The line every block written in demo mode carries. */
export const DEMO_NOTE_LINE = 'Demo data: built-in sample data from the add-on\u2019s demo mode, not your numbers.';

/**
 * The header cell's note: what the block is and how fresh, readable by anyone who opens the sheet
 * later (users asked for a visible "last refreshed"). Never holds a credential.
 */
export function blockNote(platform: Platform, facts: BlockNoteFacts): string {
  const zone = platform.timeZone();
  const refreshed = platform.formatDate(new Date(facts.refreshedAt), zone, 'yyyy-MM-dd HH:mm');
  const lines = [`Creator Reporting: ${facts.reportLabel}`];
  if (facts.demo) lines.push(DEMO_NOTE_LINE);
  if (facts.sites.length) lines.push(`${facts.sites.length === 1 ? 'Site' : 'Sites'}: ${facts.sites.join(', ')}`);
  if (facts.startDate && facts.endDate) {
    lines.push(
      `Dates: ${facts.startDate} to ${facts.endDate}${facts.clamped ? ' (the rolling window ends on the last day with data)' : ''}`,
    );
  }
  if (facts.comparison) {
    lines.push(`Compared with: ${facts.comparison.startDate} to ${facts.comparison.endDate} (${facts.comparison.label})`);
  }
  if (facts.dataThrough) lines.push(`Data through: ${facts.dataThrough} (the last few days may still be revised)`);
  const totals = facts.totalRows ? ` (${facts.totalRows} of them total${facts.totalRows === 1 ? '' : 's'})` : '';
  lines.push(`Rows: ${facts.rows}${totals}${facts.truncated ? ' (limited: the report has more)' : ''}`);
  for (const notice of facts.notices ?? []) lines.push(`Note: ${notice}`);
  lines.push(`Refreshed: ${refreshed} (${zone})`);
  return lines.join('\n');
}
