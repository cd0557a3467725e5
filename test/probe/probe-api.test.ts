/**
 * The contract probe (`npm run probe-api`) against the fake API, in both modes: it reports shapes
 * and differences from the catalog, and never a value that could be private, the secret or the token.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createFakeApi, type Drift } from '../../fake-api';
import { startFakeApiServer, type FakeApiServer } from '../../fake-api/server';
import { tsxCommand } from '../../scripts/lib/tsx';
import { runProbe } from '../../scripts/lib/probe';
import { runProbeCommand } from '../../scripts/lib/probe-command';
import { REPORTS } from '../../src/catalog/reports';
import { FAKE_MODES } from '../fake-modes';

const NOW = Date.parse('2026-11-21T15:00:00Z');
const SECRET = 'demo-secret';

async function probe(drift: Partial<Drift>): Promise<{ output: string; tokens: string[]; values: string[]; ok: boolean }> {
  const api = createFakeApi({ now: () => NOW, drift });
  const lines: string[] = [];
  const tokens: string[] = [];
  const values: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === 'string') values.push(value);
    else if (typeof value === 'number' && !Number.isInteger(value)) values.push(String(value));
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  const result = await runProbe({
    clientId: 'demo-client',
    clientSecret: SECRET,
    apiBaseUrl: 'http://127.0.0.1:9/creator-api/v1',
    tokenUrl: 'http://127.0.0.1:9/oauth/token',
    today: '2026-11-21',
    fetch: async (url, init) => {
      const res = api.handle({ method: init.method, url, headers: init.headers, body: init.body ?? '' });
      if ('networkError' in res) throw new Error(res.networkError);
      try {
        const body = JSON.parse(res.body) as Record<string, unknown>;
        if (url.includes('/oauth/token')) tokens.push(String(body.access_token));
        else if (!url.includes('date-bounds') && res.status < 300) collect(body);
      } catch {
        // not JSON: nothing to collect
      }
      return { status: res.status, headers: res.headers, text: res.body };
    },
    print: (line) => lines.push(line),
  });
  return { output: lines.join('\n'), tokens, values, ok: result.ok };
}

describe.each(FAKE_MODES)('the probe against the %s fake', (mode, drift) => {
  let run: Awaited<ReturnType<typeof probe>>;
  beforeAll(async () => {
    run = await probe(drift);
  });

  it('covers every endpoint once, with its envelope, fields and paging', () => {
    expect(run.ok).toBe(true);
    for (const spec of REPORTS) {
      expect(run.output).toContain(`## GET ${spec.path}${spec.key === 'sites' ? '?page[size]=0' : ''}`);
    }
    const size = mode === 'default' ? 500 : 250;
    expect(run.output).toContain(`- status 200; envelope: object {data, meta} with data: array (${size} rows)`);
    expect(run.output).toContain(`paging: next is number; recordCount is number; rows on this page ${size} (asked for ${size})`);
    expect(run.output).toContain('  - earnings: number');
  });

  it('prints no secret, no token, and no value the API sent (earnings, URLs, names, site IDs)', () => {
    expect(run.output).not.toContain(SECRET);
    expect(run.tokens.length).toBeGreaterThan(0);
    for (const token of run.tokens) expect(run.output).not.toContain(token);
    const privateValues = run.values.filter((v) => v.length >= 4 && !/^\d{4}-\d{2}-\d{2}/.test(v) && !/^(true|false|null)$/.test(v));
    expect(privateValues.length).toBeGreaterThan(100);
    const leaked = privateValues.filter((v) => run.output.includes(v));
    expect(leaked).toEqual([]);
    expect(run.output).not.toMatch(/site-1|Example Kitchen|example-kitchen/);
  });

  it(mode === 'default' ? 'finds no difference from the catalog' : 'names every difference from the catalog', () => {
    const differences = run.output.split('\n').filter((l) => /^ {2}- (alias|missing|extra|no score|object|no dates|numbers)/.test(l));
    if (mode === 'default') {
      // The fake was written from the catalog; its traffic summary carries two GA4 fields on purpose.
      expect(differences).toEqual(['  - extra: ga4DataAvailable (boolean)', '  - extra: ga4StartDate (string (date))']);
      return;
    }
    expect(differences).toEqual(
      expect.arrayContaining([
        '  - alias: device arrives as type',
        '  - no score: viewability is {value: number} (catalog expects {value, score})',
        '  - extra: briefId (string | null)',
        '  - missing: impressions (column "Impressions") is in no row',
        '  - missing: cpm (column "CPM") is in no row',
        '  - extra: impressionsPerPageview (number | null)',
      ]),
    );
    expect(run.output).toContain('envelope: bare array (3 rows, no meta)');
    expect(run.output).toContain(
      'refused: status 400, body errors[] (JSON:API), code invalid_page_size, detail "page[size] must be at most 250."',
    );
    expect(run.output).toContain("differences: presets not in the catalog's list: lastMonthWidget");
    expect(run.output).toContain('{startDate: string (timestamp), endDate: string (timestamp)} | null');
  });
});

describe('npm run probe-api', () => {
  // The fake API over HTTP, in this process: the probe's fetch is asynchronous, so nothing here
  // blocks the thread that serves it.
  let server: FakeApiServer;
  let demo: { clientId: string; clientSecret: string };
  beforeAll(async () => {
    const api = createFakeApi();
    demo = api.credentials.demo;
    server = await startFakeApiServer(api);
  });
  afterAll(() => server.close());

  const credentialEnv = (secret = demo.clientSecret) => ({
    CREATOR_CLIENT_ID: demo.clientId,
    CREATOR_CLIENT_SECRET: secret,
    CREATOR_API_BASE_URL: `${server.url}/creator-api/v1`,
    CREATOR_TOKEN_URL: `${server.url}/oauth/token`,
  });

  /** What the CLI runs (runProbeCommand, given the process's environment and streams), in this process. */
  const inProcess = async (env: NodeJS.ProcessEnv) => {
    let stdout = '';
    let stderr = '';
    const code = await runProbeCommand(env, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
    return { code, stdout, stderr };
  };

  it('the CLI probes a server over HTTP with the credential from the environment, printing neither secret nor token', async () => {
    const [command, args] = tsxCommand(join(__dirname, '../../scripts/probe-api.ts'));
    const result = await promisify(execFile)(command, args, { env: { PATH: process.env.PATH, ...credentialEnv() }, timeout: 60_000 }).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('## GET /sites/{siteId}/pages/performance');
    expect(result.stdout).toContain('End of probe.');
    expect(result.stdout).not.toContain(demo.clientSecret);
    expect(result.stdout).not.toMatch(/tok_|Bearer [A-Za-z0-9]/);
  }, 90_000);

  it('says which environment variables to set when the credential is missing', async () => {
    const result = await inProcess({});
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Set CREATOR_CLIENT_ID and CREATOR_CLIENT_SECRET');
  });

  it('a refused credential stops the probe with what to check', async () => {
    const result = await inProcess(credentialEnv('wrong-secret'));
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('status 401, body object {internalCode, message, error}, code invalid_client');
    expect(result.stdout).toContain('Check the client ID, secret and token URL.');
    expect(result.stdout).not.toContain('wrong-secret');
  });
});
