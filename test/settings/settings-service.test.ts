import { FORMULAS_NOT_ALLOWED_MESSAGE, loadCredential, NOT_CONFIGURED_MESSAGE } from '../../src/settings/credential';
import { maskSecret } from '../../src/settings/mask';
import { clearSettings, getSettings, saveSettings, testConnection } from '../../src/settings/settings-service';
import { checkUrl } from '../../src/settings/url-check';
import { caught } from '../api/helpers/caught';
import { BASE, SECRET, stubbed, TOKEN_URL } from '../api/helpers/stub-api';
import { json } from '../api/helpers/api-world';
import { sidebarWorld } from '../sidebar/world';

const input = { clientId: 'client-1', clientSecret: SECRET, apiBaseUrl: BASE, tokenUrl: TOKEN_URL };

describe('saveSettings', () => {
  it('checks the credential against the token endpoint, stores it in user properties, and masks the secret', () => {
    const { api, world } = stubbed();
    const view = saveSettings(world.execution(), input);
    expect(api.mints).toBe(1);
    expect(view).toEqual({
      configured: true,
      clientId: 'client-1',
      clientSecretMasked: '••••••••1234',
      apiBaseUrl: BASE,
      tokenUrl: TOKEN_URL,
      allowFormulas: false,
      userEmail: 'owner@example.com',
      permissions: { missing: [], authorizationUrl: null },
      demo: false,
    });
    expect(JSON.stringify(view)).not.toContain(SECRET);
    expect(JSON.parse(world.userProperties.getProperty('creator.settings')!)).toEqual(input);
  });

  describe('checks a data endpoint (the site list), not only the token', () => {
    const sites = (_req: unknown, url: { path: string }) => url.path.endsWith('/sites');
    it.each([
      [404, 'has no such address (status 404)', 'NOT_FOUND'],
      [403, 'refused access (status 403', 'FORBIDDEN'],
      [401, 'refused the credential (status 401', 'AUTH_FAILED'],
    ])('a %s from the site list refuses the save, naming the URL, and stores nothing', (status, words, code) => {
      const { api, world } = stubbed();
      api.fail({ match: sites, respond: () => json(status, { internalCode: 'nope' }), times: 50 });
      const error = caught(() => saveSettings(world.execution(), input));
      expect(error.code).toBe(code);
      expect(error.message).toContain(`the site list at ${BASE}/sites ${words}`);
      expect(error.message).toMatch(/Check the API base URL .*Nothing was saved\.$/);
      expect(error.message).not.toContain(SECRET);
      expect(world.userProperties.getKeys().length).toBe(0);
    });

    it.each([
      ['429s', () => json(429, { internalCode: 'slow_down' })],
      ['a 503', () => json(503, {})],
      ['no answer', () => 'network' as const],
    ])('%s from the site list: saved, with a warning that the API could not be reached to check it', (_what, respond) => {
      const { api, world } = stubbed();
      api.fail({ match: sites, respond, times: 50 });
      const view = saveSettings(world.execution(), input);
      expect(view.configured).toBe(true);
      expect(view.warning).toMatch(
        new RegExp(`^Saved, but the Creator API could not be reached to check it: reading the site list at ${BASE}/sites failed\\.`),
      );
      expect(view.warning).toMatch(/Use Test connection once it answers\.$/);
      expect(JSON.parse(world.userProperties.getProperty('creator.settings')!)).toEqual(input);
    });

    it('a site list that answers leaves no warning', () => {
      const { world } = stubbed();
      expect(saveSettings(world.execution(), input).warning).toBeUndefined();
    });
  });

  describe('a token endpoint that cannot be reached saves with a warning; one that says no refuses', () => {
    const token = (req: { url: string }) => req.url === TOKEN_URL;
    const tokenTries = (world: ReturnType<typeof stubbed>['world']) => world.stats.requests.filter(token).length;
    it.each([
      ['429s', () => json(429, { internalCode: 'slow_down' }), 'status 429, slow_down'],
      ['a 503', () => json(503, {}), 'status 503'],
      ['no answer', () => 'network' as const, 'no answer'],
      ['a 502 whose body echoes the secret', () => json(502, { internalCode: SECRET, message: SECRET }), 'status 502'],
    ])('%s from the token URL: saved, with a warning that the credential could not be checked', (_what, respond, reason) => {
      const { api, world } = stubbed();
      api.fail({ match: token, respond, times: 50 });
      const view = saveSettings(world.execution(), input);
      expect(view.configured).toBe(true);
      expect(view.warning).toBe(
        `Saved, but the credential could not be checked: the token URL ${TOKEN_URL} could not be reached (${reason}), so neither the secret nor the API base URL was tried. Use Test connection once it answers.`,
      );
      expect(JSON.stringify(view)).not.toContain(SECRET);
      expect(JSON.parse(world.userProperties.getProperty('creator.settings')!)).toEqual(input);
      // The person waits in the sidebar: two tries, not the five a report run gets.
      expect(tokenTries(world)).toBe(2);
      expect(api.dataRequests).toHaveLength(0);
    });

    it('does not sit through a long Retry-After: saves with the warning after the first answer', () => {
      const { api, world } = stubbed();
      api.fail({ match: token, respond: () => ({ ...json(429, {}), headers: { 'retry-after': '60' } }), times: 50 });
      const view = saveSettings(world.execution(), input);
      expect(view.warning).toMatch(/^Saved, but the credential could not be checked: .*\(status 429\)/);
      expect(world.stats.sleeps.filter((ms) => ms >= 2_000)).toEqual([]);
      expect(tokenTries(world)).toBe(1);
    });

    it('a token URL that answers once the retry comes saves with no warning', () => {
      const { api, world } = stubbed();
      api.fail({ match: token, respond: () => json(503, {}), times: 1 });
      expect(saveSettings(world.execution(), input).warning).toBeUndefined();
    });

    it.each([
      [400, 'invalid_client'],
      [401, 'invalid_client'],
    ])('a %s %s from the token URL still refuses and stores nothing', (status, code) => {
      const { api, world } = stubbed();
      api.fail({ match: token, respond: () => json(status, { internalCode: code }), times: 50 });
      const error = caught(() => saveSettings(world.execution(), input));
      expect(error.code).toBe('AUTH_FAILED');
      expect(error.message).toBe(`The credential was rejected (status ${status}, ${code}): check or re-enter it in Settings.`);
      expect(world.userProperties.getKeys().length).toBe(0);
    });

    it('a token URL with no such address (404) still refuses', () => {
      const { api, world } = stubbed();
      api.fail({ match: token, respond: () => json(404, {}), times: 50 });
      expect(caught(() => saveSettings(world.execution(), input)).code).toBe('NOT_FOUND');
      expect(world.userProperties.getKeys().length).toBe(0);
    });
  });

  it('stores nothing when the token endpoint rejects the credential', () => {
    const { world } = stubbed();
    const error = caught(() => saveSettings(world.execution(), { ...input, clientSecret: 'wrong-secret-5678' }));
    expect(error.code).toBe('AUTH_FAILED');
    expect(error.message).not.toContain('wrong-secret');
    expect(world.userProperties.getKeys().length).toBe(0);
  });

  it('keeps the stored secret when a later save leaves it empty', () => {
    const { world } = stubbed();
    saveSettings(world.execution(), input);
    const view = saveSettings(world.execution(), { ...input, clientSecret: '' });
    expect(view.clientSecretMasked).toBe('••••••••1234');
    expect(loadCredential(world.execution(), 'user').clientSecret).toBe(SECRET);
  });

  it('needs a client ID and, the first time, a secret', () => {
    const { world } = stubbed();
    expect(caught(() => saveSettings(world.execution(), { ...input, clientId: '  ' })).message).toBe('Enter the client ID.');
    expect(caught(() => saveSettings(world.execution(), { ...input, clientSecret: undefined })).message).toBe('Enter the client secret.');
  });

  it('uses the Raptive defaults when no URLs are given', () => {
    const { world } = stubbed();
    world.handler = () => ({ status: 200, headers: {}, text: JSON.stringify({ access_token: 't', expires_in: 300 }) });
    const view = saveSettings(world.execution(), { clientId: 'c', clientSecret: 's' });
    expect(view.apiBaseUrl).toBe('https://publisher-api.raptive.com/creator-api/v1');
    expect(view.tokenUrl).toBe('https://publisher-api.raptive.com/oauth/token');
    expect(world.stats.requests[0].url).toBe('https://publisher-api.raptive.com/oauth/token');
  });

  it('rejects plain-http URLs except to this machine, before any request', () => {
    const { world } = stubbed();
    const error = caught(() => saveSettings(world.execution(), { ...input, apiBaseUrl: 'http://api.example.com/v1' }));
    expect(error.code).toBe('BAD_INPUT');
    expect(error.message).toContain('https://');
    expect(world.stats.requests).toHaveLength(0);
  });

  it('allowFormulas records consent for the active spreadsheet only', () => {
    const { world } = stubbed();
    expect(saveSettings(world.execution(), { ...input, allowFormulas: true }).allowFormulas).toBe(true);
    expect(loadCredential(world.execution('formula'), 'formula').clientId).toBe('client-1');
    const opened = world.emu.spreadsheet.id;
    world.emu.spreadsheet.id = 'another-spreadsheet'; // the same user, in another spreadsheet
    expect(getSettings(world.execution()).allowFormulas).toBe(false);
    expect(caught(() => loadCredential(world.execution('formula'), 'formula')).message).toBe(FORMULAS_NOT_ALLOWED_MESSAGE);
    world.emu.spreadsheet.id = opened;
    saveSettings(world.execution(), { ...input, clientSecret: '', allowFormulas: false });
    expect(caught(() => loadCredential(world.execution('formula'), 'formula')).code).toBe('FORMULAS_NOT_ALLOWED');
  });
});

describe('loadCredential', () => {
  it('says how to configure when nothing is saved', () => {
    const { world } = stubbed();
    const error = caught(() => loadCredential(world.execution(), 'user'));
    expect(error.code).toBe('NOT_CONFIGURED');
    expect(error.message).toBe(NOT_CONFIGURED_MESSAGE);
  });
});

describe('getSettings and clearSettings', () => {
  it('getSettings never returns the secret', () => {
    const { world } = stubbed();
    saveSettings(world.execution(), input);
    expect(JSON.stringify(getSettings(world.execution()))).not.toContain(SECRET);
  });

  it('an unconfigured view shows the defaults', () => {
    const { world } = stubbed();
    expect(getSettings(world.execution())).toMatchObject({ configured: false, clientId: '', clientSecretMasked: '', allowFormulas: false });
  });

  it('clearSettings forgets the credential, its consent and its cached token', () => {
    const { api, world } = stubbed();
    saveSettings(world.execution(), { ...input, allowFormulas: true });
    expect(Object.keys(world.userCache).some((k) => k.startsWith('creator.tok.'))).toBe(true);
    const view = clearSettings(world.execution());
    expect(view.configured).toBe(false);
    expect(world.userProperties.getKeys().length).toBe(0);
    expect(Object.keys(world.userCache).some((k) => k.startsWith('creator.tok.'))).toBe(false);
    saveSettings(world.execution(), input);
    expect(api.mints).toBe(2);
    expect(getSettings(world.execution()).allowFormulas).toBe(false);
  });
});

describe('testConnection', () => {
  it('mints a fresh token and lists the sites, active first', () => {
    const { api, world } = stubbed();
    saveSettings(world.execution(), input);
    const result = testConnection(world.execution());
    expect(api.mints).toBe(2);
    expect(result.sites.map((s) => [s.id, s.active])).toEqual([
      ['site-1', true],
      ['site-2', false],
    ]);
    expect(result.message).toBe('Connected: 2 sites (1 active).');
  });
});

describe('helpers', () => {
  it('masks short secrets completely', () => {
    expect(maskSecret('demo-secret')).toBe('••••••••');
    expect(maskSecret('')).toBe('');
  });

  it.each([
    ['https://PUBLISHER-API.raptive.com/creator-api/v1/', 'https://publisher-api.raptive.com/creator-api/v1'],
    ['http://127.0.0.1:8787/creator-api/v1', 'http://127.0.0.1:8787/creator-api/v1'],
    ['http://localhost:3000/oauth/token', 'http://localhost:3000/oauth/token'],
  ])('accepts %s', (url, normalised) => expect(checkUrl('API base URL', url)).toBe(normalised));

  it('refuses an https host the manifest does not allow, saying how to allow it', () => {
    const error = caught(() => checkUrl('API base URL', 'https://staging.example.com/creator-api/v1'));
    expect(error.code).toBe('BAD_INPUT');
    expect(error.message).toBe(
      'The API base URL https://staging.example.com/creator-api/v1 is not an address this add-on may reach (allowed: https://publisher-api.raptive.com/). ' +
        'To use it, whoever deploys the add-on must allow it: build with CREATOR_ALLOWED_URLS=https://staging.example.com/ ' +
        '(this adds it to urlFetchWhitelist in appsscript.json; see docs/platform.md) and deploy again.',
    );
    // A look-alike host is not the allowed one.
    expect(() => checkUrl('token URL', 'https://publisher-api.raptive.com.evil.example/oauth/token')).toThrow(
      /not an address this add-on may reach/,
    );
  });

  it.each(['http://example.com/v1', 'ftp://x', 'https://user:pw@host/v1', 'https://host/v1?x=1', 'https://ho st/', 'javascript:alert(1)'])(
    'rejects %s',
    (url) => expect(() => checkUrl('API base URL', url)).toThrow(/https:\/\//),
  );
});

describe('saving settings against the fake Creator API', () => {
  it('refuses the API base URL with a wrong path on the allowed host, naming the URL it tried', () => {
    const w = sidebarWorld();
    const wrong = 'https://publisher-api.raptive.com/creator-api/v2';
    const error = caught(() => saveSettings(w.ex(), { clientId: 'demo-client', clientSecret: 'demo-secret', apiBaseUrl: wrong }));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toContain(`the site list at ${wrong}/sites has no such address (status 404`);
    expect(getSettings(w.ex()).configured).toBe(false);
  });
});
