import type { SavedReportView, WarehouseDestination, WarehouseExportResult } from '../../shared/types';
import { clear, el, field, setStatus } from './dom';
import type { Rpc } from './rpc';

/**
 * "Also send to BigQuery": project, dataset and table, and a Test button that asks the server what
 * is missing (testWarehouse) and lists each check in words. Empty fields mean the sheet only.
 */
export function warehouseEditor(
  run: Rpc,
  initial: WarehouseDestination | undefined,
): { node: HTMLElement; value(): WarehouseDestination | null } {
  const input = (name: string, value: string | undefined, placeholder: string) => {
    const box = el('input', { type: 'text', name, maxlength: '1024', placeholder, spellcheck: 'false' });
    box.value = value ?? '';
    return box;
  };
  const project = input('bqProject', initial?.projectId, 'my-cloud-project');
  const dataset = input('bqDataset', initial?.datasetId, 'creator_reports');
  const table = input('bqTable', initial?.tableId, 'earnings_daily');
  const test = el('button', { type: 'button', text: 'Test', 'data-test': 'warehouse-test' });
  const result = el('ul', { className: 'hint warehouse-checks', 'data-test': 'warehouse-checks' });
  const status = el('div', { className: 'status', hidden: true, 'data-test': 'warehouse-status' });
  const value = (): WarehouseDestination | null => {
    const d = { projectId: project.value.trim(), datasetId: dataset.value.trim(), tableId: table.value.trim() };
    return d.projectId || d.datasetId || d.tableId ? d : null;
  };
  test.addEventListener('click', () => {
    const dest = value();
    clear(result);
    if (!dest) {
      setStatus(status, 'Give the project, the dataset and the table first.', 'error');
      return;
    }
    test.disabled = true;
    setStatus(status, 'Testing\u2026');
    run('testWarehouse', dest)
      .then((answer) => {
        for (const check of answer.checks)
          result.appendChild(
            el('li', {
              className: check.ok ? 'success' : 'error',
              text: `${check.ok ? '\u2713' : '\u2717'} ${check.label}: ${check.message}`,
            }),
          );
        setStatus(
          status,
          answer.ok ? 'Ready: each refresh also sends its rows there.' : 'Not ready yet: see what is missing above.',
          answer.ok ? 'success' : 'error',
        );
      })
      .catch((error: Error) => setStatus(status, error.message, 'error'))
      .then(() => {
        test.disabled = false;
      });
  });
  const node = el(
    'fieldset',
    { className: 'dates', 'data-test': 'warehouse-section' },
    el('legend', { text: 'Also send to BigQuery' }),
    el('div', {
      className: 'hint gray',
      text: 'Each refresh also loads the report\u2019s rows into this table (partitioned by day, one row per site, day and dimension). Leave empty to keep the sheet only.',
    }),
    field('Project ID', project),
    field('Dataset', dataset),
    field('Table', table, 'Created on the first export if it does not exist.'),
    el('div', { className: 'buttons' }, test),
    result,
    status,
  );
  return { node, value };
}

/** The card's BigQuery line, and "Export now", which continues a large backfill call after call. */
export function warehouseCardLine(run: Rpc, r: SavedReportView, finished: (message: string) => void): HTMLElement | null {
  if (!r.warehouse) return null;
  const d = r.warehouse;
  const e = r.warehouseExport;
  const line = el('div', { className: 'hint', 'data-test': 'warehouse-line' });
  const when = e?.atText ? ` (${e.atText})` : '';
  const expires = e?.expiresText ? ` The table expires on ${e.expiresText} (BigQuery sandbox).` : '';
  const kind = e?.outcome === 'ok' ? 'success' : e?.outcome === 'error' || e?.outcome === 'notAllowed' ? 'error' : 'info';
  setStatus(
    line,
    e && e.outcome !== 'never'
      ? `BigQuery: ${e.message}${when}${expires}`
      : `BigQuery ${d.projectId}.${d.datasetId}.${d.tableId}: not exported yet.`,
    kind,
  );
  const now = el('button', { type: 'button', text: 'Export now', 'data-test': 'warehouse-export' });
  const progress = el('div', { className: 'status', hidden: true, 'data-test': 'warehouse-progress' });
  const step = (): Promise<string> =>
    run('exportReportNow', r.id).then((answer: WarehouseExportResult) => {
      setStatus(progress, answer.message);
      // Each call is an execution of its own: a large ledger continues while the sidebar is open.
      return answer.done ? answer.message : step();
    });
  now.addEventListener('click', () => {
    now.disabled = true;
    setStatus(progress, 'Exporting\u2026');
    step()
      .then(finished)
      .catch((error: Error) => {
        setStatus(progress, error.message, 'error');
        now.disabled = false;
      });
  });
  return el('div', { className: 'warehouse' }, line, el('div', { className: 'buttons' }, now), progress);
}
