import { type ScopeRow, scopeUrl } from '../../src/platform/scopes';
import { replaceBetween } from './doc-tables';

const cell = (s: string): string => s.replace(/\|/g, '\\|');

/** The scope list to paste into the consent screen's Data access page and the Marketplace SDK. */
function pasteList(rows: readonly ScopeRow[]): string {
  return ['```', ...rows.filter((r) => r.status === 'requested').map(scopeUrl), '```'].join('\n');
}

function justifications(rows: readonly ScopeRow[]): string {
  return rows
    .filter((r) => r.status === 'requested')
    .map((r) => [`#### \`${scopeUrl(r)}\` (${r.sensitivity})`, '', r.justification, '', `Without it: ${r.withoutIt}`].join('\n'))
    .join('\n\n');
}

function pending(rows: readonly ScopeRow[]): string {
  const open = rows.filter((r) => r.status !== 'requested');
  if (open.length === 0) return 'None: every scope is decided.';
  return [
    '| scope | status | would be for | who decides |',
    '| --- | --- | --- | --- |',
    ...open.map((r) => `| \`${scopeUrl(r)}\` | ${r.status} | ${cell(r.justification)} | ${cell(r.pending ?? '')} |`),
  ].join('\n');
}

/** docs/publishing.md with its generated scope sections brought up to date with the table. */
export function renderPublishing(current: string, rows: readonly ScopeRow[]): string {
  let out = replaceBetween(current, 'scopes', pasteList(rows));
  out = replaceBetween(out, 'justifications', justifications(rows));
  return replaceBetween(out, 'pending-scopes', pending(rows));
}
