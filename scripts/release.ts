/**
 * npm run release: build, push to the production script (.clasp.json), create a version, and move
 * the one production deployment (release.json) to it; prints the version number for the
 * Marketplace SDK. `-- --dry-run` prints the commands instead; `--description <text>` names the
 * version. The work is scripts/lib/clasp-command.ts; scripts/lib/clasp-main.ts starts it.
 */
import { runRelease } from './lib/clasp-command';
import { runClaspScript } from './lib/clasp-main';

runClaspScript(runRelease);
