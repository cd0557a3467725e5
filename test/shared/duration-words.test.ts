import { durationWords } from '../../src/shared/duration-words';

describe('durationWords (the sidebar\u2019s "Wrote \u2026 rows in \u2026" line)', () => {
  test('a run measured at 0 or a few tenths took "under a second", never "0 s"', () => {
    expect(durationWords(0)).toBe('under a second');
    expect(durationWords(0.1)).toBe('under a second');
    expect(durationWords(0.96)).toBe('1 s');
  });

  test('seconds to a tenth under a minute; minutes and seconds above', () => {
    expect(durationWords(4.2)).toBe('4.2 s');
    expect(durationWords(59.94)).toBe('59.9 s');
    expect(durationWords(60)).toBe('1 min');
    expect(durationWords(125.4)).toBe('2 min 5 s');
  });
});
