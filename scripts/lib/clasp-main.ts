/**
 * How the npm scripts that drive clasp (scripts/release.ts, scripts/install-sheet.ts) start: on this
 * checkout, with the real clasp, the real build and the console, the exit status set when the
 * command ends. Tests call the commands with their own ClaspDeps instead.
 */
import * as path from 'node:path';
import { runBuildCommand } from './build-command';
import { type ClaspDeps, realClasp } from './clasp-command';

export function runClaspScript(command: (argv: string[], deps: ClaspDeps) => Promise<number>): void {
  const root = path.resolve(__dirname, '../..');
  command(process.argv.slice(2), {
    root,
    clasp: realClasp(root),
    build: () => runBuildCommand([], process.env, console),
    log: (line) => console.log(line),
    error: (line) => console.error(line),
  }).then((status) => {
    process.exitCode = status;
  });
}
