import type {
  RefreshOutcome,
  ReportDefinition,
  ReportListView,
  RunReportRequest,
  RunReportResult,
  SavedReportView,
  Schedule,
  ScheduleEvery,
  ScheduleOwnerView,
} from '../../shared/types';
import { DAY_NAMES, describeSchedule, isScheduled } from '../../reports/schedule';
import { findReport } from '../../catalog/reports';
import { historyCostInWords } from '../../catalog/history';
import { datesInWords } from '../../dates/presets';
import { clear, el, field, select, setStatus } from './dom';
import { createReportPicker } from './report-picker';
import type { Rpc } from './rpc';
import type { SidebarContext, SidebarSection } from './section';
import { thousands } from '../../shared/text-size';
import { defaultReportName } from '../../shared/default-names';
import { sitesInWords } from '../../shared/site-words';

/**
 * The "Saved" tab: saved reports with their status, Run / Edit / Delete, a schedule editor, who
 * runs the schedules (with Take over), and saving the report just run in the builder. Every value
 * from the server goes in as text (el's `text`, textContent), never as HTML.
 */
export interface SavedReportsApi {
  run: Rpc;
}

export interface SavedReportsHandle {
  /** Reloads the list from the server. */
  reload(): void;
  /** Shows the "save this report" form filled from a builder request. */
  offerSave(request: RunReportRequest, label?: string, ran?: RunReportResult): void;
  /** Takes the offer back (the builder's form changed since that run). */
  withdrawSave(): void;
}

const hh = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** The status sheet's words, except that an unscheduled card says so rather than "Off". */
/** What the options change about the table, as a card says it: "at most 5 rows, 3 columns". */
function shapeWords(options: SavedReportView['options']): string {
  if (!options) return '';
  const parts: string[] = [];
  if (options.limit !== undefined) parts.push(`at most ${thousands(options.limit)} ${options.limit === 1 ? 'row' : 'rows'}`);
  if (options.columns?.length) parts.push(`${options.columns.length} ${options.columns.length === 1 ? 'column' : 'columns'}`);
  if (options.totals) parts.push('with totals');
  return parts.join(', ');
}

function scheduleInWords(schedule: Schedule | undefined): string {
  return isScheduled(schedule) ? describeSchedule(schedule) : 'Not scheduled';
}

/** Site names the builder loaded, by ID: cards show "Example Kitchen (site-1)". */
const siteNames = new Map<string, string>();

const siteWords = (siteId: string | string[]): string => sitesInWords(siteId, (id) => siteNames.get(id));

function ownerLine(owner: ScheduleOwnerView, anyScheduled: boolean): string {
  if (!anyScheduled) return 'No report is scheduled.';
  if (!owner.active) return 'No trigger runs the schedules right now.';
  if (owner.isMine) return 'Schedules run with your account (your trigger, hourly).';
  return `Schedules run with ${owner.ownerEmail || 'another user'}\u2019s account.`;
}

function statusLine(r: SavedReportView): { text: string; kind: 'info' | 'error' | 'success' } {
  const s = r.status;
  if (r.approval && !r.approval.mine) {
    const by = r.approval.savedBy || 'another editor';
    return { text: `Needs your approval: saved by ${by}. Your refreshes and your schedule skip it until you approve it.`, kind: 'info' };
  }
  // Its sheet may already hold the builder run it was saved from: say only what is true either way.
  if (s.outcome === 'never') return { text: 'Not refreshed since it was saved.', kind: 'info' };
  // The server's words, in the spreadsheet's time zone: never the browser's (they may differ).
  const parts = [`Last run ${s.lastRunText ?? ''}`];
  if (s.outcome === 'error') return { text: `${parts[0]}: failed. ${s.lastError ?? ''}`.trim(), kind: 'error' };
  if (s.rows !== null) parts.push(`${thousands(s.rows)} ${s.rows === 1 ? 'row' : 'rows'}`);
  if (s.dataThrough) parts.push(`data through ${s.dataThrough}`);
  return { text: `${parts.join(' \u00b7 ')}.`, kind: 'success' };
}

/** Off / hourly / daily / weekly, with hour and weekday shown only where they apply. */
function scheduleEditor(initial: Schedule | undefined): { node: HTMLElement; value(): Schedule } {
  const every = select('every', [
    ['off', 'Off'],
    ['hour', 'Every hour'],
    ['day', 'Every day'],
    ['week', 'Every week'],
    ['month', 'Every month'],
  ]);
  const hour = el('select', { name: 'hour' });
  for (let h = 0; h < 24; h++) hour.appendChild(el('option', { value: String(h), text: hh(h) }));
  const weekDay = el('select', { name: 'weekDay' });
  DAY_NAMES.forEach((d, i) => weekDay.appendChild(el('option', { value: String(i), text: d })));
  const monthDay = el('select', { name: 'monthDay' });
  for (let d = 1; d <= 31; d++) monthDay.appendChild(el('option', { value: String(d), text: String(d) }));
  every.value = initial?.every ?? 'off';
  hour.value = String(initial?.hour ?? 6);
  weekDay.value = String(initial?.weekDay ?? 1);
  monthDay.value = String(initial?.monthDay ?? 2);
  const hourBox = field('At', hour, 'In the spreadsheet\u2019s time zone; it runs within the hour.');
  const dayBox = field('On', weekDay);
  const monthDayBox = field('On day', monthDay, 'A day past the month\u2019s end runs on its last day.');
  const sync = () => {
    hourBox.hidden = every.value !== 'day' && every.value !== 'week' && every.value !== 'month';
    dayBox.hidden = every.value !== 'week';
    monthDayBox.hidden = every.value !== 'month';
  };
  every.addEventListener('change', sync);
  sync();
  const node = el(
    'fieldset',
    { className: 'dates' },
    el('legend', { text: 'Refresh automatically' }),
    field('Schedule', every),
    dayBox,
    monthDayBox,
    hourBox,
  );
  return {
    node,
    value(): Schedule {
      const e = every.value as ScheduleEvery;
      if (e === 'day') return { every: e, hour: Number(hour.value) };
      if (e === 'week') return { every: e, hour: Number(hour.value), weekDay: Number(weekDay.value) };
      if (e === 'month') return { every: e, hour: Number(hour.value), monthDay: Number(monthDay.value) };
      return { every: e };
    },
  };
}

/** "Keep history": the revision window and what it costs in requests, said before saving. */
function historyEditor(
  request: RunReportRequest,
  ran?: RunReportResult,
): { node: HTMLElement; value(): Pick<ReportDefinition, 'mode' | 'revisionDays'> } {
  const spec = findReport(request.report);
  const keep = el('input', { type: 'checkbox', id: 'keep-history', name: 'keepHistory' });
  const days = el('input', { type: 'number', name: 'revisionDays', min: '0', max: '31', step: '1' });
  days.value = '7';
  const cost = el('div', { className: 'hint gray', 'data-test': 'history-cost' });
  const daysBox = field('Revision window (days)', days, cost);
  const dated = !!spec?.dateFamily && !request.options?.compareTo && !request.options?.totals;
  const backfill =
    ran?.startDate && ran.endDate ? Math.round((Date.parse(ran.endDate) - Date.parse(ran.startDate)) / 86_400_000) + 1 : null;
  const sync = () => {
    daysBox.hidden = !keep.checked;
    const n = Number(days.value);
    cost.textContent =
      spec && Number.isInteger(n) && n >= 0 ? historyCostInWords(spec, backfill, n) : 'A whole number of days from 0 to 31.';
  };
  keep.addEventListener('change', sync);
  days.addEventListener('input', sync);
  sync();
  const node = el(
    'fieldset',
    { className: 'dates', hidden: !dated },
    el('legend', { text: 'History' }),
    el(
      'div',
      { className: 'form-group checkbox' },
      keep,
      el('label', { for: 'keep-history', text: 'Keep history' }),
      el('div', {
        className: 'hint gray',
        text: 'Each refresh adds the new days and updates the recent days the network revised, instead of replacing the block. Your own cells beside its rows stay beside them.',
      }),
    ),
    daysBox,
  );
  return {
    node,
    value: (): Pick<ReportDefinition, 'mode' | 'revisionDays'> =>
      dated && keep.checked ? { mode: 'history', revisionDays: Number(days.value) } : {},
  };
}

function textInput(name: string, value: string | undefined, placeholder = ''): HTMLInputElement {
  const input = el('input', { type: 'text', name, maxlength: '100', placeholder });
  input.value = value ?? '';
  return input;
}

export function mountSavedReports(container: HTMLElement, api: SavedReportsApi): SavedReportsHandle {
  const status = el('div', { className: 'status', hidden: true, 'data-test': 'saved-status' });
  const ownerBox = el('div', { className: 'state', 'data-test': 'schedule-owner' });
  const saveBox = el('div', { className: 'block notice', hidden: true, 'data-test': 'save-last-run' });
  const list = el('div', { className: 'block', 'data-test': 'saved-list' });
  const refreshAll = el('button', { type: 'button', text: 'Refresh all' });
  container.append(saveBox, ownerBox, el('div', { className: 'buttons' }, refreshAll), status, list);

  let busy = false;
  /** Runs one server call with the buttons locked and its failure shown in words. */
  const act = <T>(label: string, work: () => Promise<T>, after?: (value: T) => void): void => {
    if (busy) return;
    busy = true;
    setStatus(status, label);
    for (const b of Array.from(container.querySelectorAll('button'))) b.disabled = true;
    work()
      .then((value) => {
        setStatus(status, '');
        after?.(value);
      })
      .catch((error: Error) => setStatus(status, error.message, 'error'))
      .finally(() => {
        busy = false;
        for (const b of Array.from(container.querySelectorAll('button'))) b.disabled = false;
      });
  };

  const outcomesText = (outcomes: RefreshOutcome[]): { text: string; kind: 'error' | 'success' } => {
    const failed = outcomes.filter((o) => o.outcome === 'error');
    const skipped = outcomes.filter((o) => o.outcome === 'skipped');
    const ok = outcomes.length - failed.length - skipped.length;
    const lines = [`Refreshed ${ok} of ${outcomes.length}.`];
    for (const o of failed) lines.push(`${o.name}: ${o.message ?? 'failed'}`);
    if (skipped.length) lines.push(`Not reached in time: ${skipped.map((o) => o.name).join(', ')}. Refresh again to finish.`);
    return { text: lines.join('\n'), kind: failed.length || skipped.length ? 'error' : 'success' };
  };

  const refresh = (ids?: string[]) =>
    act(
      'Refreshing\u2026 (large reports can take a few minutes)',
      () => api.run('refreshReports', ids),
      (outcomes) => {
        const { text, kind } = outcomesText(outcomes);
        load(() => setStatus(status, text, kind));
      },
    );

  function renderOwner(view: ReportListView): void {
    clear(ownerBox);
    const anyScheduled = view.reports.some((r) => isScheduled(r.schedule));
    ownerBox.appendChild(el('div', { text: ownerLine(view.scheduleOwner, anyScheduled) }));
    if (view.scheduleOwner.problem) ownerBox.appendChild(el('div', { className: 'error', text: view.scheduleOwner.problem }));
    if (anyScheduled && (!view.scheduleOwner.isMine || !view.scheduleOwner.active)) {
      const take = el('button', { type: 'button', text: 'Take over' });
      take.addEventListener('click', () => act('Taking over the schedules\u2026', () => api.run('takeOverSchedule'), render));
      ownerBox.append(
        el('div', {
          className: 'hint gray',
          text: 'Take over if that person left or their schedule stopped: the schedules then run with your account and credential.',
        }),
        el('div', { className: 'buttons' }, take),
      );
    }
  }

  function editForm(card: HTMLElement, r: SavedReportView): void {
    const name = textInput('name', r.name);
    // The builder's own controls: a saved report changes in every way it could be made.
    const picker = createReportPicker({
      rpc: api.run,
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
      problem,
      el('div', { className: 'buttons' }, save, cancel),
    );
    cancel.addEventListener('click', () => load());
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const request = picker.build();
      if (typeof request === 'string') {
        setStatus(problem, request, 'error');
        return;
      }
      setStatus(problem, '');
      // The builder has no sort: a saved sort (a dashboard's top pages) stays while the report does.
      const sort = request.report === r.report ? r.options?.sort : undefined;
      const options = sort ? { ...request.options, sort } : request.options;
      const definition: ReportDefinition = {
        id: r.id,
        name: name.value,
        report: request.report,
        siteId: request.siteId,
        start: request.start,
        end: request.end,
        options,
        sheetName: request.sheetName ?? r.sheetName,
        schedule: schedule.value(),
        mode: r.mode,
        revisionDays: r.revisionDays,
        notifyOnFailure: r.notifyOnFailure,
        startCell: r.startCell,
      };
      act(
        'Saving\u2026',
        () => api.run('saveReport', definition),
        () => load(() => setStatus(status, 'Saved.', 'success')),
      );
    });
    clear(card);
    card.appendChild(form);
    Promise.all([api.run('getCatalog'), api.run('listSites')])
      .then(([catalog, sites]) => {
        picker.fillSites(sites);
        picker.fillCatalog(catalog);
        proposedName = proposal();
        save.disabled = false;
      })
      .catch((error: Error) => setStatus(problem, error.message, 'error'));
  }

  function reportCard(r: SavedReportView, timeZone: string): HTMLElement {
    const card = el('div', { className: 'block notice', 'data-report-id': r.id });
    const line = statusLine(r);
    const kept = r.mode === 'history' ? `history, ${r.revisionDays ?? 7}-day revision window` : '';
    const where = [r.reportLabel, siteWords(r.siteId), r.datesText, shapeWords(r.options), kept].filter((s) => s !== '').join(' \u00b7 ');
    const run = el('button', { type: 'button', className: 'action', text: 'Run' });
    const edit = el('button', { type: 'button', text: 'Edit' });
    const del = el('button', { type: 'button', className: 'danger', text: 'Delete' });
    let confirming = false;
    run.addEventListener('click', () => refresh([r.id]));
    // Someone else saved it: it may use the viewer's credential only once the viewer approves it.
    const approve = el('button', { type: 'button', className: 'action', text: 'Approve', 'data-test': 'approve' });
    approve.addEventListener('click', () =>
      act(
        'Approving\u2026',
        () => api.run('approveReport', r.id),
        () => load(() => setStatus(status, 'Approved: your refreshes and schedule run it now.', 'success')),
      ),
    );
    const needsApproval = r.approval !== undefined && !r.approval.mine;
    edit.addEventListener('click', () => editForm(card, r));
    del.addEventListener('click', () => {
      if (!confirming) {
        // A second click confirms: no modal dialogs in the sidebar's sandbox.
        confirming = true;
        del.textContent = 'Confirm delete';
        return;
      }
      act(
        'Deleting\u2026',
        () => api.run('deleteReport', r.id),
        () => load(() => setStatus(status, 'Deleted. Its data stays in the sheet.', 'success')),
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
      el('div', { className: 'buttons' }, needsApproval ? approve : run, edit, del),
    );
    return card;
  }

  function render(view: ReportListView): void {
    renderOwner(view);
    clear(list);
    refreshAll.hidden = view.reports.length === 0;
    if (view.reports.length === 0) {
      list.appendChild(
        el('p', {
          className: 'gray',
          text: 'No saved reports yet. Run a report, then save it here to refresh it on demand or on a schedule.',
        }),
      );
      return;
    }
    for (const r of view.reports) list.appendChild(reportCard(r, view.timeZone));
  }

  function load(then?: () => void): void {
    api
      .run('listReports')
      .then((view) => {
        render(view);
        then?.();
      })
      .catch((error: Error) => setStatus(status, error.message, 'error'));
  }

  function offerSave(request: RunReportRequest, label?: string, ran?: RunReportResult): void {
    clear(saveBox);
    const name = textInput('name', '', 'e.g. Monthly earnings');
    const schedule = scheduleEditor({ every: 'off' });
    const history = historyEditor(request, ran);
    const save = el('button', { type: 'submit', className: 'action', text: 'Save this report' });
    const dismiss = el('button', { type: 'button', text: 'Not now' });
    const summary = [label ?? request.report, siteWords(request.siteId), datesInWords(request.start, request.end)]
      .filter((s) => s !== '')
      .join(' \u00b7 ');
    const form = el(
      'form',
      { novalidate: true },
      el('p', { text: `Save the report you ran (${summary} \u2192 ${request.sheetName ?? ''}) to refresh it later or on a schedule.` }),
      field('Name', name),
      history.node,
      schedule.node,
      el('div', { className: 'buttons' }, save, dismiss),
    );
    dismiss.addEventListener('click', () => {
      saveBox.hidden = true;
    });
    form.addEventListener('submit', (event) => {
      event.preventDefault();
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
      };
      act(
        'Saving\u2026',
        () => api.run('saveReport', definition),
        () => {
          saveBox.hidden = true;
          load(() => setStatus(status, 'Saved. Run it from here, or let its schedule refresh it.', 'success'));
        },
      );
    });
    saveBox.appendChild(form);
    saveBox.hidden = false;
  }

  refreshAll.addEventListener('click', () => refresh());
  load();
  // A visit shows the reports as they are now: an old "Saved." must not sit above a card that failed since.
  return {
    reload: () => {
      if (!busy) setStatus(status, '');
      load();
    },
    offerSave,
    withdrawSave: () => {
      clear(saveBox);
      saveBox.hidden = true;
    },
  };
}

/**
 * The tab, for main.ts's SECTIONS list: `createSavedReportsSection()`. After a run in the builder
 * the tab holds a filled "Save this report" form (a builder button can simply show this tab).
 */
export function createSavedReportsSection(): SidebarSection {
  let handle: SavedReportsHandle | null = null;
  return {
    id: 'saved',
    title: 'Saved',
    mount(root: HTMLElement, ctx: SidebarContext): void {
      const mounted = mountSavedReports(root, { run: ctx.rpc });
      handle = mounted;
      ctx.on('report-ran', ({ request, label, result }) => mounted.offerSave(request, label, result));
      ctx.on('sites-loaded', (list) => {
        siteNames.clear();
        for (const site of list) if (site.name) siteNames.set(site.id, site.name);
      });
      ctx.on('report-edited', () => mounted.withdrawSave());
    },
    shown(): void {
      // Status changes behind the page's back (schedules, other editors): fresh on every visit.
      handle?.reload();
    },
  };
}
