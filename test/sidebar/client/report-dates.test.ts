import { checkCustomDates, describeAvailability } from '../../../src/sidebar/client/report-dates';
import type { DateOptionsView } from '../../../src/shared/types';

const options = (startDate: string | null, endDate: string | null): DateOptionsView =>
  ({ available: { startDate, endDate }, dataThrough: endDate, presets: [] }) as unknown as DateOptionsView;

describe("the Report tab's dates, for a site without data", () => {
  test('does not promise data later: a retired site will have none', () => {
    const none = options(null, null);
    expect(describeAvailability(none)).toBe(
      'This site has no data for this report: an inactive site has none, and a new one may have none yet.',
    );
    expect(checkCustomDates('2026-10-01', '2026-10-31', none)).toBe(describeAvailability(none));
  });

  test('a site with data says its range, and refuses days outside it', () => {
    const some = options('2024-01-01', '2026-11-19');
    expect(describeAvailability(some)).toBe(
      'Available 2024-01-01 to 2026-11-19 \u00b7 data through 2026-11-19 (recent days may still change)',
    );
    expect(checkCustomDates('2023-12-31', '2024-01-31', some)).toBe(
      'Data is available from 2024-01-01 to 2026-11-19. Choose dates inside that range.',
    );
    expect(checkCustomDates('2024-01-01', '2024-01-31', some)).toBeNull();
  });
});
