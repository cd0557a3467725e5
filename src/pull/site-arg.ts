import { CreatorError } from '../shared/errors';
import { capitalize, describeInput } from '../shared/user-input';

/** A siteId argument as read: every active site, or the IDs given (in order, without repeats). */
export type SiteArg = { kind: 'all' } | { kind: 'ids'; ids: string[] };

const GIVE_SITE = 'Give a site ID (e.g. "site-1", see CREATOR_SITES), a range of site IDs, or "all" for every active site.';

/**
 * Accepts one ID, a number (a sheet may hold numeric IDs), a list, or a 2D range; blanks and
 * repeats in a range are skipped, so a column with gaps or the same site twice still works.
 */
export function readSiteArg(value: unknown): SiteArg {
  const ids: string[] = [];
  const seen = new Set<string>();
  let all = false;
  const visit = (cell: unknown): void => {
    if (Array.isArray(cell)) {
      cell.forEach(visit);
      return;
    }
    if (cell === undefined || cell === null || cell === '') return;
    let id: string;
    if (typeof cell === 'string') id = cell.trim();
    else if (typeof cell === 'number' && Number.isFinite(cell)) id = String(cell);
    else throw new CreatorError('BAD_INPUT', `${capitalize(describeInput(cell))} is not a site ID. ${GIVE_SITE}`);
    if (id === '') return;
    if (id.toLowerCase() === 'all') {
      all = true;
      return;
    }
    if (!seen.has(id)) {
      seen.add(id);
      ids.push(id);
    }
  };
  visit(value);
  if (all) {
    if (ids.length) throw new CreatorError('BAD_INPUT', `Use "all" on its own, or list site IDs, not both.`);
    return { kind: 'all' };
  }
  if (!ids.length) throw new CreatorError('BAD_INPUT', GIVE_SITE);
  return { kind: 'ids', ids };
}
