import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TransportRequest } from '../emulator/transport-types';
import type { Drift, Fault, FakeApi, Quirks } from './index';

/**
 * The fake API over real HTTP on 127.0.0.1, for the emulator's HTTP transport, the playground and
 * manual runs. Test hooks live under /__fake/ so a test in another process can steer it.
 */
export interface FakeApiServer {
  /** Origin, e.g. http://127.0.0.1:53123 */
  url: string;
  close(): Promise<void>;
}

export async function startFakeApiServer(api: FakeApi, opts: { port?: number; host?: string } = {}): Promise<FakeApiServer> {
  const host = opts.host ?? '127.0.0.1';
  const server = createServer((req, res) => {
    readBody(req)
      .then((body) => serve(api, req, res, body, host))
      .catch((e: unknown) => send(res, 500, { internalCode: 'internal_error', message: String(e) }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function serve(api: FakeApi, req: IncomingMessage, res: ServerResponse, body: string, host: string): Promise<void> {
  const path = req.url ?? '/';
  if (req.method === 'OPTIONS') {
    res.writeHead(204, cors());
    res.end();
    return;
  }
  if (path.startsWith('/__fake/')) {
    admin(api, req.method ?? 'GET', path.slice('/__fake/'.length).split('?')[0], body, res);
    return;
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const request: TransportRequest = { method: req.method ?? 'GET', url: `http://${req.headers.host ?? host}${path}`, headers, body };
  const response = api.handle(request);
  if ('networkError' in response) {
    req.socket.destroy();
    return;
  }
  if (response.delayMs) await new Promise((resolve) => setTimeout(resolve, response.delayMs));
  res.writeHead(response.status, { ...response.headers, ...cors() });
  res.end(response.body);
}

function admin(api: FakeApi, method: string, op: string, body: string, res: ServerResponse): void {
  let input: Record<string, unknown> = {};
  try {
    input = body.trim() ? (JSON.parse(body) as Record<string, unknown>) : {};
  } catch {
    send(res, 400, { error: 'body must be JSON' });
    return;
  }
  try {
    if (method === 'GET' && op === 'stats') return send(res, 200, api.stats);
    if (method === 'GET' && op === 'state')
      return send(res, 200, { quirks: api.quirks, drift: api.drift, faults: api.faults, now: api.now() });
    if (method !== 'POST') return send(res, 405, { error: `use POST for ${op}` });
    switch (op) {
      case 'reset':
        api.reset();
        return send(res, 200, { ok: true });
      case 'quirks':
        api.setQuirks(input as Partial<Quirks>);
        return send(res, 200, api.quirks);
      case 'drift':
        api.setDrift(input as Partial<Drift>);
        return send(res, 200, api.drift);
      case 'inject':
        api.inject(input as unknown as Fault);
        return send(res, 200, { ok: true, faults: api.faults });
      case 'clear-faults':
        api.clearFaults();
        return send(res, 200, { ok: true });
      case 'revoke':
      case 'restore':
        if (typeof input.clientId !== 'string') return send(res, 400, { error: 'clientId required' });
        api[op](input.clientId);
        return send(res, 200, { ok: true });
      case 'expire-tokens':
        api.expireTokens();
        return send(res, 200, { ok: true });
      case 'clock':
        if (typeof input.offsetMs === 'number') api.setClockOffset(input.offsetMs);
        else if (typeof input.now === 'number') api.setClockOffset(input.now - (api.now() - api.clockOffsetMs));
        else return send(res, 400, { error: 'send {offsetMs} or {now}' });
        return send(res, 200, { now: api.now() });
      default:
        return send(res, 404, { error: `unknown admin operation ${op}` });
    }
  } catch (e) {
    send(res, 400, { error: (e as Error).message });
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...cors() });
  res.end(JSON.stringify(body));
}

function cors(): Record<string, string> {
  return {
    'access-control-allow-origin': '*',
    'access-control-allow-headers': 'authorization, content-type',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
