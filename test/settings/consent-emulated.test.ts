import { createClient } from '../../src/api/client';
import { findReport } from '../../src/catalog/reports';
import { loadCredential } from '../../src/settings/credential';
import { saveSettings, testConnection } from '../../src/settings/settings-service';
import { caught } from '../api/helpers/caught';
import { emulated } from '../api/helpers/emulated';

describe('settings on the emulator', () => {
  function saved(allowFormulas: boolean) {
    const env = emulated();
    const { emu, api, credential } = env;
    const view = emu.runAs({ user: emu.owner }, () =>
      saveSettings(env.execution(), {
        clientId: api.credentials.demo.clientId,
        clientSecret: api.credentials.demo.clientSecret,
        apiBaseUrl: credential.apiBaseUrl,
        tokenUrl: credential.tokenUrl,
        allowFormulas,
      }),
    );
    return { ...env, view };
  }

  it("an editor's formula uses the owner's credential only after the owner allowed formulas here", () => {
    const { emu, execution } = saved(true);
    const editor = emu.users[1];
    const credential = emu.runAs({ user: editor, mode: 'customFunction' }, () => loadCredential(execution('formula'), 'formula'));
    expect(credential.clientId).toBe('demo-client');
    // The editor's own sidebar sees the editor's own (empty) settings.
    expect(emu.runAs({ user: editor }, () => caught(() => loadCredential(execution(), 'user'))).code).toBe('NOT_CONFIGURED');
  });

  it("without the owner's consent a formula is FORMULAS_NOT_ALLOWED, for the owner too", () => {
    const { emu, execution } = saved(false);
    const error = emu.runAs({ user: emu.owner, mode: 'customFunction' }, () =>
      caught(() => loadCredential(execution('formula'), 'formula')),
    );
    expect(error.code).toBe('FORMULAS_NOT_ALLOWED');
  });

  it('testConnection lists the demo sites, active first', () => {
    const { emu, execution, view } = saved(false);
    expect(view.clientSecretMasked).toBe('••••••••');
    const result = emu.runAs({ user: emu.owner }, () => testConnection(execution()));
    expect(result.sites.at(-1)).toMatchObject({ id: 'site-old', active: false });
    expect(result.message).toMatch(/^Connected: 5 sites \(4 active\)\.$/);
  });

  it('the secret and tokens stay out of logs, cache keys and every error message', () => {
    const { emu, api, execution, credential } = saved(true);
    const messages: string[] = [];
    const spec = findReport('pages/performance')!;
    const q = { siteId: 'site-1', startDate: '2026-10-01', endDate: '2026-10-31' };
    const attempts: Array<() => void> = [
      () => api.inject({ kind: 'status', status: 400, times: 9, path: 'pages' }),
      () => api.inject({ kind: 'status', status: 503, times: 9, path: 'pages' }),
      () => api.inject({ kind: 'malformed', path: 'pages' }),
      () => api.inject({ kind: 'countChange', path: 'pages' }),
      () => (api.revoke(credential.clientId), api.expireTokens()),
    ];
    for (const arrange of attempts) {
      arrange();
      const error = caught(() => createClient(execution(), credential, { bypassCache: true, random: () => 0 }).fetchRows(spec, q));
      messages.push(error.message);
      api.clearFaults();
    }
    api.restore(credential.clientId);
    createClient(execution(), credential).fetchRows(spec, q);
    const { caches } = emu.snapshot();
    const keys = [
      ...Object.values(caches.user).flatMap((perUser) => Object.keys(perUser)),
      ...Object.keys(caches.document),
      ...Object.keys(caches.script),
    ];
    expect(keys.some((k) => k.startsWith('creator.tok.'))).toBe(true);
    expect(keys.some((k) => k.startsWith('creator.r.'))).toBe(true);
    for (const text of [...messages, ...emu.logs, ...keys]) {
      expect(text).not.toContain(credential.clientSecret);
      expect(text).not.toMatch(/Bearer|access_token|fk\./);
    }
    expect(messages).toHaveLength(5);
  });
});
