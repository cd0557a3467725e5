import type { EmulatorState } from './state';

/**
 * Granular consent and AuthMode.LIMITED: which scope each emulated service needs, and the error
 * Google throws when the script calls it without that scope ("You do not have permission to call
 * …. Required permissions: <scope>", docs/shared apps-script.md). Scope keys are the part after
 * https://www.googleapis.com/auth/, as in src/platform/scopes.ts.
 */
const PREFIX = 'https://www.googleapis.com/auth/';

/** What an onOpen in AuthMode.LIMITED may not use: every service that needs the user's authorisation. */
const DENIED_IN_LIMITED = new Set(['script.external_request', 'script.send_mail', 'script.scriptapp', 'userinfo.email']);

/** Whether the current execution has the scope: the user granted it, and the mode allows it. */
export function hasScope(state: EmulatorState, key: string): boolean {
  if (state.mode === 'limited' && DENIED_IN_LIMITED.has(key)) return false;
  const user = state.mode === 'customFunction' ? state.owner : state.user;
  const granted = state.grants?.[user];
  return granted === undefined || granted.includes(key);
}

export function permissionError(what: string, key: string): Error {
  return new Error(`You do not have permission to call ${what}. Required permissions: ${PREFIX}${key}`);
}

/**
 * The service with each method that needs a scope refusing without it. `scopeOf(method)` names the
 * scope a method needs, or null for one that needs none.
 */
export function gateScopes<T extends object>(
  state: EmulatorState,
  name: string,
  service: T,
  scopeOf: (method: string) => string | null,
): T {
  return new Proxy(service, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof prop !== 'string' || typeof value !== 'function') return value;
      const key = scopeOf(prop);
      if (key === null) return value;
      return (...args: unknown[]) => {
        if (!hasScope(state, key)) throw permissionError(`${name}.${prop}`, key);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

/** ScriptApp.getAuthorizationInfo's answer: what of `scopes` the user has not granted, and a link that asks. */
export function authorizationInfo(state: EmulatorState, scopes: unknown): GoogleAppsScript.Script.AuthorizationInfo {
  const asked = Array.isArray(scopes) ? scopes.map(String) : [];
  const missing = asked.filter((s) => !s.startsWith(PREFIX) || !hasScope(state, s.slice(PREFIX.length)));
  const info = {
    getAuthorizationStatus: () => (missing.length > 0 ? 'REQUIRED' : 'NOT_REQUIRED'),
    getAuthorizationUrl: () =>
      missing.length > 0
        ? `https://script.google.com/macros/d/emulated-script/authorize?scope=${missing.map(encodeURIComponent).join('+')}`
        : null,
    getAuthorizedScopes: () => asked.filter((s) => !missing.includes(s)),
  };
  return info as unknown as GoogleAppsScript.Script.AuthorizationInfo;
}
