import type { Execution } from '../platform/execution';
import { deniedScope } from '../platform/permissions';
import { isDemo } from '../settings/demo-flag';

/**
 * E-mail to the person running this execution: the creator of the alert being checked (alerts
 * run only with their creator's credential), or the runner of a failed scheduled report. Mail goes
 * from their own account to themselves, so it reaches nobody else and costs their own quota.
 * Returns what happened in words for the status table; never throws.
 */
export interface Mailing {
  subject: string;
  /** Plain text. Callers put no secret in it: names, numbers, dates, a link. */
  lines: string[];
}

/**
 * `sent` when MailApp took the e-mail, and also when it failed in a way that may come after it was
 * sent (a server error): an e-mail must never go out twice. Only a refusal it states before sending
 * (no address, quota, permission, a bad argument) is `sent: false`, to be tried again.
 */
export interface Mailed {
  sent: boolean;
  /** What happened, for the status table. */
  words: string;
}

export function mailToMe(ex: Execution, mailing: Mailing): Mailed {
  const to = ex.platform.userEmail();
  if (!to) return { sent: false, words: 'Not sent: Google did not give the add-on your e-mail address.' };
  const spreadsheet = ex.platform.spreadsheet();
  const footer = spreadsheet
    ? [
        '',
        `Spreadsheet: ${spreadsheet.getName()}`,
        spreadsheet.getUrl(),
        '',
        'Change or delete this in Extensions > Creator Reporting > Open sidebar.',
      ]
    : [];
  try {
    if (ex.platform.mail.remainingDailyQuota() < 1) return { sent: false, words: "Not sent: today's e-mail quota is used up." };
    // Demo mode's mail says so where it is seen first: the subject.
    const demo = isDemo(ex);
    const subject = demo ? `[Demo data] ${mailing.subject}` : mailing.subject;
    const lines = demo
      ? ['Demo data: built-in sample data from the add-on\u2019s demo mode, not your numbers.', '', ...mailing.lines]
      : mailing.lines;
    ex.platform.mail.send({ to, subject, body: [...lines, ...footer].join('\n'), name: 'Creator Reporting' });
    return { sent: true, words: `Sent to ${to}` };
  } catch (error) {
    // Granular consent: the user did not grant send_mail (the table's words for it).
    const denied = deniedScope(error);
    if (denied) return { sent: false, words: `Not sent: ${denied.refusal}.` };
    // MailApp's own words may quote the address or the quota; the status table needs neither.
    if (REFUSED_BEFORE_SENDING.test(error instanceof Error ? error.message : String(error)))
      return { sent: false, words: 'Not sent: the e-mail service refused it; the next check tries again.' };
    return { sent: true, words: 'The e-mail service failed while sending; it may have arrived, and is not sent again for this data.' };
  }
}

/** MailApp's refusals that it states before sending anything (the rest may come after it sent). */
const REFUSED_BEFORE_SENDING = /too many times|quota|invalid (email|argument)|permission|authori[sz]ation|not allowed|recipient/i;
