/**
 * The manifest's urlFetchWhitelist: Google refuses any other URL before sending it. That refusal
 * is not a network problem and never worth a retry (the emulator's strict variant plays it).
 */
import { BOTH_MODES, STRICT } from '../../emulator';
import { isAllowlistRefusal } from '../../src/api/allowlist';
import { createClient } from '../../src/api/client';
import { DEFAULT_API_BASE_URL, DEFAULT_TOKEN_URL } from '../../src/api/credential';
import { findReport } from '../../src/catalog/reports';
import { ensureDist } from '../build/fixture';
import { caught } from './helpers/caught';
import { emulated } from './helpers/emulated';

const devices = findReport('devices/performance')!;
const query = { siteId: 'site-1', startDate: '2026-10-01', endDate: '2026-10-31' };

beforeAll(() => ensureDist(), 120_000);

describe.each(BOTH_MODES)('the URL allowlist (%s platform)', (_mode, variants) => {
  it('the default API host works', () => {
    const w = emulated({ variants });
    const credential = { ...w.credential, apiBaseUrl: DEFAULT_API_BASE_URL, tokenUrl: DEFAULT_TOKEN_URL };
    expect(createClient(w.execution(), credential).fetchRows(devices, query).rows.length).toBeGreaterThan(0);
  });

  it('a host outside it fails at once with URL_NOT_ALLOWED (strict), never as a network error after retries', () => {
    const w = emulated({ variants });
    // Saved before the rule existed, or by hand: the settings now refuse it.
    const credential = {
      ...w.credential,
      apiBaseUrl: 'https://staging.example.com/creator-api/v1',
      tokenUrl: 'https://staging.example.com/oauth/token',
    };
    w.emu.resetCounters();
    const run = () => createClient(w.execution(), credential).fetchRows(devices, query);
    if (variants === STRICT) {
      const error = caught(run);
      expect(error.code).toBe('URL_NOT_ALLOWED');
      expect(error.message).toMatch(
        /^Google refused the request to https:\/\/staging\.example\.com\/: the add-on may only reach the addresses in its manifest/,
      );
      expect(error.message).toContain('CREATOR_ALLOWED_URLS=https://staging.example.com/');
      expect(error.message).not.toMatch(/internet|connection|tries/i);
      expect(w.emu.counters.sleptMs).toBe(0);
      expect(w.emu.counters.requests).toBe(0);
    } else {
      // The lenient emulator sends it (the in-process API ignores the host).
      expect(run().rows.length).toBeGreaterThan(0);
    }
  });
});

it("recognises the platform's wordings of the refusal", () => {
  expect(
    isAllowlistRefusal(new Error('Request to https://x.example/a failed because the URL has not been whitelisted in the script manifest.')),
  ).toBe(true);
  expect(
    isAllowlistRefusal(new Error('URL (https://x.example/) does not match any of the prefixes whitelisted for use in the add-on.')),
  ).toBe(true);
  expect(isAllowlistRefusal(new Error('Address unavailable: https://x.example/a'))).toBe(false);
});
