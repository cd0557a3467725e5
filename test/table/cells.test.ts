import type { ColumnType } from '../../src/catalog/types';
import { cellConverter, toCell } from '../../src/table/cells';

const toDate = (ymd: string) => new Date(`${ymd}T00:00:00Z`);
const TYPES: ColumnType[] = ['text', 'integer', 'number', 'currency', 'percent', 'ratio', 'date', 'boolean'];
const VALUES: unknown[] = [
  null,
  undefined,
  '',
  ' ',
  'abc',
  '12',
  ' 12 ',
  '1e3',
  '007',
  'n/a',
  'true',
  ' FALSE ',
  'yes',
  '2026-10-01',
  '2026-02-30',
  '2026-10-01T12:00:00Z',
  0,
  -1.5,
  42,
  Number.NaN,
  Infinity,
  true,
  false,
  { value: 3, score: 40 },
  { value: '2026-10-01' },
  { value: { value: 7 } },
  { value: null },
  { a: 1 },
  {},
  [1, 2],
  [],
  new Date(Date.UTC(2026, 0, 2)),
];

describe('cellConverter', () => {
  it('gives exactly what toCell gives, for every column type and kind of value', () => {
    for (const type of TYPES) {
      const convert = cellConverter(type, toDate);
      for (const value of VALUES) {
        // Twice: the date column remembers strings it has seen.
        expect([type, value, convert(value)]).toEqual([type, value, toCell(value, type, toDate)]);
        expect([type, value, convert(value)]).toEqual([type, value, toCell(value, type, toDate)]);
      }
    }
  });

  it('makes each distinct date text into its cell once, as a pull makes one Date a day', () => {
    const asked: string[] = [];
    const convert = cellConverter('date', (ymd) => {
      asked.push(ymd);
      return toDate(ymd);
    });
    const cells = ['2026-10-01', '2026-10-02', '2026-10-01', 'n/a', 'n/a', '2026-10-01T12:00:00Z'].map(convert);
    expect(cells).toEqual([toDate('2026-10-01'), toDate('2026-10-02'), toDate('2026-10-01'), 'n/a', 'n/a', toDate('2026-10-01')]);
    expect(cells[2]).toBe(cells[0]);
    expect(asked).toEqual(['2026-10-01', '2026-10-02', '2026-10-01']);
  });
});

describe('percent cells', () => {
  /** A fixed-seed sweep: whole points, a few decimals, many decimals, tiny and huge values. */
  function points(): number[] {
    let seed = 7;
    const random = (): number => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const out = [0, -0, 1, 100, 58.4, 0.0137, 1e-7, 123456.789, 1e15, 2 ** 60, -2.5, 0.1 + 0.2];
    for (let i = 0; i < 20_000; i++) {
      const decimals = Math.floor(random() * 14);
      const size = 10 ** Math.floor(random() * 9 - 3);
      out.push(Math.round((random() - 0.2) * size * 10 ** decimals) / 10 ** decimals);
    }
    return out;
  }

  it('show the points as the fraction Sheets expects, rounded to 12 digits, in either converter', () => {
    const plain = cellConverter('percent', toDate);
    const forSheet = cellConverter('percent', toDate, true);
    // One expect for the sweep (60,000 toEqual calls took 20 s): every point a converter got wrong, with
    // what it gave and what was expected; Object.is, as toEqual compares numbers.
    const wrong: Array<[converter: string, value: number, got: unknown, expected: number]> = [];
    for (const value of points()) {
      const expected = Number((value / 100).toPrecision(12));
      const got = { plain: plain(value), forSheet: forSheet(value), toCell: toCell(value, 'percent', toDate) };
      for (const [name, cell] of Object.entries(got)) if (!Object.is(cell, expected)) wrong.push([name, value, cell, expected]);
    }
    expect(wrong).toEqual([]);
  });
});
