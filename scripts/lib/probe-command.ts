import { runProbe, type ProbeResponse } from './probe';

const DEFAULT_BASE = 'https://publisher-api.raptive.com/creator-api/v1';
const DEFAULT_TOKEN = 'https://publisher-api.raptive.com/oauth/token';

async function fetchText(url: string, init: { method: string; headers: Record<string, string>; body?: string }): Promise<ProbeResponse> {
  const res = await fetch(url, { method: init.method, headers: init.headers, body: init.body, redirect: 'manual' });
  const headers: Record<string, string> = {};
  res.headers.forEach((value, key) => (headers[key.toLowerCase()] = value));
  return { status: res.status, headers, text: await res.text() };
}

/** Where the command writes: the process's streams, or a test's strings. */
export interface Output {
  stdout(text: string): void;
  stderr(text: string): void;
}

async function probeFromEnv(env: NodeJS.ProcessEnv, out: Output): Promise<number> {
  const clientId = env.CREATOR_CLIENT_ID ?? '';
  const clientSecret = env.CREATOR_CLIENT_SECRET ?? '';
  if (!clientId || !clientSecret) {
    out.stderr(
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
    print: (line) => out.stdout(`${line}\n`),
  });
  return result.ok ? 0 : 1;
}

/**
 * `npm run probe-api` given its environment and output streams: the exit status. The CLI
 * (scripts/probe-api.ts) hands it the process's; tests call it in process.
 */
export async function runProbeCommand(env: NodeJS.ProcessEnv, out: Output): Promise<number> {
  try {
    return await probeFromEnv(env, out);
  } catch (error: unknown) {
    // A network failure's message names the host at most; never print a stack with the request.
    out.stderr(`The probe could not finish: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
