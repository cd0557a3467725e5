import type { EmulatorState } from '../state';
import { denyInCustomFunction } from '../state';
import { strict } from '../strict';

/** One message MailApp sent, as tests read it (JSON-serialisable). */
export interface SentMail {
  /** The user whose execution sent it (mail goes out from their account). */
  from: string;
  to: string;
  subject: string;
  body: string;
  htmlBody?: string;
  name?: string;
  /** Virtual epoch ms. */
  at: number;
}

export interface MailData {
  sent: SentMail[];
  /** Recipients per user per day (consumer accounts: 100; Workspace: 1,500). */
  dailyQuota: number;
  /**
   * A fault: the next this many sends deliver the e-mail, then throw a server error (Google's
   * services may fail after doing the work; whether MailApp does is unconfirmed).
   */
  errorsAfterSending?: number;
}

export const DEFAULT_MAIL_QUOTA = 100;

export function emptyMail(dailyQuota = DEFAULT_MAIL_QUOTA): MailData {
  return { sent: [], dailyQuota };
}

const DAY_MS = 86_400_000;
const EMAIL = /^[^\s@,;<>]+@[^\s@,;<>]+\.[^\s@,;<>]+$/;

/** Google counts the quota per sender over a rolling day; the emulator counts the last 24 hours. */
function usedToday(data: MailData, user: string, now: number): number {
  return data.sent.filter((m) => m.from === user && now - m.at < DAY_MS).reduce((n, m) => n + m.to.split(',').length, 0);
}

/**
 * MailApp: sendEmail in both of its shapes (recipient, subject, body[, options]) and
 * ({to, subject, body, htmlBody, name}), getRemainingDailyQuota. Over the quota it throws the
 * way Apps Script words it; custom functions may not send mail. `errorsAfterSending` makes a send
 * deliver and then throw.
 */
export function createMailApp(state: EmulatorState, data: () => MailData): GoogleAppsScript.Mail.MailApp {
  const send = (to: unknown, subject: unknown, body: unknown, options: Record<string, unknown> = {}) => {
    denyInCustomFunction(state, 'MailApp.sendEmail');
    const recipients = typeof to === 'string' ? to.split(',').map((s) => s.trim()) : [];
    if (recipients.length === 0 || recipients.some((r) => !EMAIL.test(r))) throw new Error(`Invalid email: ${String(to)}`);
    if (typeof subject !== 'string') throw new Error('Invalid argument: subject');
    if (typeof body !== 'string') throw new Error('Invalid argument: body');
    const store = data();
    const now = state.clock.now();
    if (usedToday(store, state.user, now) + recipients.length > store.dailyQuota) {
      throw new Error('Service invoked too many times for one day: email.');
    }
    const mail: SentMail = { from: state.user, to: recipients.join(','), subject, body, at: now };
    if (typeof options.htmlBody === 'string') mail.htmlBody = options.htmlBody;
    if (typeof options.name === 'string') mail.name = options.name;
    store.sent.push(mail);
    if ((store.errorsAfterSending ?? 0) > 0) {
      store.errorsAfterSending = (store.errorsAfterSending ?? 0) - 1;
      throw new Error('Service error: Mail. We are sorry, a server error occurred. Please wait a bit and try again.');
    }
  };
  const service = {
    sendEmail(a: unknown, subject?: unknown, body?: unknown, options?: Record<string, unknown>) {
      if (typeof a === 'object' && a !== null) {
        const m = a as Record<string, unknown>;
        return send(m.to, m.subject, m.body ?? '', m);
      }
      return send(a, subject, body, options ?? {});
    },
    getRemainingDailyQuota() {
      denyInCustomFunction(state, 'MailApp.getRemainingDailyQuota');
      const store = data();
      return Math.max(0, store.dailyQuota - usedToday(store, state.user, state.clock.now()));
    },
  };
  return strict('MailApp', service) as unknown as GoogleAppsScript.Mail.MailApp;
}
