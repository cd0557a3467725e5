import { tryDemoButton } from './demo-bar';
import type { ConnectionResult, SettingsInput, SettingsView } from '../../shared/types';
import { clear, el, field, setStatus } from './dom';
import type { SidebarContext, SidebarSection } from './section';

/**
 * The credential form. The secret field is a password input that is never filled: after saving,
 * the page shows only the masked value the server returns, so the secret is not in the page.
 */
/** What Clear does, said before it is done (consent goes with the credential). */
const CLEAR_EFFECT =
  'Clear forgets your credential and turns off \u201cAllow formulas\u201d in every spreadsheet where you allowed it: CREATOR_ formulas there show an error, and schedules that run with your account stop, until you save a credential and allow formulas again.';

export const settingsSection: SidebarSection = {
  id: 'settings',
  title: 'Settings',
  mount(root: HTMLElement, ctx: SidebarContext): void {
    const state = el('p', { className: 'state', 'data-test': 'settings-state' });
    const clientId = el('input', { type: 'text', autocomplete: 'off', spellcheck: 'false', name: 'clientId' });
    const secret = el('input', { type: 'password', autocomplete: 'new-password', name: 'clientSecret' });
    const secretHint = el('div', { className: 'hint gray' });
    const apiBaseUrl = el('input', { type: 'url', spellcheck: 'false', name: 'apiBaseUrl' });
    const tokenUrl = el('input', { type: 'url', spellcheck: 'false', name: 'tokenUrl' });
    const allow = el('input', { type: 'checkbox', id: 'allow-formulas', name: 'allowFormulas' });
    const save = el('button', { className: 'action', type: 'submit', text: 'Save' });
    const test = el('button', { type: 'button', text: 'Test connection' });
    const forget = el('button', { type: 'button', className: 'danger', text: 'Clear' });
    const status = el('div', { className: 'status', hidden: true, 'data-test': 'settings-status' });
    const sites = el('ul', { className: 'site-list', hidden: true, 'data-test': 'connection-sites' });

    const form = el(
      'form',
      { className: 'block', novalidate: true },
      state,
      field('Client ID', clientId),
      field('Client secret', secret, secretHint),
      el(
        'details',
        { className: 'advanced' },
        el('summary', { text: 'Advanced' }),
        field('API base URL', apiBaseUrl),
        field('Token URL', tokenUrl),
      ),
      el(
        'div',
        { className: 'form-group checkbox' },
        allow,
        el('label', { for: 'allow-formulas', text: 'Allow formulas in this spreadsheet to use my credential' }),
        el('div', {
          className: 'hint gray',
          text: 'Anyone who can edit this spreadsheet can then write CREATOR_ formulas that read your sites\u2019 numbers with your credential (they never see the secret). Saving with this on recalculates the formulas; Clear turns it off.',
        }),
      ),
      el('div', { className: 'buttons' }, save, test, forget),
      status,
      sites,
    );
    root.appendChild(form);
    // No account needed: the demo (built-in sample data) is one click away from an empty form.
    const demoOffer = el('p', { className: 'hint gray', 'data-test': 'demo-offer' }, 'No credential yet? ', tryDemoButton(ctx, status));
    root.appendChild(demoOffer);

    const show = (view: SettingsView): void => {
      clientId.value = view.clientId;
      secret.value = '';
      secret.placeholder = view.configured ? view.clientSecretMasked : 'Paste the client secret';
      secretHint.textContent = view.configured ? 'Saved. Leave empty to keep it, or paste a new one.' : '';
      apiBaseUrl.value = view.apiBaseUrl;
      tokenUrl.value = view.tokenUrl;
      allow.checked = view.allowFormulas;
      state.textContent = view.configured
        ? `Connected with client ID ${view.clientId}${view.userEmail ? ` for ${view.userEmail}` : ''}.`
        : 'Not set up yet: enter the client ID and secret from your dashboard\u2019s API settings.';
      test.disabled = !view.configured;
      forget.disabled = !view.configured;
      demoOffer.hidden = view.configured || view.demo === true;
    };
    const busy = (on: boolean): void => {
      for (const b of [save, test, forget]) b.disabled = on;
      if (!on) {
        const view = ctx.settings();
        test.disabled = !view?.configured;
        forget.disabled = !view?.configured;
      }
    };
    const changed = (view: SettingsView): void => ctx.emit('settings-changed', view);
    const showSites = (result: ConnectionResult | null): void => {
      clear(sites);
      sites.hidden = !result || result.sites.length === 0;
      for (const s of result?.sites ?? []) {
        sites.appendChild(
          el('li', {}, el('span', { className: 'site-name', text: s.name || s.id }), el('span', { className: 'gray', text: ` ${s.url}` })),
        );
      }
    };

    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const input: SettingsInput = {
        clientId: clientId.value.trim(),
        clientSecret: secret.value,
        apiBaseUrl: apiBaseUrl.value.trim() || undefined,
        tokenUrl: tokenUrl.value.trim() || undefined,
        allowFormulas: allow.checked,
      };
      if (!input.clientId) return setStatus(status, 'Enter the client ID.', 'error');
      if (!input.clientSecret && !ctx.settings()?.configured) return setStatus(status, 'Enter the client secret.', 'error');
      busy(true);
      showSites(null);
      setStatus(status, 'Checking the credential\u2026');
      ctx
        .rpc('saveSettings', input)
        .then((view) => {
          changed(view);
          const n = view.recalculated;
          const formulas =
            n === undefined
              ? ''
              : ` Formulas in this spreadsheet may use it now${n ? `: ${n} formula${n === 1 ? '' : 's'} recalculated` : ''}.`;
          // Saved without the site list read (429, 5xx, no answer): say so, never "works".
          if (view.warning) setStatus(status, `${view.warning}${formulas}`, 'info');
          else setStatus(status, `Saved. The credential works.${formulas}`, 'success');
        })
        .catch((error: Error) => {
          // The form goes back to what is stored, so it never shows a rejected ID under "Connected with".
          const stored = ctx.settings();
          if (stored?.configured) {
            show(stored);
            setStatus(status, `Not saved: ${error.message} Your saved credential (client ID ${stored.clientId}) is unchanged.`, 'error');
          } else {
            secret.value = '';
            setStatus(status, error.message, 'error');
          }
        })
        .finally(() => busy(false));
    });

    test.addEventListener('click', () => {
      busy(true);
      showSites(null);
      setStatus(status, 'Connecting\u2026');
      ctx
        .rpc('testConnection')
        .then((result) => {
          setStatus(status, result.message, 'success');
          showSites(result);
        })
        .catch((error: Error) => setStatus(status, error.message, 'error'))
        .finally(() => busy(false));
    });

    // A second click confirms: window.confirm may be blocked in the add-on's sandboxed frame.
    let armed = false;
    forget.addEventListener('click', () => {
      if (!armed) {
        armed = true;
        forget.textContent = 'Click again to forget';
        setStatus(status, CLEAR_EFFECT);
        return;
      }
      armed = false;
      forget.textContent = 'Clear';
      busy(true);
      showSites(null);
      ctx
        .rpc('clearSettings')
        .then((view) => {
          changed(view);
          setStatus(
            status,
            'The credential is forgotten, and formulas are off in every spreadsheet where you had allowed them.',
            'success',
          );
        })
        .catch((error: Error) => setStatus(status, error.message, 'error'))
        .finally(() => busy(false));
    });

    ctx.on('settings-changed', show);
    const current = ctx.settings();
    if (current) show(current);
  },
};
