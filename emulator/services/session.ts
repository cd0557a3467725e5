import { hasScope } from '../scopes';
import type { EmulatorState } from '../state';
import { strict } from '../strict';
import { formatString, stringify } from './format-string';

function user(email: string): GoogleAppsScript.Base.User {
  return strict('User', { getEmail: () => email }) as unknown as GoogleAppsScript.Base.User;
}

/**
 * Custom functions run with no identity: both users' emails are empty there (Google documents the
 * active user; the effective user is not confirmed, and the add-on must cope with '' either way).
 */
export function createSession(state: EmulatorState): GoogleAppsScript.Base.Session {
  // Without the userinfo.email scope (not granted, AuthMode.LIMITED, or the `hiddenEmails` variant)
  // every email is empty.
  const email = () =>
    state.mode === 'customFunction' || state.variants.hiddenEmails || !hasScope(state, 'userinfo.email') ? '' : state.user;
  const service = {
    getActiveUser: () => user(email()),
    getEffectiveUser: () => user(email()),
    getScriptTimeZone: () => state.variants.scriptTimeZone ?? state.timeZone,
    getActiveUserLocale: () => 'en',
    getTemporaryActiveUserKey: () => (email() ? Buffer.from(email()).toString('base64') : ''),
  };
  return strict('Session', service) as unknown as GoogleAppsScript.Base.Session;
}

function line(args: unknown[]): string {
  if (args.length > 1 && typeof args[0] === 'string' && /%[sdfi]/.test(args[0])) {
    return formatString(args[0], args.slice(1));
  }
  return args.map(stringify).join(' ');
}

export function createLogger(state: EmulatorState): GoogleAppsScript.Base.Logger {
  let since = 0;
  const logger = {
    log(format: unknown, ...values: unknown[]) {
      state.logs.push(line([format, ...values]));
      return proxy;
    },
    getLog: () => state.logs.slice(since).join('\n'),
    clear() {
      since = state.logs.length;
    },
  };
  const proxy = strict('Logger', logger) as unknown as GoogleAppsScript.Base.Logger;
  return proxy;
}

export interface EmulatedConsole {
  log(...args: unknown[]): void;
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
  debug(...args: unknown[]): void;
}

/** Every level lands in emu.logs as a plain line, as Logger.log does: tests match the text. */
export function createConsole(state: EmulatorState): EmulatedConsole {
  const push = (...args: unknown[]) => {
    state.logs.push(line(args));
  };
  return strict('console', { log: push, info: push, debug: push, warn: push, error: push });
}
