import type { TransportResponse } from '../../emulator/transport-types';
import { createFakeApi, type FakeApi } from '../../fake-api/index';

/** 2026-11-21 12:00 UTC: analytics data to 2026-11-20, earnings to 2026-11-19. */
export const NOW = Date.UTC(2026, 10, 21, 12);

export interface Harness {
  api: FakeApi;
  clock: { now: number };
  token(client?: 'demo' | 'agency' | 'other'): string;
  get(path: string, token?: string): TransportResponse;
  json(path: string, token?: string): { status: number; body: any };
}

export function basic(id: string, secret: string): string {
  return `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
}

export function tokenRequest(auth: string, body = 'grant_type=client_credentials') {
  return {
    method: 'POST',
    url: 'https://anything.example/oauth/token',
    headers: { Authorization: auth, 'Content-Type': 'application/x-www-form-urlencoded' },
    body,
  };
}

export function harness(seed?: number): Harness {
  const clock = { now: NOW };
  const api = createFakeApi({ now: () => clock.now, seed });
  const tokens: Record<string, string> = {};
  const h: Harness = {
    api,
    clock,
    token(client = 'demo') {
      const c = api.credentials[client];
      const res = api.handle(tokenRequest(basic(c.clientId, c.clientSecret))) as TransportResponse;
      if (res.status !== 200) throw new Error(`token failed: ${res.status} ${res.body}`);
      return JSON.parse(res.body).access_token as string;
    },
    get(path, token) {
      const t = token ?? (tokens.demo ??= h.token('demo'));
      const res = api.handle({
        method: 'GET',
        url: `http://127.0.0.1:9/creator-api/v1${path}`,
        headers: { Authorization: `Bearer ${t}` },
        body: '',
      });
      if ('networkError' in res) throw new Error(`network error: ${res.networkError}`);
      return res;
    },
    json(path, token) {
      const res = h.get(path, token);
      return { status: res.status, body: JSON.parse(res.body) };
    },
  };
  return h;
}

/** The `?startDate=..&endDate=..` query for a range. */
export const range = (start: string, end: string) => `startDate=${start}&endDate=${end}`;
