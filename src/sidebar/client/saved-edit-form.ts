import type { ReportDefinition, SavedReportView } from '../../shared/types';
import { defaultReportName } from '../../shared/default-names';
import { clear, el, field, setStatus } from './dom';
import { createReportPicker } from './report-picker';
import { scheduleEditor, textInput } from './saved-editors';
import { warehouseEditor } from './warehouse-editor';
import type { SavedScreen } from './saved-reports';

/** A saved card turned into the builder's own form, with its name and schedule. */
export function editForm(screen: SavedScreen, card: HTMLElement, r: SavedReportView): void {
  const name = textInput('name', r.name);
  // The builder's own controls: a saved report changes in every way it could be made.
  const picker = createReportPicker({
    rpc: screen.api.run,
    initial: r,
    sheetHint: 'Its block there is replaced on the next run; a new sheet is created if missing.',
  });
  // The name the add-on gave follows a change of report or sites; a name the user wrote stays.
  let proposedName = '';
  const proposal = (): string => {
    const entry = picker.chosenReport();
    return entry ? defaultReportName(entry, picker.chosenSites()) : '';
  };
  picker.onChange((what) => {
    if (what !== 'selection' || !proposedName) return;
    const next = proposal();
    if (next && name.value === proposedName) name.value = next;
    proposedName = next;
  });
  const schedule = scheduleEditor(r.schedule);
  const warehouse = warehouseEditor(screen.api.run, r.warehouse);
  // Enabled once the pickers hold the report's sites and catalog: a Save before that would refuse.
  const save = el('button', { type: 'submit', className: 'action', text: 'Save', disabled: true });
  const cancel = el('button', { type: 'button', text: 'Cancel' });
  const problem = el('div', { className: 'status', hidden: true, 'data-test': 'edit-status' });
  const form = el(
    'form',
    { novalidate: true },
    field('Name', name),
    ...picker.nodes,
    schedule.node,
    warehouse.node,
    problem,
    el('div', { className: 'buttons' }, save, cancel),
  );
  cancel.addEventListener('click', () => screen.load());
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const request = picker.build();
    if (typeof request === 'string') {
      setStatus(problem, request, 'error');
      return;
    }
    setStatus(problem, '');
    const definition: ReportDefinition = {
      id: r.id,
      name: name.value,
      report: request.report,
      siteId: request.siteId,
      start: request.start,
      end: request.end,
      options: request.options,
      sheetName: request.sheetName ?? r.sheetName,
      schedule: schedule.value(),
      mode: r.mode,
      revisionDays: r.revisionDays,
      notifyOnFailure: r.notifyOnFailure,
      startCell: r.startCell,
    };
    const destination = warehouse.value();
    if (destination) definition.warehouse = destination;
    screen.act(
      'Saving\u2026',
      () => screen.api.run('saveReport', definition),
      () => screen.load(() => setStatus(screen.status, 'Saved.', 'success')),
    );
  });
  clear(card);
  card.appendChild(form);
  Promise.all([screen.api.run('getCatalog'), screen.api.run('listSites')])
    .then(([catalog, sites]) => {
      picker.fillSites(sites);
      picker.fillCatalog(catalog);
      proposedName = proposal();
      save.disabled = false;
    })
    .catch((error: Error) => setStatus(problem, error.message, 'error'));
}
