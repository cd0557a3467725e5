import { toGrid } from '../../src/formulas/grid';
import { readHeader } from '../../src/formulas/header-arg';
import { readOptions } from '../../src/formulas/options-arg';

describe('header switch', () => {
  it('is on unless turned off', () => {
    for (const v of [undefined, null, '', true, 'TRUE', 1]) expect(readHeader(v)).toBe(true);
    for (const v of [false, 'false', ' FALSE ', 'no', 0]) expect(readHeader(v)).toBe(false);
    expect(() => readHeader('maybe')).toThrow('The header switch "maybe" must be TRUE or FALSE.');
  });
});

describe('CREATOR_REPORT options', () => {
  it('reads a key=value string', () => {
    expect(readOptions('limit=100, sort=-rpm, header=false')).toEqual({ limit: '100', sort: '-rpm', header: 'false' });
    expect(readOptions(' LIMIT : 5 ; Sort = earnings ')).toEqual({ limit: '5', sort: 'earnings' });
  });

  it('reads a two-column range', () => {
    expect(
      readOptions([
        ['limit', 10],
        ['sort', '-earnings'],
        ['header', false],
        ['', ''],
      ]),
    ).toEqual({
      limit: 10,
      sort: '-earnings',
      header: false,
    });
  });

  it('reads a bare number as a limit, and nothing as no options', () => {
    expect(readOptions(50)).toEqual({ limit: 50 });
    expect(readOptions(undefined)).toEqual({});
    expect(readOptions('')).toEqual({});
  });

  it('names the valid options for an unknown one', () => {
    expect(() => readOptions('rows=10')).toThrow('Unknown option "rows". Options are limit, sort, header, totals and compareTo');
    expect(() => readOptions('limit 10')).toThrow('Cannot read the option "limit 10"');
  });
});

describe('grid', () => {
  const columns = [{ header: 'Date' }, { header: 'Earnings' }, { header: 'Page' }];

  it('puts the header first and keeps numbers, dates and text as they are', () => {
    const day = new Date('2026-10-01T07:00:00Z');
    expect(toGrid({ columns, rows: [[day, 1.5, '=HYPERLINK("x")']] }, { header: true, emptyMessage: 'none' })).toEqual([
      ['Date', 'Earnings', 'Page'],
      [day, 1.5, '=HYPERLINK("x")'],
    ]);
  });

  it('never shows undefined, NaN or [object Object]', () => {
    const grid = toGrid(
      { columns, rows: [[undefined, NaN, { value: 3, score: 9 }], [null, Infinity, { odd: 1 }], [new Date(NaN)]] },
      { header: false, emptyMessage: 'none' },
    );
    expect(grid).toEqual([
      ['', '', 3],
      ['', '', '{"odd":1}'],
      ['', '', ''],
    ]);
  });

  it('says so when there is no data, with or without the header', () => {
    expect(toGrid({ columns, rows: [] }, { header: true, emptyMessage: 'No data for this range.' })).toEqual([
      ['Date', 'Earnings', 'Page'],
      ['No data for this range.', '', ''],
    ]);
    expect(toGrid({ columns, rows: [] }, { header: false, emptyMessage: 'No data.' })).toEqual([['No data.', '', '']]);
  });
});
