import type { ConnectionResult, SettingsInput, SettingsView } from '../../shared/types';
import { clear, el, field } from './dom';

/**
 * The credential form's controls. The secret field is a password input that is never filled: after
 * saving, the page shows only the masked value the server returns, so the secret is not in the page.
 */
export interface SettingsForm {
  form: HTMLFormElement;
  save: HTMLButtonElement;
  test: HTMLButtonElement;
  forget: HTMLButtonElement;
  status: HTMLDivElement;
  /**
   * Fills the form from what is stored (never the secret itself), except the fields the user changed
   * since the form last sent them: settings that arrive meanwhile (the sidebar's first load on a slow
   * day) must not wipe a credential being typed.
   */
  show(view: SettingsView): void;
  /** The sites a connection test found; null hides the list. */
  showSites(result: ConnectionResult | null): void;
  /** What the form holds, as the server takes it; from now on, what is stored may be shown over it. */
  input(): SettingsInput;
  /** Forgets the secret typed (after a refusal). */
  clearSecret(): void;
}

export function createSettingsForm(): SettingsForm {
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
  const typed = new Set<HTMLInputElement>();
  for (const control of [clientId, secret, apiBaseUrl, tokenUrl, allow]) control.addEventListener('input', () => typed.add(control));
  const fill = (control: HTMLInputElement, value: string): void => {
    if (!typed.has(control)) control.value = value;
  };
  const show = (view: SettingsView): void => {
    fill(clientId, view.clientId);
    fill(secret, '');
    secret.placeholder = view.configured ? view.clientSecretMasked : 'Paste the client secret';
    secretHint.textContent = view.configured ? 'Saved. Leave empty to keep it, or paste a new one.' : '';
    fill(apiBaseUrl, view.apiBaseUrl);
    fill(tokenUrl, view.tokenUrl);
    if (!typed.has(allow)) allow.checked = view.allowFormulas;
    state.textContent = view.configured
      ? `Connected with client ID ${view.clientId}${view.userEmail ? ` for ${view.userEmail}` : ''}.`
      : 'Not set up yet: enter the client ID and secret from your dashboard\u2019s API settings.';
    test.disabled = !view.configured;
    forget.disabled = !view.configured;
  };
  const showSites = (result: ConnectionResult | null): void => {
    clear(sites);
    sites.hidden = !result || result.sites.length === 0;
    for (const s of result?.sites ?? []) {
      // The ID beside the name: Alerts, Dashboard and formulas ask for it.
      sites.appendChild(
        el(
          'li',
          { className: s.active ? '' : 'inactive', 'data-site-id': s.id },
          el('span', { className: 'site-name', text: s.name || s.id }),
          s.name && s.name !== s.id ? el('span', { className: 'site-id', text: ` (${s.id})` }) : null,
          s.active ? null : el('span', { className: 'site-status', text: ` \u00b7 ${(s.status || 'inactive').toLowerCase()}` }),
          el('span', { className: 'gray', text: ` ${s.url}` }),
        ),
      );
    }
  };

  const input = (): SettingsInput => {
    typed.clear();
    return {
      clientId: clientId.value.trim(),
      clientSecret: secret.value,
      apiBaseUrl: apiBaseUrl.value.trim() || undefined,
      tokenUrl: tokenUrl.value.trim() || undefined,
      allowFormulas: allow.checked,
    };
  };
  const clearSecret = (): void => {
    secret.value = '';
  };
  return { form, save, test, forget, status, show, showSites, input, clearSecret };
}
