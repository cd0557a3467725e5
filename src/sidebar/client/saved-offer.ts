import type { RunReportRequest, RunReportResult } from '../../shared/types';
import { datesInWords } from '../../dates/presets';
import { clear, el, field, setStatus } from './dom';
import { historyEditor, scheduleEditor, textInput } from './saved-editors';
import type { SavedScreen } from './saved-reports';
import { warehouseEditor } from './warehouse-editor';
import { shapeWords, siteWords } from './saved-words';

/** The "Save this report" form for the report just run in the builder. */
export function offerSave(screen: SavedScreen, request: RunReportRequest, label?: string, ran?: RunReportResult): void {
  clear(screen.saveBox);
  const name = textInput('name', '', 'e.g. Monthly earnings');
  const schedule = scheduleEditor({ every: 'off' });
  const history = historyEditor(request, ran);
  const warehouse = warehouseEditor(screen.api.run, undefined);
  const save = el('button', { type: 'submit', className: 'action', text: 'Save this report' });
  const dismiss = el('button', { type: 'button', text: 'Not now' });
  const summary = [
    label ?? request.report,
    siteWords(request.siteId),
    datesInWords(request.start, request.end),
    shapeWords(request.options, request.report),
  ]
    .filter((s) => s !== '')
    .join(' \u00b7 ');
  const form = el(
    'form',
    { novalidate: true },
    el('p', { text: `Save the report you ran (${summary} \u2192 ${request.sheetName ?? ''}) to refresh it later or on a schedule.` }),
    field('Name', name),
    history.node,
    schedule.node,
    warehouse.node,
    el('div', { className: 'buttons' }, save, dismiss),
  );
  dismiss.addEventListener('click', () => {
    screen.saveBox.hidden = true;
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const destination = warehouse.value();
    const definition = {
      name: name.value.trim() || undefined,
      report: request.report,
      siteId: request.siteId,
      start: request.start,
      end: request.end,
      options: request.options,
      sheetName: request.sheetName ?? '',
      schedule: schedule.value(),
      ...history.value(),
      ...(destination ? { warehouse: destination } : {}),
    };
    screen.act(
      'Saving\u2026',
      () => screen.api.run('saveReport', definition),
      () => {
        screen.saveBox.hidden = true;
        screen.load(() => setStatus(screen.status, 'Saved. Run it from here, or let its schedule refresh it.', 'success'));
      },
    );
  });
  screen.saveBox.appendChild(form);
  screen.saveBox.hidden = false;
}
