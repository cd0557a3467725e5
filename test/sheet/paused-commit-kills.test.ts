/**
 * A refresh too big for one execution is staged over several and committed in its last, which
 * Google may kill at any call. Whatever call it dies at, the run's next execution (resuming with
 * what the last pause kept) must end with the new rows in place, each once, and a block the next
 * refresh takes for the report's own. Each priced call (reads, copies, writes, formats) costs 1 ms,
 * and the commit's execution starts k ms short of Google's limit, so it dies at its k-th call.
 */
import type { BlockTable } from '../../src/sheet/report-table';
import { sheet } from './helpers';
import { pausedRun } from './paused-run';

const columns: BlockTable['columns'] = [
  { header: 'Day', field: 'day', type: 'string' },
  { header: 'Views', field: 'views', type: 'integer', format: '#,##0' },
];
/** A streamed table's laid-out catalog column that no row filled: dropped at commit. */
const withCatalog: BlockTable['columns'] = [columns[0], { header: 'Catalog', field: 'catalog', type: 'string' }, columns[1]];
type Row = [string, number];
const rowsOf = (n: number, views: (i: number) => number = (i) => i + 1): Row[] =>
  Array.from({ length: n }, (_, i) => [`d${i + 1}`, views(i)]);

/** The refresh staged in two executions (`cut` rows, then the rest), its commit killed at its `k`-th call, then resumed. */
function killedAt(k: number, rows: Row[], cut: number, catalog = false) {
  const { ss, refresh, execution, nextRefresh, stagingLeft } = pausedRun(columns);
  const begun = catalog ? withCatalog : columns;
  refresh(rowsOf(1_000));
  const sent = catalog ? rows.map(([day, views]) => [day, '', views]) : rows;
  const first = execution(undefined, (w) => (w.appendRows(sent.slice(0, cut)), w.pause() ?? undefined), undefined, begun).kept;
  const kept = execution(first, (w) => (w.appendRows(sent.slice(cut)), w.pause() ?? undefined), undefined, begun).kept;
  execution(kept, (w) => void w.commit('killed', columns), k, begun);
  execution(kept, (w) => void w.commit('resumed', columns), undefined, begun);
  const s = sheet(ss, 'Days');
  const shown = s.getRange(2, 1, s.getLastRow() - 1, s.getLastColumn()).getValues();
  return { shown, stagingLeft: stagingLeft(), next: nextRefresh(rows) };
}

describe('a paused refresh whose commit Google kills at any call', () => {
  it.each([
    ['added rows below the old ones', rowsOf(1_010), false],
    ['revised a row in the middle', rowsOf(1_000, (i) => (i === 700 ? 0 : i + 1)), false],
    ['has fewer rows', rowsOf(900), false],
    ['drops a column no row filled', rowsOf(1_010), true],
  ])('that %s ends with its rows in place once, a block its next refresh takes as its own', (_, rows, catalog = false) => {
    for (let k = 0; k < 30; k++) {
      const { shown, stagingLeft, next } = killedAt(k, rows, 500, catalog);
      expect({ k, same: JSON.stringify(shown) === JSON.stringify(rows), stagingLeft, next }).toEqual({
        k,
        same: true,
        stagingLeft: 0,
        next: 'accepted',
      });
    }
  });
});
