import { tryDemoButton } from './demo-bar';
import type { RunReportRequest, RunReportResult, SettingsView } from '../../shared/types';
import { chainCalls } from './chained-calls';
import { clear, el, setStatus } from './dom';
import { createReportPicker } from './report-picker';
import { newRunId, pollProgress } from './run-progress';
import type { SidebarContext, SidebarSection } from './section';
import { thousands } from '../../shared/text-size';
import { durationWords } from '../../shared/duration-words';

/** What the Run says it wrote; the range as Sheets writes one (a quote in the sheet's name doubled). */
export function resultLine(result: RunReportResult): string {
  const rows = `${thousands(result.rows)} ${result.rows === 1 ? 'row' : 'rows'}`;
  let line = `Wrote ${rows} to '${result.sheetName.replace(/'/g, "''")}'!${result.range} in ${durationWords(result.seconds)}.`;
  if (result.startDate && result.endDate) line += ` Dates ${result.startDate} to ${result.endDate}.`;
  if (result.dataThrough) line += ` Data through ${result.dataThrough}.`;
  if (result.truncated) line += ' The row limit cut it short: more rows exist.';
  for (const notice of result.notices ?? []) line += ` ${notice}`;
  return line;
}

const STALLED =
  'The report stopped getting further between runs, so it was not written; the previous data is unchanged. Use a row limit or a shorter date range.';

/**
 * The Run's calls: a report too big for one execution answers "continuing", shown on the
 * progress line, and the page calls again at once with the same request (and runId).
 */
function runUntilDone(ctx: SidebarContext, request: RunReportRequest, progress: HTMLElement): Promise<RunReportResult> {
  return chainCalls(() => ctx.rpc('runReport', request), {
    done: (answer): answer is RunReportResult => !('continuing' in answer),
    rows: (answer) => ('continuing' in answer ? answer.rows : 0),
    onContinuing: (answer) => 'continuing' in answer && setStatus(progress, answer.continuing),
    stalled: STALLED,
  });
}

/** Before a credential is saved (and outside the demo): the two ways to start. */
function fillSetup(setup: HTMLElement, ctx: SidebarContext): void {
  const go = el('button', { type: 'button', className: 'action', text: 'Open settings' });
  go.addEventListener('click', () => ctx.showSection('settings'));
  // Its own line: the report form, and the status under it, are hidden until a credential is set up.
  const status = el('div', { className: 'status', hidden: true, 'data-test': 'setup-status' });
  setup.append(
    el('p', {
      text: 'Set up your Creator Reporting credential first, or try the add-on with built-in demo data (no account needed).',
    }),
    go,
    ' ',
    tryDemoButton(ctx, status),
    status,
  );
}

export const reportSection: SidebarSection = {
  id: 'report',
  title: 'Report',
  mount(root: HTMLElement, ctx: SidebarContext): void {
    let running = false;

    const setup = el('div', { className: 'block notice', hidden: true });
    const picker = createReportPicker({
      rpc: ctx.rpc,
      sheetHint: 'Created if missing. The report owns its block there and never writes outside it.',
    });
    const run = el('button', { className: 'action', type: 'submit', text: 'Run report' });
    const progress = el('div', { className: 'status gray', hidden: true, 'data-test': 'run-progress' });
    const status = el('div', { className: 'status', hidden: true, 'data-test': 'run-status' });
    const saveRun = el('button', { type: 'button', hidden: true, text: 'Save this report\u2026' });
    saveRun.addEventListener('click', () => ctx.showSection('saved'));

    const form = el(
      'form',
      { className: 'block', novalidate: true },
      ...picker.nodes,
      el('div', { className: 'buttons' }, run),
      progress,
      status,
      saveRun,
    );
    root.append(setup, form);

    function forgetLastRun(): void {
      if (saveRun.hidden) return;
      saveRun.hidden = true;
      ctx.emit('report-edited', null);
    }

    const loadSites = (): void => {
      setStatus(status, '');
      ctx
        .rpc('listSites')
        .then((list) => {
          picker.fillSites(list);
          ctx.emit('sites-loaded', list);
          if (!list.length) setStatus(status, 'This credential sees no sites. Check it in Settings.', 'error');
          picker.loadDates();
        })
        .catch((error: Error) => setStatus(status, error.message, 'error'));
    };

    const applySettings = (view: SettingsView): void => {
      clear(setup);
      const ready = view.configured || view.demo === true;
      setup.hidden = ready;
      form.hidden = !ready;
      if (ready) loadSites();
      else fillSetup(setup, ctx);
    };

    form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (running) return;
      // Whatever happens now, the last run is no longer what the form shows: nothing to save.
      forgetLastRun();
      const request = picker.build();
      if (typeof request === 'string') {
        setStatus(status, request, 'error');
        return;
      }
      // One runId for every call of this run: the progress the page polls, and the checkpoint each
      // call goes on from when the report is too big for one execution.
      request.runId = newRunId();
      request.mayContinue = true;
      running = true;
      run.disabled = true;
      setStatus(status, '');
      setStatus(progress, 'Starting\u2026');
      const stop = pollProgress(ctx.rpc, request.runId, (p) => setStatus(progress, p.message));
      runUntilDone(ctx, request, progress)
        .then((result) => {
          setStatus(status, resultLine(result), 'success');
          saveRun.hidden = !ctx.hasSection('saved');
          ctx.emit('report-ran', { request, result, label: picker.chosenReport()?.label });
        })
        .catch((error: Error) => setStatus(status, error.message, 'error'))
        .finally(() => {
          stop();
          setStatus(progress, '');
          running = false;
          run.disabled = false;
        });
    });
    picker.onChange(forgetLastRun);

    form.hidden = true;
    ctx
      .rpc('getCatalog')
      .then(picker.fillCatalog)
      .catch((error: Error) => setStatus(status, error.message, 'error'));
    ctx.on('settings-changed', applySettings);
    const current = ctx.settings();
    if (current) applySettings(current);
  },
};
