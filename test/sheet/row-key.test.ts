/**
 * A continued run recognises a row the API serves again by the report's key (its dates and
 * dimensions), whatever its metrics say by then, and remembers 600 of them in one property value.
 */
import { rowKey, TAIL_KEYS } from '../../src/sheet/stream-report-block';

describe('rowKey', () => {
  it('is the same for a row whose metrics were revised, and differs for another row', () => {
    const keyColumns = [0, 1];
    expect(rowKey(['/a', '2026-10-01', 120, 0.5], keyColumns)).toBe(rowKey(['/a', '2026-10-01', 121, 0.7], keyColumns));
    expect(rowKey(['/a', '2026-10-01', 120], keyColumns)).not.toBe(rowKey(['/b', '2026-10-01', 120], keyColumns));
    expect(rowKey(['/a', '2026-10-01', 120], keyColumns)).not.toBe(rowKey(['/a', '2026-10-02', 120], keyColumns));
    // Without key columns, the whole row.
    expect(rowKey(['/a', 120])).not.toBe(rowKey(['/a', 121]));
  });

  it('keeps the tail of keys under the 9 KB a property value may hold', () => {
    const keys = Array.from({ length: 50_000 }, (_, i) => rowKey([`https://example.com/page-${i}`], [0]));
    expect(new Set(keys).size).toBe(keys.length);
    const longest = Math.max(...keys.map((k) => k.length));
    expect(JSON.stringify(Array.from({ length: TAIL_KEYS }, () => 'k'.repeat(longest))).length).toBeLessThan(8 * 1024);
  });
});
