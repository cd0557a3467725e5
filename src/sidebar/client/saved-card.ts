import type { SavedReportView } from '../../shared/types';
import { isScheduled } from '../../reports/schedule';
import { el, setStatus } from './dom';
import { editForm } from './saved-edit-form';
import { warehouseCardLine } from './warehouse-editor';
import type { SavedScreen } from './saved-reports';
import { scheduleInWords, shapeWords, siteWords, statusLine } from './saved-words';

/** One saved report: what it is, where it goes, its schedule and last run, and its buttons. */
export function reportCard(screen: SavedScreen, r: SavedReportView, timeZone: string): HTMLElement {
  const card = el('div', { className: 'block notice', 'data-report-id': r.id });
  const line = statusLine(r);
  const kept = r.mode === 'history' ? `history, ${r.revisionDays ?? 7}-day revision window` : '';
  const where = [r.reportLabel, siteWords(r.siteId), r.datesText, shapeWords(r.options, r.report), kept]
    .filter((s) => s !== '')
    .join(' \u00b7 ');
  const run = el('button', { type: 'button', className: 'action', text: 'Run' });
  const edit = el('button', { type: 'button', text: 'Edit' });
  const del = el('button', { type: 'button', className: 'danger', text: 'Delete' });
  let confirming = false;
  run.addEventListener('click', () => screen.refresh([r.id]));
  // Someone else saved it: it may use the viewer's credential only once the viewer approves it.
  const approve = el('button', { type: 'button', className: 'action', text: 'Approve', 'data-test': 'approve' });
  approve.addEventListener('click', () =>
    screen.act(
      'Approving\u2026',
      () => screen.api.run('approveReport', r.id),
      () => screen.load(() => setStatus(screen.status, 'Approved: your refreshes and schedule run it now.', 'success')),
    ),
  );
  const needsApproval = r.approval !== undefined && !r.approval.mine;
  edit.addEventListener('click', () => editForm(screen, card, r));
  del.addEventListener('click', () => {
    if (!confirming) {
      // A second click confirms: no modal dialogs in the sidebar's sandbox.
      confirming = true;
      del.textContent = 'Confirm delete';
      return;
    }
    screen.act(
      'Deleting\u2026',
      () => screen.api.run('deleteReport', r.id),
      () => screen.load(() => setStatus(screen.status, 'Deleted. Its data stays in the sheet.', 'success')),
    );
  });
  const statusNode = el('div', { className: 'hint', 'data-test': 'report-status' });
  setStatus(statusNode, line.text, line.kind);
  card.append(
    el('div', { className: 'site-name', text: r.name ?? r.id }),
    el('div', { className: 'hint gray', text: `${where} \u2192 ${r.sheetName}` }),
    el('div', {
      className: 'hint gray',
      text: isScheduled(r.schedule)
        ? `${scheduleInWords(r.schedule)} (${timeZone} time)${r.status.nextRunText ? `; next ${r.status.nextRunText}` : ''}`
        : scheduleInWords(r.schedule),
    }),
    statusNode,
    warehouseCardLine(screen.api.run, r, (message) => screen.load(() => setStatus(screen.status, message, 'success'))) ?? '',
    el('div', { className: 'buttons' }, needsApproval ? approve : run, edit, del),
  );
  return card;
}
