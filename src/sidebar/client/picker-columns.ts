import type { CatalogEntryView, ReportDefinition, RunReportRequest } from '../../shared/types';
import { checkbox, clear, el } from './dom';

/** The report picker's Columns fieldset: one checkbox per column of the chosen report. */
export interface ColumnsPicker {
  box: HTMLFieldSetElement;
  /** The report whose columns the checkboxes show (and, until it changes, the saved choice). */
  shownFor(): string | null;
  fill(entry: CatalogEntryView | undefined): void;
  /** Puts the kept columns on the request (when some are left out), or says what to fix. */
  readInto(request: RunReportRequest): string | undefined;
}

export function createColumnsPicker(
  initial: ReportDefinition | undefined,
  catalog: () => CatalogEntryView[],
  changed: () => void,
): ColumnsPicker {
  let columnsOf: string | null = null;
  const columnList = el('div', { className: 'column-list', 'data-test': 'columns' });
  const columnsNote = el('div', { className: 'hint', hidden: true, 'data-test': 'columns-note' });
  const box = el(
    'fieldset',
    { className: 'dates' },
    el('legend', { text: 'Columns' }),
    columnList,
    el('div', { className: 'hint gray', text: 'Untick the columns you do not need. With several sites the Site columns stay.' }),
    columnsNote,
  );
  const columnBoxes = (): HTMLInputElement[] => Array.from(columnList.querySelectorAll('input[type=checkbox]'));
  /** One checkbox per column of the chosen report; the saved choice while it is the saved report. */
  const fill = (entry: CatalogEntryView | undefined): void => {
    const before = columnsOf;
    const hadChoice = before !== null && columnBoxes().some((b) => !b.checked);
    columnsOf = entry?.key ?? null;
    clear(columnList);
    const saved = entry && initial && entry.key === initial.report ? initial.options?.columns : undefined;
    for (const column of entry?.columns ?? []) {
      const box = checkbox('column', column.header);
      box.input.value = column.field;
      box.input.checked = !saved || saved.includes(column.field);
      box.input.addEventListener('change', changed);
      columnList.appendChild(box.box);
    }
    // Columns belong to one report: a choice made for another one is dropped, and the user is told.
    const from = catalog().find((r) => r.key === before)?.label;
    const dropped = before !== null && entry && before !== entry.key && hadChoice;
    columnsNote.textContent = dropped
      ? `Every column of ${entry.label} is shown: the columns you chose belonged to ${from ?? 'the other report'}.`
      : '';
    columnsNote.hidden = !dropped;
  };
  const readInto = (request: RunReportRequest): string | undefined => {
    const boxes = columnBoxes();
    const kept = boxes.filter((b) => b.checked).map((b) => b.value);
    if (boxes.length && kept.length === 0) return 'Tick at least one column.';
    if (kept.length < boxes.length) request.options = { ...request.options, columns: kept };
    return undefined;
  };
  return { box, shownFor: () => columnsOf, fill, readInto };
}
