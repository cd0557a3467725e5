import * as fs from 'node:fs';
import * as path from 'node:path';
import { type ClaspDeps, runInstallSheet, runRelease } from '../../scripts/lib/clasp-command';
import { assertSafeClasp, installSteps, readReleaseConfig, releaseSteps, SHEET_PROJECT } from '../../scripts/lib/clasp-plan';
import { tsxCommand } from '../../scripts/lib/tsx';
import { parseWithClasp } from './clasp-cli';
import { fixtureDir, ROOT } from './fixture';
import { spawnSync } from 'node:child_process';

const PRODUCTION = `${JSON.stringify({ scriptId: '1prodScriptId', rootDir: 'dist' }, null, 2)}\n`;
const DEPLOYMENT = 'AKfycbProductionDeployment';

function repo(files: Record<string, string> = {}): string {
  return fixtureDir({
    'package.json': JSON.stringify({ version: '1.2.3' }),
    '.clasp.json': PRODUCTION,
    'release.json': JSON.stringify({ deploymentId: DEPLOYMENT }),
    ...files,
  });
}

/** A clasp that answers like the real one and records what it was asked; no network. */
function fakeMachine(root: string, answers: Record<string, (args: string[]) => string> = {}) {
  const calls: string[][] = [];
  const lines: string[] = [];
  let builds = 0;
  const deps: ClaspDeps = {
    root,
    clasp: (args) => {
      calls.push(args);
      const name = args.find((a) => answers[a]);
      return { status: 0, stdout: name ? answers[name](args) : '' };
    },
    build: async () => {
      builds++;
      return 0;
    },
    log: (l) => lines.push(l),
    error: (l) => lines.push(`ERROR ${l}`),
  };
  return { deps, calls, lines, builds: () => builds };
}

describe('npm run release', () => {
  test('--dry-run prints build, push, create-version and update-deployment of the one production deployment, running nothing', async () => {
    const m = fakeMachine(repo());
    expect(await runRelease(['--dry-run'], m.deps)).toBe(0);
    expect(m.calls).toEqual([]);
    expect(m.builds()).toBe(0);
    expect(m.lines.slice(1).map((l) => l.replace(/\s+#.*$/, '').trim())).toEqual([
      'npm run build',
      'clasp -P .clasp.json push --force',
      "clasp -P .clasp.json --json create-version 'Creator Reporting 1.2.3'",
      `clasp -P .clasp.json update-deployment ${DEPLOYMENT} --versionNumber '<version>' --description 'Creator Reporting 1.2.3'`,
    ]);
  });

  test('a release pushes, versions, moves the deployment to that version and prints the number for the Marketplace SDK', async () => {
    const m = fakeMachine(repo(), { 'create-version': () => 'Creating a new version...\n{\n  "versionNumber": 14\n}\n' });
    expect(await runRelease(['--description', 'Spring release'], m.deps)).toBe(0);
    expect(m.builds()).toBe(1);
    expect(m.calls).toEqual([
      ['-P', '.clasp.json', 'push', '--force'],
      ['-P', '.clasp.json', '--json', 'create-version', 'Spring release'],
      ['-P', '.clasp.json', 'update-deployment', DEPLOYMENT, '--versionNumber', '14', '--description', 'Spring release'],
    ]);
    expect(m.lines).toContain(`Released version 14 to deployment ${DEPLOYMENT}.`);
    expect(m.lines.join('\n')).toMatch(/Enter 14 as the Sheets add-on script version in the Marketplace SDK/);
  });

  test('with the committed placeholders it refuses before building, naming the file to fill in; the dry run says so too', async () => {
    const committed = fakeMachine(ROOT);
    expect(readReleaseConfig(ROOT).unset).toEqual(['scriptId in .clasp.json', 'deploymentId in release.json']);
    expect(await runRelease([], committed.deps)).toBe(1);
    expect(committed.calls).toEqual([]);
    expect(committed.builds()).toBe(0);
    expect(committed.lines.join('\n')).toContain('set scriptId in .clasp.json and deploymentId in release.json first');
    const dry = fakeMachine(ROOT);
    expect(await runRelease(['--dry-run'], dry.deps)).toBe(0);
    expect(dry.lines.join('\n')).toContain("update-deployment '<deploymentId from release.json>'");
    expect(dry.lines.join('\n')).toContain('Note: deploymentId in release.json is still a placeholder');
  });

  test('a failed push stops the release before a version is made', async () => {
    const m = fakeMachine(repo());
    m.deps.clasp = (args) => {
      m.calls.push(args);
      return { status: 1, stdout: '' };
    };
    expect(await runRelease([], m.deps)).toBe(1);
    expect(m.calls).toHaveLength(1);
    expect(m.lines.join('\n')).toMatch(/clasp push failed .*clasp login.*Apps Script API/);
  });

  test('refused while a placeholder is left, it points to the section of docs/publishing.md that says how to set it', async () => {
    const m = fakeMachine(repo({ 'release.json': JSON.stringify({ deploymentId: 'REPLACE_WITH_THE_PRODUCTION_DEPLOYMENT_ID' }) }));
    expect(await runRelease([], m.deps)).toBe(1);
    expect(m.calls).toEqual([]);
    const section = /docs\/publishing\.md, "([^"]+)"/.exec(m.lines.join('\n'))?.[1];
    const headings = fs.readFileSync(path.join(ROOT, 'docs', 'publishing.md'), 'utf8').match(/^#+ .+$/gm) ?? [];
    expect(headings).toContain(`## ${section}`);
    expect(fs.readFileSync(path.join(ROOT, 'docs', 'publishing.md'), 'utf8')).toMatch(
      /Copy the \*\*Deployment ID\*\*[^.]*into `release.json`/,
    );
  });

  test('no command may create a deployment, or update one without its ID', () => {
    expect(() => assertSafeClasp(['-P', '.clasp.json', 'deploy'])).toThrow(/never creates one/);
    expect(() => assertSafeClasp(['create-deployment', '-i', DEPLOYMENT])).toThrow(/never creates one/);
    expect(() => assertSafeClasp(['-P', '.clasp.json', 'update-deployment', '--versionNumber', '3'])).toThrow(
      /needs the production deployment's ID/,
    );
    expect(() => assertSafeClasp(['redeploy', 'REPLACE_WITH_THE_PRODUCTION_DEPLOYMENT_ID'])).toThrow(/needs/);
    expect(() => assertSafeClasp(['update-deployment', '<deploymentId from release.json>'])).toThrow(/needs/);
    expect(() => assertSafeClasp(['update-deployment', DEPLOYMENT, '--versionNumber', '3'])).not.toThrow();
  });
});

describe('npm run install-sheet', () => {
  /** clasp create-script as it behaves: writes the -P project file (scriptId, parentId) and pulls into rootDir. */
  const creates = (root: string) => (args: string[]) => {
    const file = path.join(root, args[args.indexOf('-P') + 1]);
    const seed = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (seed.scriptId) throw new Error('clasp refuses: Project file already exists.');
    fs.writeFileSync(file, JSON.stringify({ ...seed, scriptId: 'userScript', parentId: ['userSheet'] }));
    return JSON.stringify({ scriptId: 'userScript', parentId: 'userSheet', files: ['dist/appsscript.json'] });
  };

  test('creates a bound script in a new spreadsheet under its own project file, builds, pushes, prints the URL; .clasp.json untouched', async () => {
    const root = repo();
    const m = fakeMachine(root, { 'create-script': creates(root) });
    expect(await runInstallSheet([], m.deps)).toBe(0);
    expect(m.calls).toEqual([
      ['-P', SHEET_PROJECT, '--json', 'create-script', '--type', 'sheets', '--title', 'Creator Reporting', '--rootDir', 'dist'],
      ['-P', SHEET_PROJECT, 'push', '--force'],
    ]);
    expect(m.builds()).toBe(1);
    expect(m.lines).toContain('Your spreadsheet: https://docs.google.com/spreadsheets/d/userSheet/edit');
    expect(m.lines.join('\n')).toMatch(/menu is under Extensions, named "Creator Reporting"/);
    expect(fs.readFileSync(path.join(root, '.clasp.json'), 'utf8')).toBe(PRODUCTION);

    // Again: the same spreadsheet gets the new build, no second spreadsheet.
    const again = fakeMachine(root, { 'create-script': creates(root) });
    expect(await runInstallSheet([], again.deps)).toBe(0);
    expect(again.calls).toEqual([['-P', SHEET_PROJECT, 'push', '--force']]);
    expect(again.lines).toContain('Your spreadsheet: https://docs.google.com/spreadsheets/d/userSheet/edit');
  });

  test('--title names the spreadsheet and its script, and the menu it says to open is under that name', async () => {
    const root = repo();
    const m = fakeMachine(root, { 'create-script': creates(root) });
    expect(await runInstallSheet(['--title', 'My numbers'], m.deps)).toBe(0);
    expect(m.calls[0]).toEqual(expect.arrayContaining(['--title', 'My numbers']));
    expect(m.lines.join('\n')).toMatch(/menu is under Extensions, named "My numbers"/);
  });

  test('--dry-run prints the commands and writes nothing; a failed create leaves no half project file', async () => {
    const root = repo();
    const dry = fakeMachine(root);
    expect(await runInstallSheet(['--dry-run', '--title', "Ann's numbers"], dry.deps)).toBe(0);
    expect(dry.calls).toEqual([]);
    expect(fs.existsSync(path.join(root, SHEET_PROJECT))).toBe(false);
    expect(dry.lines.join('\n')).toContain(
      `clasp -P .clasp-sheet.json --json create-script --type sheets --title 'Ann'\\''s numbers' --rootDir dist`,
    );

    const failing = fakeMachine(root);
    failing.deps.clasp = () => ({ status: 1, stdout: '' });
    expect(await runInstallSheet([], failing.deps)).toBe(1);
    expect(failing.builds()).toBe(0);
    expect(fs.existsSync(path.join(root, SHEET_PROJECT))).toBe(false);
  });
});

describe('the commands against the installed clasp 3', () => {
  test('every flag and argument is one clasp declares, with the values where its actions read them', () => {
    const config = { scriptId: 's', deploymentId: DEPLOYMENT, unset: [] };
    const lines = [
      ...releaseSteps(config, 'Creator Reporting 1.2.3', '14'),
      ...installSteps({ scriptId: null, parentId: null }, 'Creator Reporting'),
    ].flatMap((s) => (s.kind === 'clasp' ? [s.args] : []));
    const parsed = parseWithClasp(lines);
    expect(parsed.map((p) => p.command)).toEqual(['push', 'create-version', 'update-deployment', 'create-script', 'push']);
    for (const p of parsed) {
      expect([p.args, p.unknownGlobal, p.unknown]).toEqual([p.args, [], []]);
      expect(p.operands.length).toBeLessThanOrEqual(p.declared.length);
      expect(p.operands.length).toBeGreaterThanOrEqual(p.declared.filter(([, required]) => required).length);
    }
    const [push, version, update, create] = parsed;
    expect(push.opts).toMatchObject({ project: '.clasp.json', force: true });
    expect(version).toMatchObject({ operands: ['Creator Reporting 1.2.3'], opts: { json: true } });
    expect(update).toMatchObject({ operands: [DEPLOYMENT], opts: { versionNumber: '14', description: 'Creator Reporting 1.2.3' } });
    expect(create.opts).toMatchObject({ project: SHEET_PROJECT, json: true, type: 'sheets', rootDir: 'dist' });
    // The check itself notices a flag clasp does not have.
    expect(parseWithClasp([['push', '--yes']])[0].unknown).toEqual(['--yes']);
  });

  test('`npm run release -- --dry-run` on this repository prints the clasp commands', () => {
    const [command, argv] = tsxCommand(path.join(ROOT, 'scripts/release.ts'), ['--dry-run']);
    const r = spawnSync(command, argv, { cwd: ROOT, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('clasp -P .clasp.json push --force');
    expect(r.stdout).toContain("clasp -P .clasp.json update-deployment '<deploymentId from release.json>' --versionNumber '<version>'");
  });
});
