import { outcomesText } from '../../../src/sidebar/client/saved-words';
import type { RefreshOutcome } from '../../../src/shared/types';

describe('Refresh all, in the Saved tab\u2019s words', () => {
  test('a report waiting for approval is said to wait for it, not to be "not reached in time"', () => {
    const outcomes: RefreshOutcome[] = [
      { id: 'a', name: 'Mine', outcome: 'ok' },
      {
        id: 'b',
        name: 'Editor\u2019s',
        outcome: 'skipped',
        message:
          'Needs approval by you: it was saved by another editor, and a saved report runs only with the credential of the person who saved or approved it.',
      },
      { id: 'c', name: 'Late', outcome: 'skipped', message: 'Not reached in this run; it runs next time.' },
    ];
    expect(outcomesText(outcomes)).toEqual({
      text: [
        'Refreshed 1 of 3.',
        'Waiting for your approval: Editor\u2019s. Approve them on their cards to refresh them.',
        'Not reached in time: Late. Refresh again to finish.',
      ].join('\n'),
      kind: 'error',
    });
    expect(outcomesText(outcomes.slice(0, 2)).text).not.toMatch(/Not reached in time/);
  });

  test('a sort replaced is said for the report it happened to; one reason for many failures is said once', () => {
    const sorted = "The rows had been sorted in the sheet: this refresh wrote them in the report's own order.";
    const noCredential = 'No credential is set up yet. Open Settings and enter it.';
    const outcomes: RefreshOutcome[] = [
      { id: 'a', name: 'Pages', outcome: 'ok', rows: 3, notices: [sorted] },
      { id: 'b', name: 'Devices', outcome: 'error', message: noCredential },
      { id: 'c', name: 'Traffic', outcome: 'error', message: noCredential },
      { id: 'd', name: 'Earnings', outcome: 'error', message: 'The API timed out.' },
    ];
    expect(outcomesText(outcomes)).toEqual({
      text: ['Refreshed 1 of 4.', `Pages: ${sorted}`, `Devices, Traffic: ${noCredential}`, 'Earnings: The API timed out.'].join('\n'),
      kind: 'error',
    });
    expect(outcomesText(outcomes.slice(0, 1))).toEqual({ text: `Refreshed 1 of 1.\nPages: ${sorted}`, kind: 'success' });
  });
});
