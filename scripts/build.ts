/**
 * npm run build: dist/Code.js, dist/appsscript.json, dist/Sidebar.html (what `clasp push` uploads).
 * Flags (paths relative to the current directory): --entry <file> (default src/Code.ts),
 * --out <dir> (default dist), --code-only (just Code.js; tests build fixtures with it).
 * Setting: CREATOR_ALLOWED_URLS="https://a.example/,https://b.example/" adds URL prefixes the
 * add-on may fetch (urlFetchWhitelist in dist/appsscript.json; the settings accept their hosts).
 * The work is scripts/lib/build-command.ts.
 */
import { runBuildCommand } from './lib/build-command';

runBuildCommand(process.argv.slice(2), process.env, console).then((status) => {
  process.exitCode = status;
});
