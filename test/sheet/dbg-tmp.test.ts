import { createEmulator } from '../../emulator';
import { EXECUTION_LIMIT_MS } from '../../emulator/state';
import type { Spreadsheet } from '../../src/platform/types';
import { beginBlockWrite } from '../../src/sheet/block-write';
import { writeReportBlock } from '../../src/sheet/write-report-block';
const columns: any = [
  { header: 'Day', field: 'day', type: 'string' },
  { header: 'Views', field: 'views', type: 'integer', format: '#,##0' },
];
const rowsOf = (n: number): any[] => Array.from({ length: n }, (_, i) => [`d${i + 1}`, i + 1]);
it('dbg', () => {
  const emu = createEmulator({ transport: { send: () => { throw new Error('x'); } },
    serviceCosts: { prices: { readCalls: 1, copyCalls: 1, setValuesCalls: 1, setNumberFormatsCalls: 1, metadataCalls: 1 } } });
  const ss = emu.platform().spreadsheet() as Spreadsheet;
  const now = (): number => emu.clock.now();
  emu.runAs({ mode: 'full' }, () => writeReportBlock(ss, { now, sheetName: 'Days', blockId: 'r1', table: { columns, rows: rowsOf(1000) }, note: 'r' }));
  const rows = rowsOf(1010);
  const show = (l: string) => console.log(l, ss.getSheets().map((s) => `${s.getName()}:${s.getLastRow()}x${s.getLastColumn()} md=${s.getDeveloperMetadata().map((m) => m.getKey()).join(',')}`).join(' | '));
  const b = (resume: any) => beginBlockWrite(ss, { sheetName: 'Days', blockId: 'r1', columns, now, pausable: true, runId: 'run', resume });
  const first = emu.runAs({ mode: 'full' }, () => { const w = b(undefined); w.appendRows(rows.slice(0, 500)); return w.pause() ?? undefined; });
  show('after first'); console.log(JSON.stringify(first).slice(0, 300));
  try { emu.runAs({ mode: 'full' }, () => { emu.clock.advance(EXECUTION_LIMIT_MS.full - 0); const w = b(first); w.appendRows(rows.slice(500)); return w.pause(); }); } catch (e) { console.log('killed', (e as Error).message); }
  show('after killed 2nd');
  let kept: any;
  try { kept = emu.runAs({ mode: 'full' }, () => { const w = b(first); w.appendRows(rows.slice(500)); return w.pause() ?? undefined; }); } catch (e) { console.log('err', (e as Error).message); }
  show('after 2nd'); console.log(JSON.stringify(kept)?.slice(0, 300));
  try { emu.runAs({ mode: 'full' }, () => { const w = b(kept); w.commit('c', columns); }); } catch (e) { console.log('commit err', (e as Error).message); }
  show('after commit');
});
