/**
 * npm run install-sheet: a new spreadsheet with the add-on bound to it as a script, in your own
 * Google account (clasp create-script, build, clasp push), and its URL. The script's project file is
 * .clasp-sheet.json (git-ignored), so the committed .clasp.json of production is never rewritten;
 * run again, it pushes a new build to the same spreadsheet. `-- --dry-run` prints the commands;
 * `--title <text>` names the spreadsheet. The work is scripts/lib/clasp-command.ts; scripts/lib/clasp-main.ts starts it.
 */
import { runInstallSheet } from './lib/clasp-command';
import { runClaspScript } from './lib/clasp-main';

runClaspScript(runInstallSheet);
