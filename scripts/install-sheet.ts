/**
 * npm run install-sheet: a new spreadsheet with the add-on bound to it as a script, in your own
 * Google account (clasp create-script, build, clasp push), and its URL. The script's project file is
 * .clasp-sheet.json (git-ignored), so the committed .clasp.json of production is never rewritten;
 * run again, it pushes a new build to the same spreadsheet. `-- --dry-run` prints the commands;
 * `--title <text>` names the spreadsheet. The work is scripts/lib/clasp-command.ts.
 */
import * as path from 'node:path';
import { runBuildCommand } from './lib/build-command';
import { realClasp, runInstallSheet } from './lib/clasp-command';

const root = path.resolve(__dirname, '..');
runInstallSheet(process.argv.slice(2), {
  root,
  clasp: realClasp(root),
  build: () => runBuildCommand([], process.env, console),
  log: (line) => console.log(line),
  error: (line) => console.error(line),
}).then((status) => {
  process.exitCode = status;
});
