/**
 * Fixes made by the hardening pass in finished modules (src/api), tested at their source.
 */
import { clipQuotes, CreatorError } from '../../src/shared/errors';
import { buildUrl, MAX_URL_LENGTH } from '../../src/api/url';

describe('long user input in messages', () => {
  test.each([
    [
      'a 100 KB start date',
      `The start "${'x'.repeat(100_000)}" is not a date.`,
      /^The start "x{60}…" \(100,000 characters\) is not a date\.$/,
    ],
    ['a long non-Latin report key', `Unknown report "${'日本'.repeat(500)}".`, /^Unknown report "(日本){30}…" \(1,000 characters\)\.$/],
    ['a short quote stays whole', 'The limit "abc" must be a whole number.', /^The limit "abc" must be a whole number\.$/],
  ])('%s', (_what, message, expected) => {
    expect(new CreatorError('BAD_INPUT', message).message).toMatch(expected);
    expect(clipQuotes(message)).toMatch(expected);
  });
});

describe('URLs past the UrlFetch limit are a BAD_INPUT, not a network failure', () => {
  test('a 100 KB site ID', () => {
    let error: unknown;
    try {
      buildUrl('https://api.example.com/creator-api/v1', `/sites/${'x'.repeat(100_000)}/earnings`, [['startDate', '2026-10-01']]);
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({
      code: 'BAD_INPUT',
      message: expect.stringMatching(/more than Apps Script allows \(2,082\)\. Check the site ID and sort/),
    });
  });

  test('a URL at the limit still builds', () => {
    const base = 'https://api.example.com';
    const path = `/${'a'.repeat(MAX_URL_LENGTH - base.length - 1)}`;
    expect(buildUrl(base, path, [])).toHaveLength(MAX_URL_LENGTH);
  });
});
