/**
 * `npm start`: the real dist/Code.js on the Apps Script emulator, served as a sheet-like page with
 * the add-on's sidebar beside it, against the embedded fake API. Honours PORT and HOST
 * (127.0.0.1 by default), PLAYGROUND_STATE (state folder), PLAYGROUND_API=real (send the default
 * API address to the network) and PLAYGROUND_TZ.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
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

function readBody(request: http.IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      try {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve(text ? (JSON.parse(text) as Record<string, unknown>) : {});
      } catch {
        reject(new Error('The request body is not JSON.'));
      }
    });
    request.on('error', reject);
  });
}

function send(response: http.ServerResponse, status: number, body: unknown, type = 'application/json'): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
  response.end(text);
}

export async function startPlayground(opts: { port: number; host: string; stateDir: string; apiMode: 'embedded' | 'real'; timeZone: string }) {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'Code.js'))) throw new Error('dist/Code.js is missing: run `npm run build` first.');
  let session: PlaygroundSession | null = null;
  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    try {
      const s = session!;
      if (request.method === 'GET' && STATIC[url.pathname]) {
        const [file, type] = STATIC[url.pathname];
        return send(response, 200, fs.readFileSync(path.join(PUBLIC, file), 'utf8'), type);
      }
      if (request.method === 'GET' && url.pathname === '/vendor/chart.js') {
        return send(response, 200, fs.readFileSync(CHART_LIBRARY, 'utf8'), 'text/javascript; charset=utf-8');
      }
      if (request.method === 'GET' && url.pathname === '/sidebar') {
        const html = s.sidebarHtml();
        return html ? send(response, 200, withBridge(html), 'text/html; charset=utf-8') : send(response, 404, { error: 'No sidebar is open.' });
      }
      if (request.method === 'GET' && url.pathname === '/api/state') {
        return send(response, 200, s.view(url.searchParams.get('sheet') ?? undefined, Math.max(0, Number(url.searchParams.get('offset')) || 0)));
      }
      if (request.method !== 'POST') return send(response, 404, { error: 'Not found.' });
      const body = await readBody(request);
      switch (url.pathname) {
        case '/api/run':
          return send(response, 200, s.run(String(body.fn), Array.isArray(body.args) ? body.args : []));
        case '/api/menu':
          s.menu(String(body.handler), typeof body.answer === 'string' ? body.answer : undefined);
          return send(response, 200, { ok: true });
        case '/api/cell':
          s.setCell(String(body.sheet), Number(body.row), Number(body.col), String(body.input ?? ''));
          return send(response, 200, { ok: true });
        case '/api/sheet':
          s.addSheet(String(body.name));
          return send(response, 200, { ok: true });
        case '/api/clock':
          return send(response, 200, { fired: s.advanceClock(Math.max(0, Number(body.advanceMs) || 0)) });
        case '/api/sidebar/close':
          s.closeSidebar();
          return send(response, 200, { ok: true });
        case '/api/reset':
          s.reset();
          return send(response, 200, { ok: true });
        default:
          return send(response, 404, { error: 'Not found.' });
      }
    } catch (error) {
      return send(response, 400, { error: messageOf(error) });
    }
  });
  await new Promise<void>((resolve) => server.listen(opts.port, opts.host, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  session = new PlaygroundSession({
    distDir: path.join(ROOT, 'dist'),
    stateDir: opts.stateDir,
    selfHost: `${opts.host}:${port}`,
    apiMode: opts.apiMode,
    timeZone: opts.timeZone,
  });
  const url = `http://${opts.host}:${port}/`;
  return {
    url,
    session,
    close: () =>
      new Promise<void>((resolve) => {
        session?.saveNow();
        server.close(() => resolve());
      }),
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
