import * as fs from 'node:fs';
import { requestedScopes, SCOPES, scopeUrl } from '../../src/platform/scopes';
import { BuildError } from './errors';

/** The build setting that adds URL prefixes to the manifest's urlFetchWhitelist (comma-separated). */
export const ALLOWED_URLS_SETTING = 'CREATOR_ALLOWED_URLS';

export interface Manifest {
  /** dist/appsscript.json's text. */
  text: string;
  /** Its urlFetchWhitelist, which the bundle also receives (settings refuse other hosts). */
  allowlist: string[];
}

/**
 * Google's rule for a urlFetchWhitelist entry: an https prefix with at least the host and a slash
 * after it. A looser entry would be rejected at deploy time, far from the setting that caused it.
 */
function checkPrefix(prefix: string, where: string): string {
  if (!/^https:\/\/[a-z0-9.-]+(:\d{1,5})?\/\S*$/i.test(prefix)) {
    throw new BuildError(`${where}: "${prefix}" is not an allowed URL prefix: use https://host/ (with the slash after the host).`);
  }
  return prefix;
}

/** An advanced service the manifest enables is one the add-on calls: its scope must be requested. */
function checkAdvancedServices(manifest: Record<string, unknown>, file: string): void {
  const deps = manifest.dependencies as { enabledAdvancedServices?: Array<{ userSymbol?: string }> } | undefined;
  for (const service of deps?.enabledAdvancedServices ?? []) {
    const symbol = String(service.userSymbol);
    const row = SCOPES.find((r) => r.services.includes(symbol));
    if (row?.status !== 'requested') {
      throw new BuildError(
        `${file} enables the ${symbol} advanced service, but src/platform/scopes.ts requests no scope for it${row ? ` (${scopeUrl(row)} is ${row.status}): make its row requested` : ': add a requested row for its scope'}, with a justification.`,
      );
    }
  }
}

/** The extra prefixes from the environment, checked. */
export function extraAllowedUrls(env: NodeJS.ProcessEnv = process.env): string[] {
  const raw = env[ALLOWED_URLS_SETTING] ?? '';
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((p) => checkPrefix(p, ALLOWED_URLS_SETTING));
}

/**
 * Reads appsscript.json, checks the few fields without which the add-on misbehaves, and adds the
 * extra allowed URL prefixes to urlFetchWhitelist.
 */
export function readManifest(file: string, extraUrls: string[] = []): Manifest {
  let manifest: Record<string, unknown>;
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch (err) {
    throw new BuildError(`${file}: ${(err as Error).message}`);
  }
  if (manifest.runtimeVersion !== 'V8') throw new BuildError(`${file}: runtimeVersion must be "V8".`);
  // Without explicit scopes Apps Script guesses them from the source and may ask for too much; they
  // come from the one table, so the consent screen, the Marketplace SDK and the docs cannot drift.
  if (manifest.oauthScopes !== undefined) {
    throw new BuildError(`${file}: remove oauthScopes; scopes are listed (with a justification each) in src/platform/scopes.ts.`);
  }
  manifest.oauthScopes = requestedScopes();
  checkAdvancedServices(manifest, file);
  const listed = manifest.urlFetchWhitelist;
  if (!Array.isArray(listed) || listed.length === 0) throw new BuildError(`${file}: urlFetchWhitelist must list the API's URL prefix.`);
  const allowlist = [...new Set([...listed.map((p) => checkPrefix(String(p), file)), ...extraUrls])];
  manifest.urlFetchWhitelist = allowlist;
  return { text: `${JSON.stringify(manifest, null, 2)}\n`, allowlist };
}
