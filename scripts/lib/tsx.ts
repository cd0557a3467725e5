import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

const ROOT = join(__dirname, '..', '..');

/**
 * The command that runs a TypeScript file in a child process. Node with tsx's loader (an absolute
 * file URL, so any cwd works) rather than the tsx binary, which would start a second node process
 * for every run; the binary is the fallback if tsx's internal layout ever moves.
 */
export function tsxCommand(script: string, args: string[] = []): [command: string, args: string[]] {
  const loader = join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs');
  return existsSync(loader)
    ? [process.execPath, ['--import', pathToFileURL(loader).href, script, ...args]]
    : [join(ROOT, 'node_modules', '.bin', 'tsx'), [script, ...args]];
}

export interface TsxChild {
  child: ChildProcess;
  /** The first line the child printed: servers announce their address there. */
  firstLine: string;
  /** SIGTERM, then SIGKILL if it has not exited within its grace (5 s unless told). */
  stop(): Promise<void>;
}

interface ChildOptions {
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  name: string;
  /** How long a SIGTERM may take: the playground saves its whole spreadsheet then. */
  stopGraceMs?: number;
}

/**
 * A long-running TypeScript server (the fake API, the playground) in a child process, once it has
 * printed its first line. Its stdin is a pipe, so a server that watches stdin can exit with us.
 */
export async function startTsxChild(script: string, opts: ChildOptions): Promise<TsxChild> {
  const [command, args] = tsxCommand(script);
  return startChild(command, args, opts);
}

/** startTsxChild for any command: a server already bundled for plain node (scripts/lib/bundle-node.ts). */
export async function startChild(command: string, args: string[], opts: ChildOptions): Promise<TsxChild> {
  const child = spawn(command, args, { cwd: ROOT, env: opts.env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const firstLine = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error(`${opts.name} did not start in time. ${stderr}`)), opts.timeoutMs);
    lines.once('line', (line) => {
      clearTimeout(timer);
      // Keep draining stdout so the child never blocks on a full pipe.
      child.stdout!.resume();
      resolve(line);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${opts.name} exited (${code}) before starting. ${stderr}`));
    });
  });

  return {
    child,
    firstLine,
    async stop(): Promise<void> {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), opts.stopGraceMs ?? 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
