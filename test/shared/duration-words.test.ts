import { durationWords, estimateWords } from '../../src/shared/duration-words';

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

describe('estimateWords (how long Google is expected to take, in a refusal)', () => {
  test('never "0 s": a cost under a second still reads as one', () => {
    expect(estimateWords(0)).toBe('1 s');
    expect(estimateWords(400)).toBe('1 s');
  });

  test('seconds under two minutes, whole minutes under an hour, hours and minutes above', () => {
    expect(estimateWords(78_000)).toBe('78 s');
    expect(estimateWords(540_000)).toBe('9 minutes');
    expect(estimateWords(340_000)).toBe('6 minutes');
    expect(estimateWords(5_400_000)).toBe('1 h 30 min');
  });
});
