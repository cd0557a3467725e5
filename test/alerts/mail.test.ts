/**
 * An alert e-mail goes out at most once per data day: a MailApp error that may come after the
 * e-mail was sent counts as sent; only a refusal MailApp states before sending is tried again.
 */
import { mailToMe } from '../../src/alerts/mail';
import type { Execution } from '../../src/platform/execution';

function ex(send: () => void): Execution {
  return {
    // Not in demo mode (demo-flag reads this first).
    memory: new Map<string, unknown>([['settings.demo', false]]),
    platform: {
      userEmail: () => 'owner@example.com',
      spreadsheet: () => null,
      mail: { remainingDailyQuota: () => 10, send },
    },
  } as unknown as Execution;
}

const MAILING = { subject: 'RPM drop', lines: ['RPM fell.'] };
const throwing = (message: string) => () => {
  throw new Error(message);
};

describe('mailToMe', () => {
  it.each([
    'Service invoked too many times for one day: email.',
    'Invalid email: nobody',
    'You do not have permission to call MailApp.sendEmail. Required permissions: https://www.googleapis.com/auth/script.send_mail',
    'Authorization is required to perform that action.',
  ])('a refusal before sending (%s) is not sent, and says why', (message) => {
    const mailed = mailToMe(ex(throwing(message)), MAILING);
    expect(mailed.sent).toBe(false);
    expect(mailed.words).toMatch(/^Not sent: /);
  });

  it.each(['Service error: Mail', 'We are sorry, a server error occurred. Please wait a bit and try again.', 'Timeout'])(
    'an error that may come after sending (%s) counts as sent, so it is never sent twice',
    (message) => {
      const mailed = mailToMe(ex(throwing(message)), MAILING);
      expect(mailed.sent).toBe(true);
      expect(mailed.words).toBe('The e-mail service failed while sending; it may have arrived, and is not sent again for this data.');
    },
  );
});
