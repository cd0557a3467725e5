import type { SettingsView } from '../../shared/types';
import { tryDemoButton } from './demo-bar';
import { el, setStatus } from './dom';
import type { SidebarContext, SidebarSection } from './section';
import { createSettingsForm, type SettingsForm } from './settings-form';

/** What Clear does, said before it is done (consent goes with the credential). */
const CLEAR_EFFECT =
  'Clear forgets your credential and turns off \u201cAllow formulas\u201d in every spreadsheet where you allowed it: CREATOR_ formulas there show an error, and schedules that run with your account stop, until you save a credential and allow formulas again.';

/** Locks the buttons while a call runs; Test and Clear stay off while nothing is stored. */
function buttonLock(f: SettingsForm, ctx: SidebarContext): (on: boolean) => void {
  return (on) => {
    for (const b of [f.save, f.test, f.forget]) b.disabled = on;
    if (!on) {
      const view = ctx.settings();
      f.test.disabled = !view?.configured;
      f.forget.disabled = !view?.configured;
    }
  };
}

function saveSettings(f: SettingsForm, ctx: SidebarContext, busy: (on: boolean) => void): void {
  const { status } = f;
  const input = f.input();
  if (!input.clientId) return setStatus(status, 'Enter the client ID.', 'error');
  if (!input.clientSecret && !ctx.settings()?.configured) return setStatus(status, 'Enter the client secret.', 'error');
  busy(true);
  f.showSites(null);
  setStatus(status, 'Checking the credential\u2026');
  ctx
    .rpc('saveSettings', input)
    .then((view) => {
      ctx.emit('settings-changed', view);
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
        f.show(stored);
        setStatus(status, `Not saved: ${error.message} Your saved credential (client ID ${stored.clientId}) is unchanged.`, 'error');
      } else {
        f.clearSecret();
        setStatus(status, error.message, 'error');
      }
    })
    .finally(() => busy(false));
}

function testConnection(f: SettingsForm, ctx: SidebarContext, busy: (on: boolean) => void): void {
  busy(true);
  f.showSites(null);
  setStatus(f.status, 'Connecting\u2026');
  ctx
    .rpc('testConnection')
    .then((result) => {
      setStatus(f.status, result.message, 'success');
      f.showSites(result);
    })
    .catch((error: Error) => setStatus(f.status, error.message, 'error'))
    .finally(() => busy(false));
}

/** Clear, on a second click: window.confirm may be blocked in the add-on's sandboxed frame. */
function clearOnSecondClick(f: SettingsForm, ctx: SidebarContext, busy: (on: boolean) => void): () => void {
  let armed = false;
  return () => {
    if (!armed) {
      armed = true;
      f.forget.textContent = 'Click again to forget';
      setStatus(f.status, CLEAR_EFFECT);
      return;
    }
    armed = false;
    f.forget.textContent = 'Clear';
    busy(true);
    f.showSites(null);
    ctx
      .rpc('clearSettings')
      .then((view: SettingsView) => {
        ctx.emit('settings-changed', view);
        setStatus(
          f.status,
          'The credential is forgotten, and formulas are off in every spreadsheet where you had allowed them.',
          'success',
        );
      })
      .catch((error: Error) => setStatus(f.status, error.message, 'error'))
      .finally(() => busy(false));
  };
}

/** The Settings tab: the credential form (settings-form) and what Save, Test connection and Clear do. */
export const settingsSection: SidebarSection = {
  id: 'settings',
  title: 'Settings',
  mount(root: HTMLElement, ctx: SidebarContext): void {
    const f = createSettingsForm();
    root.appendChild(f.form);
    // No account needed: the demo (built-in sample data) is one click away from an empty form.
    const demoOffer = el('p', { className: 'hint gray', 'data-test': 'demo-offer' }, 'No credential yet? ', tryDemoButton(ctx, f.status));
    root.appendChild(demoOffer);
    const show = (view: SettingsView): void => {
      f.show(view);
      demoOffer.hidden = view.configured || view.demo === true;
    };
    const busy = buttonLock(f, ctx);
    f.form.addEventListener('submit', (event) => {
      event.preventDefault();
      saveSettings(f, ctx, busy);
    });
    f.test.addEventListener('click', () => testConnection(f, ctx, busy));
    f.forget.addEventListener('click', clearOnSecondClick(f, ctx, busy));
    ctx.on('settings-changed', show);
    const current = ctx.settings();
    if (current) show(current);
  },
};
