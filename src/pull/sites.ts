import type { Execution } from '../platform/execution';
import { createClient } from '../api/client';
import { loadCredential } from '../settings/credential';
import { CreatorError } from '../shared/errors';
import { isActiveSite } from '../api/site-status';
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

/** Each site's name by ID, for the Site name column beside the ID (one cached request). */
export function siteNames(client: { listSites(): ReadonlyArray<{ id: string; name?: unknown }> }): Map<string, string> {
  const names = new Map<string, string>();
  for (const site of client.listSites()) names.set(String(site.id), typeof site.name === 'string' ? site.name : '');
  return names;
}

/**
 * Site names this execution or the cache already knows, for labels (the status sheet): never a
 * request, and no names at all without a credential, so a label falls back to the ID.
 */
export function knownSiteNames(execution: Execution): (id: string) => string | undefined {
  try {
    const client = createClient(execution, loadCredential(execution, 'user'));
    const names = siteNames({ listSites: () => client.knownSites() ?? [] });
    return (id) => names.get(id) || undefined;
  } catch (_) {
    return () => undefined;
  }
}
