/**
 * `npm start`: the real dist/Code.js on the Apps Script emulator, served as a sheet-like page with
 * the add-on's sidebar beside it, against the embedded fake API. Honours PORT and HOST
 * (127.0.0.1 by default), PLAYGROUND_STATE (state folder), PLAYGROUND_API=real (send the default
 * API address to the network), PLAYGROUND_TZ, PLAYGROUND_API_LATENCY_MS (real time each round
 * trip for report pages to the embedded API takes, default 0), PLAYGROUND_SLOW (a number N: Google's
 * time limit enforced, every sheet call taking the bench's cost model times N on the virtual
 * clock, so a big pull cannot fit in one execution and continues call after call; default off),
 * PLAYGROUND_COPY (`cited`: with PLAYGROUND_SLOW, Range.copyTo priced at a third of a write) and
 * PLAYGROUND_DIST (the build to serve, default dist/: the tests serve the build of their own run).
 */
import fs from 'node:fs';
import path from 'node:path';
import { MessageChannel, Worker } from 'node:worker_threads';
import { CallQueue, type FrontAnswer, type FrontRequest } from './call-queue';
import { PlaygroundSession, messageOf } from './session';
import { withBridge } from './sidebar-bridge';

const ROOT = path.resolve(__dirname, '..');
const PUBLIC = path.join(__dirname, 'public');
const STATIC: Record<string, [string, string]> = {
  '/': ['index.html', 'text/html; charset=utf-8'],
  '/playground.js': ['playground.js', 'text/javascript; charset=utf-8'],
  '/playground.css': ['playground.css', 'text/css; charset=utf-8'],
};

/**
 * The charting library, for the playground page only (the add-on never loads it): served from
 * node_modules, so the playground works offline and never asks a CDN.
 */
const CHART_LIBRARY = path.join(ROOT, 'node_modules', 'chart.js', 'dist', 'chart.umd.min.js');

function json(status: number, body: unknown): FrontAnswer {
  return { status, type: 'application/json', body: JSON.stringify(body) };
}

function parseBody(text: string): Record<string, unknown> {
  try {
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    throw new Error('The request body is not JSON.');
  }
}

/**
 * One request, answered synchronously on the main thread (where the emulator lives). `alongside`:
 * another call is running and waits in a service call (then only what mayRunAlongside accepts).
 */
function route(s: PlaygroundSession, request: FrontRequest, alongside: boolean): FrontAnswer {
  try {
    const url = new URL(request.url, 'http://localhost');
    if (request.method === 'GET' && STATIC[url.pathname]) {
      const [file, type] = STATIC[url.pathname];
      return { status: 200, type, body: fs.readFileSync(path.join(PUBLIC, file), 'utf8') };
    }
    if (request.method === 'GET' && url.pathname === '/vendor/chart.js') {
      return { status: 200, type: 'text/javascript; charset=utf-8', body: fs.readFileSync(CHART_LIBRARY, 'utf8') };
    }
    if (request.method === 'GET' && url.pathname === '/sidebar') {
      const html = s.sidebarHtml();
      return html ? { status: 200, type: 'text/html; charset=utf-8', body: withBridge(html) } : json(404, { error: 'No sidebar is open.' });
    }
    if (request.method === 'GET' && url.pathname === '/api/state') {
      return json(200, s.view(url.searchParams.get('sheet') ?? undefined, Math.max(0, Number(url.searchParams.get('offset')) || 0)));
    }
    if (request.method !== 'POST') return json(404, { error: 'Not found.' });
    const body = parseBody(request.body);
    switch (url.pathname) {
      case '/api/run':
        return json(200, s.run(String(body.fn), Array.isArray(body.args) ? body.args : [], alongside));
      case '/api/menu':
        return json(200, { ok: true, ...s.menu(String(body.handler), typeof body.answer === 'string' ? body.answer : undefined) });
      case '/api/cell':
        s.setCell(String(body.sheet), Number(body.row), Number(body.col), String(body.input ?? ''));
        return json(200, { ok: true });
      case '/api/sheet':
        s.addSheet(String(body.name));
        return json(200, { ok: true });
      case '/api/sheet/lines':
        s.changeLines(String(body.sheet), String(body.dimension), String(body.action), Number(body.index));
        return json(200, { ok: true });
      case '/api/sheet/sort': {
        const range = (body.range ?? {}) as Record<string, unknown>;
        s.sortRange(
          String(body.sheet),
          { row: Number(range.row), col: Number(range.col), rows: Number(range.rows), cols: Number(range.cols) },
          Number(body.column),
          body.ascending !== false,
        );
        return json(200, { ok: true });
      }
      case '/api/sheet/rename':
        s.renameSheet(String(body.sheet), String(body.name ?? ''));
        return json(200, { ok: true });
      case '/api/clock':
        return json(200, { fired: s.advanceClock(Math.max(0, Number(body.advanceMs) || 0)) });
      case '/api/sidebar/close':
        s.closeSidebar();
        return json(200, { ok: true });
      case '/api/reset':
        s.reset();
        return json(200, { ok: true });
      default:
        return json(404, { error: 'Not found.' });
    }
  } catch (error) {
    return json(400, { error: messageOf(error) });
  }
}

/**
 * What may be answered while another call runs: reading the page's files and the grid, and the
 * sidebar calls the session lets run alongside (a progress poll). Anything else waits its turn.
 */
function mayRunAlongside(s: PlaygroundSession, request: FrontRequest): boolean {
  if (request.method === 'GET') return true;
  try {
    const run = request.method === 'POST' && new URL(request.url, 'http://localhost').pathname === '/api/run';
    return run && s.mayRunAlongside(String(parseBody(request.body).fn));
  } catch {
    return false;
  }
}

export async function startPlayground(opts: {
  port: number;
  host: string;
  stateDir: string;
  apiMode: 'embedded' | 'real';
  timeZone: string;
  apiLatencyMs: number;
  /** PLAYGROUND_SLOW: the emulator's limits mode at the cost model times this; absent: off. */
  slow?: number;
  /** PLAYGROUND_COPY=cited: with PLAYGROUND_SLOW, a copy priced at a third of a write. */
  copyCited?: boolean;
  distDir?: string;
}) {
  const distDir = opts.distDir ?? path.join(ROOT, 'dist');
  if (!fs.existsSync(path.join(distDir, 'Code.js')))
    throw new Error(`${path.join(distDir, 'Code.js')} is missing: run \`npm run build\` first.`);
  // HTTP is served by a worker thread, so a poll reaches this thread while a pull runs here.
  const signal = new SharedArrayBuffer(4);
  const nudge = new Int32Array(signal);
  const { port1, port2 } = new MessageChannel();
  const front = new Worker(path.join(__dirname, 'http-front.js'), {
    workerData: { port: port2, signal, host: opts.host, listenPort: opts.port },
    transferList: [port2],
  });
  const port = await new Promise<number>((resolve, reject) => {
    front.once('message', (m: { port?: number; error?: string }) => (m.port !== undefined ? resolve(m.port) : reject(new Error(m.error))));
    front.once('error', reject);
  });
  let calls: CallQueue | null = null;
  const session = new PlaygroundSession({
    distDir,
    stateDir: opts.stateDir,
    selfHost: `${opts.host}:${port}`,
    apiMode: opts.apiMode,
    timeZone: opts.timeZone,
    apiLatencyMs: opts.apiLatencyMs,
    slow: opts.slow,
    copyCited: opts.copyCited,
    whileWaiting: (ms) => calls?.whileWaiting(ms),
  });
  calls = new CallQueue(
    port1,
    nudge,
    (request, alongside) => route(session, request, alongside),
    (request) => mayRunAlongside(session, request),
  );
  const url = `http://${opts.host}:${port}/`;
  return {
    url,
    session,
    close: async () => {
      session.saveNow();
      port1.close();
      await front.terminate();
    },
  };
}

if (require.main === module) {
  const host = process.env.HOST || '127.0.0.1';
  const port = process.env.PORT === undefined ? 8080 : Number(process.env.PORT);
  startPlayground({
    host,
    port,
    stateDir: path.resolve(process.env.PLAYGROUND_STATE || path.join(ROOT, '.playground')),
    apiMode: process.env.PLAYGROUND_API === 'real' ? 'real' : 'embedded',
    timeZone: process.env.PLAYGROUND_TZ || 'America/New_York',
    apiLatencyMs: Math.max(0, Number(process.env.PLAYGROUND_API_LATENCY_MS) || 0),
    slow: Number(process.env.PLAYGROUND_SLOW) > 0 ? Number(process.env.PLAYGROUND_SLOW) : undefined,
    copyCited: process.env.PLAYGROUND_COPY === 'cited',
    distDir: process.env.PLAYGROUND_DIST ? path.resolve(process.env.PLAYGROUND_DIST) : undefined,
  })
    .then(({ url, session }) => {
      const demo = session.api.credentials.demo;
      console.log(JSON.stringify({ url }));
      console.log(`Creator Reporting playground: ${url}`);
      console.log(`Demo credential: client ID ${demo.clientId}, client secret ${demo.clientSecret}`);
      console.log('Open Extensions > Creator Reporting > Open sidebar, save the credential, pull a report.');
      const stop = () => {
        session.saveNow();
        process.exit(0);
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    })
    .catch((error: unknown) => {
      console.error(`The playground could not start: ${messageOf(error)}`);
      process.exit(1);
    });
}
