import { parseDriftArg, type Drift } from './drift';
import { createFakeApi } from './index';
import { startFakeApiServer } from './server';

/** `--drift` (every variation), `--drift=a,b` (those), or FAKE_API_DRIFT with the same values. */
function driftFromArgs(argv: string[]): Partial<Drift> {
  const flag = argv.find((a) => a === '--drift' || a.startsWith('--drift='));
  if (flag) return parseDriftArg(flag.includes('=') ? flag.slice(flag.indexOf('=') + 1) : undefined);
  const env = process.env.FAKE_API_DRIFT;
  return env ? parseDriftArg(env) : {};
}

/**
 * CLI: `npm run fake-api` (PORT, HOST, SEED; `-- --drift` for the drift mode). Prints one JSON
 * line first, for spawnFakeApiServer and scripts, then lines for people. With
 * FAKE_API_EXIT_WITH_STDIN=1 it exits when its parent's pipe closes, so a crashed test run leaves
 * no server behind.
 */
async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 8787);
  const host = process.env.HOST || '127.0.0.1';
  const seed = process.env.SEED ? Number(process.env.SEED) : undefined;
  const drift = driftFromArgs(process.argv.slice(2));
  const api = createFakeApi({ seed, drift });
  const server = await startFakeApiServer(api, { port, host });
  const { clientId, clientSecret } = api.credentials.demo;
  const info = {
    url: server.url,
    apiBaseUrl: `${server.url}/creator-api/v1`,
    tokenUrl: `${server.url}/oauth/token`,
    clientId,
    clientSecret,
  };
  process.stdout.write(`${JSON.stringify(info)}\n`);
  const on = Object.entries(api.drift)
    .filter(([, v]) => v)
    .map(([k]) => k);
  process.stdout.write(
    `Fake Creator API on ${info.apiBaseUrl}${on.length ? ` (drift: ${on.join(', ')})` : ''}\n  token URL ${info.tokenUrl}\n  client ID ${clientId}, secret ${clientSecret}\n  admin: ${server.url}/__fake/{stats,reset,quirks,drift,inject,clear-faults,revoke,restore,expire-tokens,clock}\n`,
  );
  const stop = () => {
    void server.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  if (process.env.FAKE_API_EXIT_WITH_STDIN === '1') {
    process.stdin.on('end', stop);
    process.stdin.on('close', stop);
    process.stdin.resume();
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`fake API failed to start: ${String(e)}\n`);
  process.exit(1);
});
