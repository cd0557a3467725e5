import * as fs from 'node:fs';
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
  // Without explicit scopes Apps Script guesses them from the source and may ask for too much.
  if (!Array.isArray(manifest.oauthScopes)) throw new BuildError(`${file}: oauthScopes must be listed.`);
  const listed = manifest.urlFetchWhitelist;
  if (!Array.isArray(listed) || listed.length === 0) throw new BuildError(`${file}: urlFetchWhitelist must list the API's URL prefix.`);
  const allowlist = [...new Set([...listed.map((p) => checkPrefix(String(p), file)), ...extraUrls])];
  manifest.urlFetchWhitelist = allowlist;
  return { text: `${JSON.stringify(manifest, null, 2)}\n`, allowlist };
}
