import { serve } from '../../src/app/entry';
import { loadCredential } from '../../src/settings/credential';
import { createHarness, OWNER } from '../formulas/harness';
import { withGlobals } from '../helpers/with-globals';

describe('serve(): an unexpected error', () => {
  test('logs its stack for the maintainer with every secret blanked, and shows the user a plain sentence', () => {
    const h = createHarness();
    h.saveCredential(OWNER, 'demo', true);
    let secret = '';
    const thrown = withGlobals(h.emu.globals, () => {
      try {
        serve('sidebar', (ex) => {
          secret = loadCredential(ex, 'user').clientSecret;
          // A bug whose message happens to hold the secret and a header.
          throw new TypeError(`cannot read rows of ${secret}; header Bearer abc.def-123`);
        });
      } catch (error) {
        return error as Error;
      }
      throw new Error('serve() did not throw');
    });
    expect(secret).not.toBe('');
    expect(thrown.message).toBe(
      'Something unexpected went wrong in Creator Reporting. Try again; if it keeps happening, report it with the steps that led here.',
    );
    const log = h.emu.logs.join('\n');
    expect(log).toContain(
      'Creator Reporting: unexpected error in a sidebar call: TypeError: cannot read rows of [secret]; header Bearer [secret]',
    );
    // The stack's frames, not just the name: where the bug is.
    expect(log).toMatch(/\n\s+at .*entry\.test\.ts/);
    expect(log).not.toContain(secret);
    expect(log).not.toContain('abc.def-123');
  });

  test('an expected error (the user can fix it) is not logged as a bug', () => {
    const h = createHarness();
    const thrown = withGlobals(h.emu.globals, () => {
      try {
        serve('sidebar', (ex) => loadCredential(ex, 'user'));
      } catch (error) {
        return error as Error;
      }
      throw new Error('serve() did not throw');
    });
    expect(thrown.message).toMatch(/^No Creator Reporting credential is saved\./);
    expect(h.emu.logs.join('\n')).not.toContain('unexpected');
  });
});
