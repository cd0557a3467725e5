import { createFakeApi } from './index';
import { startFakeApiServer } from './server';

/**
 * CLI: `npm run fake-api` (PORT, HOST, SEED). Prints one JSON line first, for spawnFakeApiServer
 * and scripts, then lines for people. With FAKE_API_EXIT_WITH_STDIN=1 it exits when its parent's
 * pipe closes, so a crashed test run leaves no server behind.
 */
async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 8787);
  const host = process.env.HOST || '127.0.0.1';
  const seed = process.env.SEED ? Number(process.env.SEED) : undefined;
  const api = createFakeApi({ seed });
  const server = await startFakeApiServer(api, { port, host });
  const { clientId, clientSecret } = api.credentials.demo;
  const info = { url: server.url, apiBaseUrl: `${server.url}/creator-api/v1`, tokenUrl: `${server.url}/oauth/token`, clientId, clientSecret };
  process.stdout.write(`${JSON.stringify(info)}\n`);
  process.stdout.write(`Fake Creator API on ${info.apiBaseUrl}\n  token URL ${info.tokenUrl}\n  client ID ${clientId}, secret ${clientSecret}\n  admin: ${server.url}/__fake/{stats,reset,quirks,inject,clear-faults,revoke,restore,expire-tokens,clock}\n`);
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
