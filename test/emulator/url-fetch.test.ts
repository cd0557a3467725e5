import type { TransportRequest } from '../../emulator/transport-types';
import { newEmulator } from './helpers';

const BASE = 'https://api.example.com';

describe('UrlFetchApp.fetch', () => {
  it('sends method, headers and payload, and reads the response', () => {
    const seen: TransportRequest[] = [];
    const emu = newEmulator({}, seen);
    const res = emu.globals.UrlFetchApp.fetch(`${BASE}/x?a=1`, {
      method: 'post',
      headers: { Authorization: 'Bearer t' },
      payload: JSON.stringify({ a: 1 }),
      contentType: 'application/json',
    });
    expect(seen[0]).toEqual({
      method: 'POST',
      url: `${BASE}/x?a=1`,
      headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json' },
      body: '{"a":1}',
    });
    expect(res.getResponseCode()).toBe(200);
    expect(JSON.parse(res.getContentText()).method).toBe('POST');
    expect(res.getHeaders()).toMatchObject({ 'content-type': 'application/json', 'x-path': '/x?a=1' });
    expect(res.getAllHeaders()).toMatchObject({ 'x-path': '/x?a=1' });
    expect(res.getBlob().getDataAsString()).toBe(res.getContentText());
  });

  it('defaults to GET with no body, and form-encodes an object payload', () => {
    const seen: TransportRequest[] = [];
    const emu = newEmulator({}, seen);
    emu.globals.UrlFetchApp.fetch(`${BASE}/get`);
    emu.globals.UrlFetchApp.fetch(`${BASE}/form`, { method: 'post', payload: { grant_type: 'client_credentials', scope: 'a b&c' } });
    expect(seen[0]).toEqual({ method: 'GET', url: `${BASE}/get`, headers: {}, body: '' });
    expect(seen[1].body).toBe('grant_type=client_credentials&scope=a%20b%26c');
    expect(seen[1].headers['Content-Type']).toBe('application/x-www-form-urlencoded');
  });

  it('throws like Apps Script on HTTP errors unless muted', () => {
    const emu = newEmulator();
    expect(() => emu.globals.UrlFetchApp.fetch(`${BASE}/status/500`)).toThrow(
      /^Request failed for https:\/\/api\.example\.com returned code 500\. Truncated server response: \{"method":"GET".*\(use muteHttpExceptions option to examine full response\)$/,
    );
    const muted = emu.globals.UrlFetchApp.fetch(`${BASE}/status/429`, { muteHttpExceptions: true });
    expect(muted.getResponseCode()).toBe(429);
  });

  it('enforces the URL length limit and reports network failures', () => {
    const emu = newEmulator();
    const long = `${BASE}/${'a'.repeat(2082 - BASE.length - 1)}`;
    expect(long.length).toBe(2082);
    expect(emu.globals.UrlFetchApp.fetch(long).getResponseCode()).toBe(200);
    expect(() => emu.globals.UrlFetchApp.fetch(`${long}b`)).toThrow('Limit Exceeded: URLFetch URL Length.');
    expect(() => emu.globals.UrlFetchApp.fetch(`${BASE}/down`)).toThrow(`Address unavailable: ${BASE}/down`);
    expect(() => emu.globals.UrlFetchApp.fetch('ftp://nope')).toThrow(/Invalid argument/);
  });

  it('counts calls and round trips, and advances the clock by latency plus delay', () => {
    const emu = newEmulator({ latencyMs: 100 });
    const t0 = emu.clock.now();
    emu.globals.UrlFetchApp.fetch(`${BASE}/a`);
    expect(emu.clock.now()).toBe(t0 + 100);
    emu.globals.UrlFetchApp.fetchAll([`${BASE}/delay/300`, { url: `${BASE}/delay/700` }, `${BASE}/b`]);
    expect(emu.clock.now()).toBe(t0 + 100 + 100 + 700);
    expect(emu.counters).toMatchObject({ fetchCalls: 1, fetchAllCalls: 1, requests: 4, roundTrips: 2 });
  });
});

describe('UrlFetchApp.fetchAll', () => {
  it('returns responses in order, in one round trip', () => {
    const emu = newEmulator();
    const res = emu.globals.UrlFetchApp.fetchAll([
      { url: `${BASE}/1`, muteHttpExceptions: true },
      { url: `${BASE}/status/404`, muteHttpExceptions: true },
    ]);
    expect(res.map((r) => r.getResponseCode())).toEqual([200, 404]);
    expect(emu.counters.roundTrips).toBe(1);
  });

  it('throws for the whole call on a network failure or an unmuted HTTP error', () => {
    const emu = newEmulator();
    expect(() => emu.globals.UrlFetchApp.fetchAll([`${BASE}/1`, `${BASE}/down`])).toThrow(`Address unavailable: ${BASE}/down`);
    expect(() => emu.globals.UrlFetchApp.fetchAll([`${BASE}/1`, `${BASE}/status/503`])).toThrow(/returned code 503/);
  });

  it('does not emulate what it does not know', () => {
    const emu = newEmulator();
    expect(() => (emu.globals.UrlFetchApp as unknown as { fetchAsync(): void }).fetchAsync()).toThrow(
      'UrlFetchApp.fetchAsync is not emulated',
    );
  });
});
