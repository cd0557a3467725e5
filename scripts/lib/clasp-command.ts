import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  assertSafeClasp,
  claspSubcommand,
  installSteps,
  readReleaseConfig,
  readSheetProject,
  releaseSteps,
  SHEET_PROJECT,
  type Step,
  showStep,
  spreadsheetUrl,
} from './clasp-plan';
import { BuildError } from './errors';

/** What the two commands need from the machine: the tests hand in fakes (no clasp, no network). */
export interface ClaspDeps {
  root: string;
  /** Runs clasp with these args in root; stdout is captured (clasp's --json answers are read). */
  clasp(args: string[]): { status: number; stdout: string };
  build(): Promise<number>;
  log(line: string): void;
  error(line: string): void;
}

/** The installed clasp, run by node directly: no npx, which could reach the registry. */
export function realClasp(root: string): ClaspDeps['clasp'] {
  const bin = path.join(root, 'node_modules', '@google', 'clasp', 'build', 'src', 'index.js');
  return (args) => {
    const r = spawnSync(process.execPath, [bin, ...args], { cwd: root, stdio: ['inherit', 'pipe', 'inherit'], encoding: 'utf8' });
    if (r.stdout) process.stdout.write(r.stdout);
    return { status: r.status ?? 1, stdout: r.stdout ?? '' };
  };
}

interface Flags {
  dryRun: boolean;
  values: Record<string, string>;
}

function parseFlags(argv: string[], valued: string[]): Flags {
  const flags: Flags = { dryRun: false, values: {} };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    if (flag === '--dry-run') flags.dryRun = true;
    else if (valued.includes(flag)) {
      const v = inline ?? argv[++i];
      if (!v) throw new BuildError(`${flag} needs a value.`);
      flags.values[flag] = v;
    } else throw new BuildError(`Unknown argument "${argv[i]}". Use --dry-run${valued.map((f) => `, ${f} <text>`).join('')}.`);
  }
  return flags;
}

/** The JSON object a `clasp --json` command printed (after any spinner text). */
function jsonAnswer(stdout: string, what: string): Record<string, unknown> {
  const start = stdout.indexOf('{');
  try {
    return JSON.parse(stdout.slice(start, stdout.lastIndexOf('}') + 1)) as Record<string, unknown>;
  } catch (_) {
    throw new BuildError(`clasp did not say ${what} (it printed: ${stdout.trim().slice(0, 200) || 'nothing'}).`);
  }
}

async function runStep(step: Step, deps: ClaspDeps): Promise<string> {
  deps.log(`> ${showStep(step)}`);
  if (step.kind === 'write') {
    fs.writeFileSync(path.join(deps.root, step.file), step.text);
    return '';
  }
  if (step.kind === 'build') {
    if ((await deps.build()) !== 0) throw new BuildError('the build failed (above); nothing was pushed.');
    return '';
  }
  assertSafeClasp(step.args);
  const r = deps.clasp(step.args);
  if (r.status !== 0)
    throw new BuildError(
      `clasp ${claspSubcommand(step.args)} failed (above). Is \`npx clasp login\` done and the Apps Script API on (https://script.google.com/home/usersettings)?`,
    );
  return r.stdout;
}

function printPlan(steps: Step[], deps: ClaspDeps): void {
  deps.log('Dry run: these commands would run, in this order (nothing was run):');
  for (const step of steps) {
    if (step.kind === 'clasp') assertSafeClasp(step.args, true);
    deps.log(`  ${showStep(step)}${step.kind === 'clasp' ? `    # ${step.why}` : ''}`);
  }
}

async function release(argv: string[], deps: ClaspDeps): Promise<void> {
  const flags = parseFlags(argv, ['--description']);
  const config = readReleaseConfig(deps.root);
  const pkg = JSON.parse(fs.readFileSync(path.join(deps.root, 'package.json'), 'utf8')) as { version: string };
  const description = flags.values['--description'] ?? `Creator Reporting ${pkg.version}`;
  if (flags.dryRun) {
    printPlan(releaseSteps(config, description), deps);
    for (const what of config.unset) deps.log(`Note: ${what} is still a placeholder; a real release refuses until it is set.`);
    return;
  }
  if (config.unset.length > 0) {
    throw new BuildError(
      `set ${config.unset.join(' and ')} first (docs/publishing.md, "3. The production script and its one deployment"); nothing was run.`,
    );
  }
  const [build, push, version] = releaseSteps(config, description);
  await runStep(build, deps);
  await runStep(push, deps);
  const answer = jsonAnswer(await runStep(version, deps), 'the new version number');
  const versionNumber = Number(answer.versionNumber);
  if (!Number.isInteger(versionNumber) || versionNumber < 1)
    throw new BuildError(`clasp gave no version number (${JSON.stringify(answer)}).`);
  await runStep(releaseSteps(config, description, String(versionNumber))[3], deps);
  deps.log(`Released version ${versionNumber} to deployment ${config.deploymentId}.`);
  deps.log(`Enter ${versionNumber} as the Sheets add-on script version in the Marketplace SDK's App configuration.`);
}

async function installSheet(argv: string[], deps: ClaspDeps): Promise<void> {
  const flags = parseFlags(argv, ['--title']);
  const existing = readSheetProject(deps.root);
  const title = flags.values['--title'] ?? 'Creator Reporting';
  const steps = installSteps(existing, title);
  if (flags.dryRun) {
    printPlan(steps, deps);
    if (existing.scriptId) deps.log(`(${SHEET_PROJECT} already names your script: delete it to make another spreadsheet.)`);
    return;
  }
  try {
    for (const step of steps) await runStep(step, deps);
  } catch (err) {
    // A project file left without a script ID is only the seed this run wrote: the next run reseeds it.
    if (!readSheetProject(deps.root).scriptId) fs.rmSync(path.join(deps.root, SHEET_PROJECT), { force: true });
    throw err;
  }
  const { parentId } = readSheetProject(deps.root);
  if (!parentId)
    throw new BuildError(
      `pushed, but ${SHEET_PROJECT} names no spreadsheet; open the script with \`npx clasp -P ${SHEET_PROJECT} open-container\`.`,
    );
  deps.log(`Your spreadsheet: ${spreadsheetUrl(parentId)}`);
  // A bound script's add-on menu takes the script's name, which create-script set to the title.
  const menu = existing.scriptId ? 'the script\'s name ("Creator Reporting" unless --title named it)' : `"${title}"`;
  deps.log(`Reload it; the menu is under Extensions, named ${menu}. \`npm run install-sheet\` again pushes a new build to it.`);
}

async function guarded(work: () => Promise<void>, name: string, deps: ClaspDeps): Promise<number> {
  try {
    await work();
    return 0;
  } catch (err) {
    deps.error(`${name} failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}

/** `npm run release [-- --dry-run] [--description <text>]`: the exit status. */
export const runRelease = (argv: string[], deps: ClaspDeps): Promise<number> => guarded(() => release(argv, deps), 'release', deps);

/** `npm run install-sheet [-- --dry-run] [--title <text>]`: the exit status. */
export const runInstallSheet = (argv: string[], deps: ClaspDeps): Promise<number> =>
  guarded(() => installSheet(argv, deps), 'install-sheet', deps);
