import * as fs from 'node:fs';
import * as path from 'node:path';
import { BuildError } from './errors';

/**
 * The clasp commands of `npm run install-sheet` and `npm run release`, as data: the commands print
 * them in --dry-run, run them otherwise, and the tests check them offline against the flags the
 * installed clasp 3 (node_modules/@google/clasp) declares.
 */

/** The committed project file of the production script (rootDir dist). Only release reads it. */
export const PRODUCTION_PROJECT = '.clasp.json';
/** The committed file holding the one production deployment's ID. */
export const RELEASE_CONFIG = 'release.json';
/** install-sheet's own project file (git-ignored): the user's bound script, never production's. */
export const SHEET_PROJECT = '.clasp-sheet.json';

const PLACEHOLDER = /^REPLACE_WITH_/;

/** One step: a clasp invocation (args after `clasp`) or the build. */
export type Step = { kind: 'build' } | { kind: 'clasp'; args: string[]; why: string } | { kind: 'write'; file: string; text: string };

/** The clasp command in args: the first word that is neither a flag nor the -P file. */
export function claspSubcommand(args: string[]): string {
  return args.find((a, i) => !a.startsWith('-') && !(i > 0 && ['-P', '--project'].includes(args[i - 1]))) ?? '';
}

/**
 * Google disables the triggers of a deployment that is replaced by a new one, so a release only ever
 * moves the one production deployment to a new version. This refuses, before anything runs, any
 * command that would make a deployment, or update one without naming it.
 */
export function assertSafeClasp(args: string[], dryRun = false): void {
  const command = claspSubcommand(args);
  if (command === 'deploy' || command === 'create-deployment') {
    throw new BuildError(
      `refusing "clasp ${args.join(' ')}": a release updates the production deployment (${RELEASE_CONFIG}), never creates one.`,
    );
  }
  if (command === 'redeploy' || command === 'update-deployment') {
    const id = args[args.indexOf(command) + 1];
    // A dry run shows where an ID not yet set will go (<...>); a real run needs the ID itself.
    const slot = dryRun && /^<.+>$/.test(id ?? '');
    if (!slot && (!id || id.startsWith('-') || id.startsWith('<') || PLACEHOLDER.test(id))) {
      throw new BuildError(
        `refusing "clasp ${args.join(' ')}": update-deployment needs the production deployment's ID (${RELEASE_CONFIG}).`,
      );
    }
  }
}

/** How a command line shows a step, quoted so it can be pasted into a shell. */
export function showStep(step: Step): string {
  if (step.kind === 'build') return 'npm run build';
  if (step.kind === 'write') return `write ${step.file}: ${step.text.trim()}`;
  const quote = (a: string) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`);
  return `clasp ${step.args.map(quote).join(' ')}`;
}

function readJson(file: string): Record<string, unknown> | null {
  if (!fs.existsSync(file)) return null;
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch (err) {
    throw new BuildError(`${file} is not valid JSON (${(err as Error).message}): fix or delete it.`);
  }
}

export interface ReleaseConfig {
  scriptId: string;
  deploymentId: string;
  /** What still holds a placeholder (a dry run shows the commands anyway and says so). */
  unset: string[];
}

/** The production script and deployment, from the two committed files. */
export function readReleaseConfig(root: string): ReleaseConfig {
  const project = readJson(path.join(root, PRODUCTION_PROJECT)) ?? {};
  const release = readJson(path.join(root, RELEASE_CONFIG)) ?? {};
  const scriptId = String(project.scriptId ?? '');
  const deploymentId = String(release.deploymentId ?? '');
  const unset: string[] = [];
  if (!scriptId || PLACEHOLDER.test(scriptId)) unset.push(`scriptId in ${PRODUCTION_PROJECT}`);
  if (!deploymentId || PLACEHOLDER.test(deploymentId)) unset.push(`deploymentId in ${RELEASE_CONFIG}`);
  if (project.rootDir !== 'dist')
    throw new BuildError(`${PRODUCTION_PROJECT} must keep "rootDir": "dist" (what the build writes and clasp pushes).`);
  return { scriptId, deploymentId, unset };
}

/** What the version number is called before create-version has said it (dry run). */
export const VERSION_SLOT = '<version>';
/** The deployment ID in a dry run while release.json still holds its placeholder. */
export const DEPLOYMENT_SLOT = `<deploymentId from ${RELEASE_CONFIG}>`;

export function releaseSteps(config: ReleaseConfig, description: string, version: string = VERSION_SLOT): Step[] {
  const p = ['-P', PRODUCTION_PROJECT];
  return [
    { kind: 'build' },
    // --force: the manifest changed (or may have), and a non-interactive push skips it otherwise.
    { kind: 'clasp', args: [...p, 'push', '--force'], why: 'upload dist/ to the production script' },
    { kind: 'clasp', args: [...p, '--json', 'create-version', description], why: 'freeze it as a numbered version' },
    {
      kind: 'clasp',
      args: [
        ...p,
        'update-deployment',
        config.unset.some((u) => u.startsWith('deploymentId')) ? DEPLOYMENT_SLOT : config.deploymentId,
        '--versionNumber',
        version,
        '--description',
        description,
      ],
      why: 'point the one production deployment at that version',
    },
  ];
}

export interface SheetProject {
  scriptId: string | null;
  parentId: string | null;
}

/** The user's own bound script, once install-sheet has made it. */
export function readSheetProject(root: string): SheetProject {
  const project = readJson(path.join(root, SHEET_PROJECT));
  const scriptId = typeof project?.scriptId === 'string' && project.scriptId ? project.scriptId : null;
  const parent = project?.parentId;
  const parentId = typeof parent === 'string' ? parent : Array.isArray(parent) && typeof parent[0] === 'string' ? parent[0] : null;
  return { scriptId, parentId };
}

export function installSteps(existing: SheetProject, title: string): Step[] {
  const p = ['-P', SHEET_PROJECT];
  const create: Step[] = existing.scriptId
    ? []
    : [
        // clasp -P refuses a file that does not exist; one without a scriptId is a project to create.
        { kind: 'write', file: SHEET_PROJECT, text: `${JSON.stringify({ rootDir: 'dist' })}\n` },
        {
          kind: 'clasp',
          args: [...p, '--json', 'create-script', '--type', 'sheets', '--title', title, '--rootDir', 'dist'],
          why: 'make a new spreadsheet with a script bound to it',
        },
      ];
  // The build comes after create-script, which pulls the new project's own files into dist/.
  return [...create, { kind: 'build' }, { kind: 'clasp', args: [...p, 'push', '--force'], why: 'upload dist/ to that script' }];
}

export const spreadsheetUrl = (parentId: string): string => `https://docs.google.com/spreadsheets/d/${parentId}/edit`;
