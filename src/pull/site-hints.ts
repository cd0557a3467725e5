import { isActiveSite } from '../api/site-status';
import { CreatorError, isCreatorError } from '../shared/errors';

interface ListedSite {
  id: string;
  name?: unknown;
  status?: unknown;
}

/** One site's work; an error names the site (and says so when the site is unknown or inactive). */
export function forSite<T>(client: { listSites(): ReadonlyArray<ListedSite> }, siteId: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw explainSiteError(error, siteId, () => client.listSites());
  }
}

/**
 * A site's failure in words that lead to the fix: a name or a differently cased ID typed where
 * the ID goes gets "use its ID site-1"; an inactive site is called inactive rather than "no data
 * yet". Only asked after a failure, from the site list (usually cached), so a good pull costs nothing.
 */
export function explainSiteError(error: unknown, siteId: string, listSites: () => ReadonlyArray<ListedSite>): unknown {
  if (!isCreatorError(error)) return error;
  const notFound = (error.code === 'NOT_FOUND' || error.code === 'FORBIDDEN') && (error.status === 404 || error.status === 403);
  const noData = error.code === 'OUT_OF_BOUNDS' && / has no .* data yet\.$/.test(error.message);
  if (!notFound && !noData) return error;
  let sites: ReadonlyArray<ListedSite>;
  try {
    sites = listSites();
  } catch (_) {
    return error;
  }
  if (notFound) return typedAsName(siteId, sites) ?? error;
  const site = sites.find((s) => String(s.id) === siteId);
  return site && !isActiveSite(site.status) ? inactive(siteId, site) : error;
}

/** A name or a differently cased ID typed where the ID goes: the message that names the ID. */
function typedAsName(siteId: string, sites: ReadonlyArray<ListedSite>): CreatorError | null {
  const wanted = siteId.trim().toLowerCase();
  const match =
    sites.find((s) => String(s.id).toLowerCase() === wanted) ??
    sites.find((s) => typeof s.name === 'string' && s.name.trim().toLowerCase() === wanted);
  if (!match) return null;
  if (String(match.id).toLowerCase() !== wanted)
    return new CreatorError('BAD_INPUT', `"${siteId}" is a site name: use its ID, ${match.id}.`);
  const name = typeof match.name === 'string' && match.name ? ` (${match.name})` : '';
  return new CreatorError('BAD_INPUT', `Site IDs are case-sensitive: use ${match.id}${name}, not ${siteId}.`);
}

function inactive(siteId: string, site: ListedSite): CreatorError {
  const status = typeof site.status === 'string' && site.status.trim() ? site.status.trim() : 'inactive';
  return new CreatorError(
    'OUT_OF_BOUNDS',
    `Site ${siteId} is ${status.toLowerCase()}, so it has no data to report. Choose an active site, or "all" for every active one.`,
  );
}

/**
 * For what is made once and then runs unattended (a dashboard, an alert): the site must be an
 * active one the credential sees, checked when it is made rather than failing at every run.
 */
export function checkActiveSite(siteId: string, sites: ReadonlyArray<ListedSite>): void {
  const site = sites.find((s) => String(s.id) === siteId);
  if (site && isActiveSite(site.status)) return;
  if (site) throw inactive(siteId, site);
  const hint = typedAsName(siteId, sites);
  if (hint) throw hint;
  const some = sites
    .filter((s) => isActiveSite(s.status))
    .slice(0, 3)
    .map((s) => String(s.id));
  throw new CreatorError(
    'BAD_INPUT',
    `"${siteId}" is not a site this credential sees. Use a site ID${some.length ? ` such as ${some.join(', ')}` : ''} (the Report tab lists them).`,
  );
}
