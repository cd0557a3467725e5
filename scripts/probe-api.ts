import { runProbe, type ProbeResponse } from './lib/probe';

/**
 * `npm run probe-api`: the contract probe with a real credential (see docs/api-contract.md).
 * CREATOR_CLIENT_ID and CREATOR_CLIENT_SECRET are required; CREATOR_API_BASE_URL,
 * CREATOR_TOKEN_URL, CREATOR_SITE_ID and CREATOR_PROBE_DAYS are optional. The secret is read from
 * the environment only, never from the command line (which shells keep in their history).
 */
const DEFAULT_BASE = 'https://publisher-api.raptive.com/creator-api/v1';
const DEFAULT_TOKEN = 'https://publisher-api.raptive.com/oauth/token';

async function fetchText(url: string, init: { method: string; headers: Record<string, string>; body?: string }): Promise<ProbeResponse> {
  const res = await fetch(url, { method: init.method, headers: init.headers, body: init.body, redirect: 'manual' });
  const headers: Record<string, string> = {};
  res.headers.forEach((value, key) => (headers[key.toLowerCase()] = value));
  return { status: res.status, headers, text: await res.text() };
}

async function main(): Promise<number> {
  const env = process.env;
  const clientId = env.CREATOR_CLIENT_ID ?? '';
  const clientSecret = env.CREATOR_CLIENT_SECRET ?? '';
  if (!clientId || !clientSecret) {
    process.stderr.write(
      'Set CREATOR_CLIENT_ID and CREATOR_CLIENT_SECRET (your API credential) in the environment, then run npm run probe-api again.\n' +
        'Optional: CREATOR_SITE_ID (default: your first active site), CREATOR_PROBE_DAYS (default 3), CREATOR_API_BASE_URL, CREATOR_TOKEN_URL.\n',
    );
    return 2;
  }
  const result = await runProbe({
    clientId,
    clientSecret,
    apiBaseUrl: env.CREATOR_API_BASE_URL || DEFAULT_BASE,
    tokenUrl: env.CREATOR_TOKEN_URL || DEFAULT_TOKEN,
    siteId: env.CREATOR_SITE_ID || undefined,
    days: env.CREATOR_PROBE_DAYS ? Number(env.CREATOR_PROBE_DAYS) : undefined,
    fetch: fetchText,
    print: (line) => process.stdout.write(`${line}\n`),
  });
  return result.ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // A network failure's message names the host at most; never print a stack with the request.
    process.stderr.write(`The probe could not finish: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
