/**
 * The thin runner's fake API lives in a realm of its own (bench/fake-api-realm.ts): built in the
 * add-on's realm, its rows (literals keyed as the JSON is, whole numbers read from Float64Arrays)
 * widened the hidden class JSON.parse gives a page's rows, and every whole number the add-on then
 * parsed was a boxed double. The pages must read the same either way; only where they are made
 * changes.
 */
import * as v8 from 'node:v8';
import { createFakeApi, type FakeApi } from '../../fake-api';
import { fakeApiInOwnRealm } from '../../bench/fake-api-realm';
import { API_BASE_URL, SEED, TOKEN_URL } from '../../bench/world';

const NOW = Date.parse('2026-11-21T15:00:00Z');

/** A page of pages/performance as the add-on asks for it, token first. */
function pageText(api: FakeApi): string {
  const { clientId, clientSecret } = api.credentials.bench;
  const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
  const token = api.handle({
    method: 'post',
    url: TOKEN_URL,
    headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  if (!('body' in token)) throw new Error('no token');
  const { access_token } = JSON.parse(token.body) as { access_token: string };
  const page = api.handle({
    method: 'get',
    url: `${API_BASE_URL}/sites/site-big/pages/performance?startDate=2026-10-01&endDate=2026-10-31&page=1&pageSize=500`,
    headers: { Authorization: `Bearer ${access_token}` },
    body: '',
  });
  if (!('body' in page) || page.status !== 200) throw new Error(`no page: ${JSON.stringify(page)}`);
  return page.body;
}

// Whether every value is a small integer as V8 holds it (not a boxed double): an array of them
// keeps V8's small-integer elements. The only way to ask V8 this; the flag affects code compiled
// from here on, in this realm.
v8.setFlagsFromString('--allow-natives-syntax');
const smallIntegers = new Function('values', 'return %HasSmiElements(values.slice())') as (values: number[]) => boolean;
const impressionsOf = (text: string): number[] =>
  (JSON.parse(text) as { data: Array<{ impressions: number }> }).data.map((row) => row.impressions);

describe('the fake API in a realm of its own', () => {
  // Order matters: the realm's hidden classes, once widened by the in-realm fake API, stay widened.
  let own: string;
  let ownNumbers: boolean;
  beforeAll(() => {
    own = pageText(fakeApiInOwnRealm({ now: () => NOW, seed: SEED }));
    ownNumbers = smallIntegers(impressionsOf(own));
  });

  it('serves the same page, character for character, as the fake API built here', () => {
    const here = pageText(createFakeApi({ now: () => NOW, seed: SEED }));
    expect(own.length).toBeGreaterThan(10_000);
    expect(own).toBe(here);
  });

  it('makes objects that are not this realm’s', () => {
    const api = fakeApiInOwnRealm({ now: () => NOW, seed: SEED });
    const site = api.sites()[0];
    expect(site.id).toBe('site-1');
    expect(site).not.toBeInstanceOf(Object);
  });

  it('leaves this realm parsing whole numbers as small integers, which the fake API built here does not', () => {
    expect(impressionsOf(own).every(Number.isInteger)).toBe(true);
    expect(ownNumbers).toBe(true);
    // The control: once the fake API has built its rows in this realm, the same text parses to
    // boxed doubles (if V8 ever stops widening, this says so and the realm can go).
    const here = createFakeApi({ now: () => NOW, seed: SEED });
    for (let i = 0; i < 3; i++) pageText(here);
    expect(smallIntegers(impressionsOf(own))).toBe(false);
  });
});
