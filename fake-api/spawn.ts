import { join } from 'node:path';
import { startTsxChild } from '../scripts/lib/tsx';

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

export async function spawnFakeApiServer(opts: { seed?: number; host?: string; timeoutMs?: number } = {}): Promise<SpawnedFakeApi> {
  const server = await startTsxChild(join(__dirname, 'serve.ts'), {
    name: 'fake API',
    timeoutMs: opts.timeoutMs ?? 30_000,
    env: {
      ...process.env,
      PORT: '0',
      HOST: opts.host ?? '127.0.0.1',
      FAKE_API_EXIT_WITH_STDIN: '1',
      ...(opts.seed !== undefined ? { SEED: String(opts.seed) } : {}),
    },
  });
  const info = JSON.parse(server.firstLine) as {
    url: string;
    apiBaseUrl: string;
    tokenUrl: string;
    clientId: string;
    clientSecret: string;
  };

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
    stop: server.stop,
  };
}
