import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

/**
 * Runs the fake API over HTTP in a child process. Needed whenever the caller's own thread will block
 * on the HTTP (the emulator's synchronous bridge parks the thread with Atomics.wait, so a server in
 * the same process could never answer).
 */
export interface SpawnedFakeApi {
  origin: string;
  apiBaseUrl: string;
  /** Same as apiBaseUrl (the architecture page's name). */
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** POST /__fake/{op} with a JSON body; `stats` and `state` are GETs. */
  admin(op: string, body?: unknown): Promise<unknown>;
  stop(): Promise<void>;
}

const ROOT = join(__dirname, '..');

export async function spawnFakeApiServer(opts: { seed?: number; host?: string; timeoutMs?: number } = {}): Promise<SpawnedFakeApi> {
  const loader = join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs');
  const serve = join(__dirname, 'serve.ts');
  // --import with an absolute loader path works from any cwd; fall back to the tsx binary.
  const [command, args] = existsSync(loader)
    ? [process.execPath, ['--import', pathToFileURL(loader).href, serve]]
    : [join(ROOT, 'node_modules', '.bin', 'tsx'), [serve]];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: opts.host ?? '127.0.0.1',
      FAKE_API_EXIT_WITH_STDIN: '1',
      ...(opts.seed !== undefined ? { SEED: String(opts.seed) } : {}),
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const first = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    const timer = setTimeout(() => reject(new Error(`fake API did not start in time. ${stderr}`)), opts.timeoutMs ?? 30_000);
    lines.once('line', (line) => {
      clearTimeout(timer);
      // Keep draining stdout so the child never blocks on a full pipe.
      child.stdout.resume();
      resolve(line);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`fake API exited (${code}) before starting. ${stderr}`));
    });
  });
  const info = JSON.parse(first) as { url: string; apiBaseUrl: string; tokenUrl: string; clientId: string; clientSecret: string };

  return {
    origin: info.url,
    apiBaseUrl: info.apiBaseUrl,
    baseUrl: info.apiBaseUrl,
    tokenUrl: info.tokenUrl,
    clientId: info.clientId,
    clientSecret: info.clientSecret,
    async admin(op: string, body?: unknown): Promise<unknown> {
      const get = op === 'stats' || op === 'state';
      const res = await fetch(`${info.url}/__fake/${op}`, {
        method: get ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json' },
        body: get ? undefined : JSON.stringify(body ?? {}),
      });
      const parsed: unknown = await res.json();
      if (!res.ok) throw new Error(`fake API admin ${op} failed (${res.status}): ${JSON.stringify(parsed)}`);
      return parsed;
    },
    async stop(): Promise<void> {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
