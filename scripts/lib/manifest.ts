import * as fs from 'node:fs';
import { BuildError } from './errors';

/** Reads appsscript.json and checks the few fields without which the add-on misbehaves. */
export function readManifest(file: string): string {
  let manifest: Record<string, unknown>;
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch (err) {
    throw new BuildError(`${file}: ${(err as Error).message}`);
  }
  if (manifest.runtimeVersion !== 'V8') throw new BuildError(`${file}: runtimeVersion must be "V8".`);
  // Without explicit scopes Apps Script guesses them from the source and may ask for too much.
  if (!Array.isArray(manifest.oauthScopes)) throw new BuildError(`${file}: oauthScopes must be listed.`);
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
