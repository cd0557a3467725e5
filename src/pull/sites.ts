import { CreatorError } from '../shared/errors';
import { isActiveSite } from '../api/types';
import type { SiteArg } from './site-arg';

/** Sites a formula may stack: each is at least one request inside a 30-second budget. */
const MAX_SITES = { formula: 50, user: 500 } as const;

interface SiteLister {
  listSites(): ReadonlyArray<{ id: string; status?: unknown }>;
}

/** "all" becomes every ACTIVE site the credential sees (inactive ones have no fresh data). */
export function expandSites(arg: SiteArg, client: SiteLister, purpose: 'user' | 'formula'): string[] {
  const max = MAX_SITES[purpose];
  let ids: string[];
  if (arg.kind === 'all') {
    ids = client
      .listSites()
      .filter((s) => isActiveSite(s.status))
      .map((s) => String(s.id));
    if (!ids.length) throw new CreatorError('BAD_INPUT', 'This credential sees no active sites, so "all" has nothing to show.');
  } else {
    ids = arg.ids;
  }
  if (ids.length > max) throw tooManySites(ids.length, max, purpose);
  return ids;
}

function tooManySites(count: number, max: number, purpose: 'user' | 'formula'): CreatorError {
  return new CreatorError(
    'BAD_INPUT',
    purpose === 'formula'
      ? `That is ${count} sites; a formula handles at most ${max}. Split the list over several formulas, or pull the report from the sidebar (Extensions > Creator Reporting > Open sidebar).`
      : `That is ${count} sites; one pull handles at most ${max}. Split the list over several reports.`,
  );
}
