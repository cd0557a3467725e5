import type { PermissionsView } from '../../shared/types';
import { clear, el } from './dom';

/**
 * The permissions this user did not grant (granular consent), above every tab: what each one costs,
 * and Google's page that asks for them again, in a new tab (whether a sidebar call can prompt with
 * ScriptApp.requireScopes is unconfirmed; a link works either way).
 */
export function renderPermissions(notice: HTMLElement, view: PermissionsView | undefined): void {
  clear(notice);
  const missing = view?.missing ?? [];
  notice.hidden = missing.length === 0;
  if (missing.length === 0) return;
  notice.append(
    el('strong', { text: missing.length === 1 ? 'A permission is not granted' : `${missing.length} permissions are not granted` }),
    el('ul', {}, ...missing.map((m) => el('li', {}, el('span', { className: 'permission', text: m.permission }), ': ', m.withoutIt))),
    view?.authorizationUrl
      ? el('a', {
          href: view.authorizationUrl,
          target: '_blank',
          rel: 'noopener',
          'data-test': 'authorize',
          text: `${missing.length === 1 ? 'Allow it' : 'Allow them'} (opens Google in a new tab)`,
        })
      : el('span', { text: 'Open Extensions > Creator Reporting again and allow them when Google asks.' }),
  );
}
