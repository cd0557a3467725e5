import { spawn, type ChildProcess } from 'node:child_process';
import { createEmulator, httpTransport, type HttpTransport } from '../../emulator';

// A tiny server in a child process: the test thread blocks in Atomics.wait during a send.
const SERVER = `
const http = require('http');
// It answers each request with how many were in flight at once when it arrived (inFlight).
let inFlight = 0;
http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    if (req.url.startsWith('/hang')) return;
    inFlight++;
    const seen = inFlight;
    const wait = /^\\/slow\\/(\\d+)/.exec(req.url);
    setTimeout(() => {
      inFlight--;
      res.writeHead(req.url.startsWith('/fail') ? 502 : 200, { 'Content-Type': 'application/json', 'X-Echo': 'yes' });
      res.end(JSON.stringify({ method: req.method, url: req.url, auth: req.headers.authorization || null, body, inFlight: seen }));
    }, wait ? Number(wait[1]) : 0);
  });
}).listen(0, '127.0.0.1', function () { process.stdout.write(String(this.address().port) + '\\n'); });
`;

let server: ChildProcess;
let base: string;
let transport: HttpTransport;
/** For the requests that hang: each waits out the whole timeout, so a short one (still ample for a local answer). */
let impatient: HttpTransport;

beforeAll(async () => {
  server = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) => server.stdout!.once('data', (d) => resolve(String(d).trim())));
  base = `http://127.0.0.1:${port}`;
  transport = httpTransport({ timeoutMs: 1500 });
  impatient = httpTransport({ timeoutMs: 500 });
});

afterAll(() => {
  transport.close();
  impatient.close();
  server.kill();
});

describe('httpTransport', () => {
  it('does a synchronous real request', () => {
    const [res] = transport.send([{ method: 'POST', url: `${base}/echo`, headers: { Authorization: 'Bearer x' }, body: 'a=1' }]);
    expect(res).toMatchObject({ status: 200, headers: { 'x-echo': 'yes', 'content-type': 'application/json' } });
    expect(JSON.parse((res as { body: string }).body)).toEqual({
      method: 'POST',
      url: '/echo',
      auth: 'Bearer x',
      body: 'a=1',
      inFlight: 1,
    });
  });

  it('sends a batch in parallel: the server sees all four in flight at once', () => {
    const results = transport.send(
      [300, 300, 300, 300].map((ms, i) => ({ method: 'GET', url: `${base}/slow/${ms}?i=${i}`, headers: {}, body: '' })),
    );
    expect(results.map((r) => (r as { status: number }).status)).toEqual([200, 200, 200, 200]);
    const seen = results.map((r) => (JSON.parse((r as { body: string }).body) as { inFlight: number }).inFlight);
    expect(Math.max(...seen)).toBe(4);
  });

  it('turns a refused connection and a timeout into network failures', () => {
    const [refused] = transport.send([{ method: 'GET', url: 'http://127.0.0.1:1/', headers: {}, body: '' }]);
    expect(refused).toHaveProperty('networkError');
    const [hung] = impatient.send([{ method: 'GET', url: `${base}/hang`, headers: {}, body: '' }]);
    expect(hung).toEqual({ networkError: expect.stringMatching(/time|abort/i) });
    // The transport still works after a timeout.
    const [ok] = impatient.send([{ method: 'GET', url: `${base}/after`, headers: {}, body: '' }]);
    expect(ok).toMatchObject({ status: 200 });
  });

  it('drives UrlFetchApp end to end', () => {
    const emu = createEmulator({ transport });
    const res = emu.globals.UrlFetchApp.fetch(`${base}/fail`, { muteHttpExceptions: true });
    expect(res.getResponseCode()).toBe(502);
    expect(() => emu.globals.UrlFetchApp.fetch(`${base}/fail`)).toThrow(/Request failed for http:\/\/127\.0\.0\.1:\d+ returned code 502/);
    const hanging = createEmulator({ transport: impatient });
    expect(() => hanging.globals.UrlFetchApp.fetch(`${base}/hang`)).toThrow(`Address unavailable: ${base}/hang`);
    const all = emu.globals.UrlFetchApp.fetchAll([`${base}/a`, `${base}/b`]);
    expect(all.map((r) => JSON.parse(r.getContentText()).url)).toEqual(['/a', '/b']);
  });
});
