/**
 * npm run release: build, push to the production script (.clasp.json), create a version, and move
 * the one production deployment (release.json) to it; prints the version number for the
 * Marketplace SDK. `-- --dry-run` prints the commands instead; `--description <text>` names the
 * version. The work is scripts/lib/clasp-command.ts.
 */
import * as path from 'node:path';
import { runBuildCommand } from './lib/build-command';
import { realClasp, runRelease } from './lib/clasp-command';

const root = path.resolve(__dirname, '..');
runRelease(process.argv.slice(2), {
  root,
  clasp: realClasp(root),
  build: () => runBuildCommand([], process.env, console),
  log: (line) => console.log(line),
  error: (line) => console.error(line),
}).then((status) => {
  process.exitCode = status;
});
