/**
 * Whether an add-on's custom function may use the document lock, the user lock and document
 * properties is unconfirmed; the strict platform denies all three ("You do not have permission").
 */
import { BOTH_MODES } from '../../emulator';
import { createHarness, OWNER } from './harness';

describe.each(BOTH_MODES)('formulas (%s platform)', (_mode, variants) => {
  it('20 cold formulas all work and mint at most a few tokens', () => {
    const h = createHarness({ variants });
    h.saveCredential(OWNER, 'agency', true);
    const sheet = h.emu.spreadsheet.getSheets()[0];
    for (let i = 0; i < 20; i++) {
      const site = `agency-${String((i % 10) + 1).padStart(2, '0')}`;
      sheet.getRange(1 + i * 40, 1).setFormula(`=CREATOR_EARNINGS("${site}", "${i < 10 ? 'lastMonth' : 'lastThirtyDays'}")`);
    }
    const report = h.emu.recalculate(h.functions);
    expect(report.errors).toEqual([]);
    expect(report.evaluated).toHaveLength(20);
    expect(h.api.stats.tokenMints).toBeLessThanOrEqual(2);
  });
});
