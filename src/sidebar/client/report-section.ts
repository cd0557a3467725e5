import type {
  CatalogEntryView,
  DateOptionsView,
  RunReportRequest,
  RunReportResult,
  SettingsView,
  SiteView,
} from '../../shared/types';
import { MAX_LIMIT, readLimit } from '../../pull/query-options';
import { userMessage } from '../../shared/errors';
import { checkCustomDates, describeAvailability } from './report-dates';
import { clear, el, field, setStatus } from './dom';
import { newRunId, pollProgress } from './run-progress';
import type { SidebarContext, SidebarSection } from './section';
import { thousands } from '../../shared/text-size';

const GROUPS: Array<{ group: CatalogEntryView['group']; label: string }> = [
  { group: 'traffic', label: 'Traffic' },
  { group: 'performance', label: 'Performance' },
  { group: 'account', label: 'Account' },
];
const ALL = 'all';
const CUSTOM = 'custom';

/** Mirrors the server's default so the user sees where the report will go before running it. */
function defaultSheetName(report: CatalogEntryView | undefined, siteId: string): string {
  if (!report) return '';
  if (report.key === 'sites') return report.label;
  const name = `${report.label} - ${siteId === ALL ? 'all sites' : siteId}`;
  return name.length > 100 ? `${name.slice(0, 99)}\u2026` : name;
}

function resultLine(result: RunReportResult): string {
  const rows = `${thousands(result.rows)} ${result.rows === 1 ? 'row' : 'rows'}`;
  let line = `Wrote ${rows} to '${result.sheetName}'!${result.range} in ${result.seconds} s.`;
  if (result.startDate && result.endDate) line += ` Dates ${result.startDate} to ${result.endDate}.`;
  if (result.dataThrough) line += ` Data through ${result.dataThrough}.`;
  if (result.truncated) line += ' The row limit cut it short: more rows exist.';
  return line;
}

export const reportSection: SidebarSection = {
  id: 'report',
  title: 'Report',
  mount(root: HTMLElement, ctx: SidebarContext): void {
    let sites: SiteView[] = [];
    let catalog: CatalogEntryView[] = [];
    let dates: DateOptionsView | null = null;
    let datesRequest = 0;
    let sheetEdited = false;
    let running = false;

    const setup = el('div', { className: 'block notice', hidden: true });
    const site = el('select', { name: 'site' });
    const siteHint = el('div', { className: 'hint gray', 'data-test': 'site-url' });
    const report = el('select', { name: 'report' });
    const reportHint = el('div', { className: 'hint gray', 'data-test': 'report-description' });
    const preset = el('select', { name: 'preset' });
    const startInput = el('input', { type: 'date', name: 'start' });
    const endInput = el('input', { type: 'date', name: 'end' });
    const custom = el('div', { className: 'custom-dates', hidden: true }, field('From', startInput), field('To', endInput));
    const presetRange = el('div', { className: 'hint', 'data-test': 'preset-range' });
    const availability = el('div', { className: 'hint gray', 'data-test': 'availability' });
    const datesBox = el(
      'fieldset',
      { className: 'dates' },
      el('legend', { text: 'Dates' }),
      field('Range', preset, presetRange),
      custom,
      availability,
    );
    const limit = el('input', { type: 'number', min: '1', max: String(MAX_LIMIT), step: '1', name: 'limit', placeholder: 'All rows' });
    const limitBox = field('Row limit', limit, 'Optional: the first rows by the report\u2019s default order.');
    const sheet = el('input', { type: 'text', name: 'sheetName', maxlength: '100' });
    const run = el('button', { className: 'action', type: 'submit', text: 'Run report' });
    const progress = el('div', { className: 'status gray', hidden: true, 'data-test': 'run-progress' });
    const status = el('div', { className: 'status', hidden: true, 'data-test': 'run-status' });
    const saveRun = el('button', { type: 'button', hidden: true, text: 'Save this report\u2026' });
    saveRun.addEventListener('click', () => ctx.showSection('saved'));

    const form = el(
      'form',
      { className: 'block', novalidate: true },
      field('Site', site, siteHint),
      field('Report', report, reportHint),
      datesBox,
      limitBox,
      field('Sheet', sheet, 'Created if missing. The report owns its block there and never writes outside it.'),
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
    const chosenReport = (): CatalogEntryView | undefined => catalog.find((r) => r.key === report.value);
    const refreshSheetName = (): void => {
      if (!sheetEdited) sheet.value = defaultSheetName(chosenReport(), site.value);
      sheet.placeholder = defaultSheetName(chosenReport(), site.value);
    };
    const showSiteHint = (): void => {
      const chosen = sites.find((s) => s.id === site.value);
      siteHint.textContent = chosen
        ? `${chosen.url || 'No URL'}${chosen.active ? '' : ` \u00b7 ${chosen.status || 'inactive'}`}`
        : site.value === ALL
          ? `${sites.filter((s) => s.active).length} active sites, stacked with a Site column`
          : '';
    };
    const showCustom = (): void => {
      custom.hidden = preset.value !== CUSTOM;
      const chosen = dates?.presets.find((p) => p.key === preset.value);
      presetRange.textContent = chosen ? `${chosen.startDate} to ${chosen.endDate}` : '';
    };

    const fillSites = (list: SiteView[]): void => {
      const previous = site.value;
      sites = list;
      clear(site);
      const active = list.filter((s) => s.active);
      if (active.length > 1) site.appendChild(el('option', { value: ALL, text: 'All active sites' }));
      for (const s of list) {
        const label = `${s.name || s.id}${s.active ? '' : ' (inactive)'}`;
        site.appendChild(el('option', { value: s.id, text: label, title: s.url }));
      }
      const keep = list.some((s) => s.id === previous) || (previous === ALL && active.length > 1);
      site.value = keep ? previous : (active[0] ?? list[0])?.id ?? '';
      showSiteHint();
      refreshSheetName();
    };

    const fillCatalog = (entries: CatalogEntryView[]): void => {
      catalog = entries;
      clear(report);
      for (const { group, label } of GROUPS) {
        const members = entries.filter((e) => e.group === group);
        if (!members.length) continue;
        const optgroup = el('optgroup', { label });
        for (const e of members) optgroup.appendChild(el('option', { value: e.key, text: e.label }));
        report.appendChild(optgroup);
      }
      report.value = entries.find((e) => e.key === 'pages/performance')?.key ?? entries[0]?.key ?? '';
      reportChanged();
    };

    const fillDates = (options: DateOptionsView | null, message = ''): void => {
      dates = options;
      const previous = preset.value;
      clear(preset);
      for (const p of options?.presets ?? []) {
        preset.appendChild(el('option', { value: p.key, text: p.label, title: `${p.startDate} to ${p.endDate}` }));
      }
      preset.appendChild(el('option', { value: CUSTOM, text: 'Custom dates\u2026' }));
      const keys = (options?.presets ?? []).map((p) => p.key);
      preset.value = keys.includes(previous) || previous === CUSTOM ? previous : keys.includes('lastThirtyDays') ? 'lastThirtyDays' : (keys[0] ?? CUSTOM);
      const { startDate, endDate } = options?.available ?? { startDate: null, endDate: null };
      startInput.min = endInput.min = startDate ?? '';
      startInput.max = endInput.max = endDate ?? '';
      if (options && endDate && !startInput.value) {
        const last = options.presets.find((p) => p.key === 'lastThirtyDays') ?? options.presets[0];
        startInput.value = last?.startDate ?? startDate ?? endDate;
        endInput.value = last?.endDate ?? endDate;
      }
      availability.textContent = message || (options ? describeAvailability(options) : '');
      availability.className = `hint ${message ? 'error' : 'gray'}`;
      showCustom();
    };

    const loadDates = (): void => {
      const entry = chosenReport();
      datesBox.hidden = !entry?.dateFamily;
      if (!entry?.dateFamily || !site.value) return;
      // "All sites" shares the dashboard presets; the first active site's bounds stand for them.
      const siteId = site.value === ALL ? sites.find((s) => s.active)?.id : site.value;
      if (!siteId) return;
      const ticket = ++datesRequest;
      availability.className = 'hint gray';
      availability.textContent = 'Loading the dates with data\u2026';
      ctx
        .rpc('getDateOptions', { siteId, report: entry.key })
        .then((options) => {
          if (ticket === datesRequest) fillDates(options);
        })
        .catch((error: Error) => {
          if (ticket === datesRequest) fillDates(null, error.message);
        });
    };

    function reportChanged(): void {
      const entry = chosenReport();
      reportHint.textContent = entry?.description ?? '';
      limitBox.hidden = !entry?.paginated;
      site.disabled = entry?.key === 'sites';
      refreshSheetName();
      loadDates();
    }

    const loadSites = (): void => {
      setStatus(status, '');
      ctx
        .rpc('listSites')
        .then((list) => {
          fillSites(list);
          ctx.emit('sites-loaded', list);
          if (!list.length) setStatus(status, 'This credential sees no sites. Check it in Settings.', 'error');
          loadDates();
        })
        .catch((error: Error) => setStatus(status, error.message, 'error'));
    };

    const applySettings = (view: SettingsView): void => {
      clear(setup);
      setup.hidden = view.configured;
      form.hidden = !view.configured;
      if (!view.configured) {
        const go = el('button', { type: 'button', className: 'action', text: 'Open settings' });
        go.addEventListener('click', () => ctx.showSection('settings'));
        setup.append(el('p', { text: 'Set up your Creator Reporting credential first.' }), go);
        return;
      }
      loadSites();
    };

    const buildRequest = (): RunReportRequest | string => {
      const entry = chosenReport();
      if (!entry) return 'Choose a report.';
      if (entry.key !== 'sites' && !site.value) return 'Choose a site.';
      const request: RunReportRequest = { report: entry.key, siteId: site.value };
      if (entry.dateFamily) {
        if (preset.value === CUSTOM) {
          const problem = checkCustomDates(startInput.value, endInput.value, dates);
          if (problem) return problem;
          request.start = startInput.value;
          request.end = endInput.value;
        } else if (preset.value) {
          request.start = preset.value;
        } else {
          return 'Choose a date range.';
        }
      }
      if (entry.paginated && limit.value.trim()) {
        // The pull's own reader: the page refuses exactly what the server would.
        try {
          request.options = { limit: readLimit(limit.value) };
        } catch (error) {
          return userMessage(error);
        }
      }
      const name = sheet.value.trim();
      if (name.length > 100) return 'Sheet names have at most 100 characters.';
      request.sheetName = name || defaultSheetName(entry, site.value);
      return request;
    };

    form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (running) return;
      // Whatever happens now, the last run is no longer what the form shows: nothing to save.
      forgetLastRun();
      const request = buildRequest();
      if (typeof request === 'string') {
        setStatus(status, request, 'error');
        return;
      }
      request.runId = newRunId();
      running = true;
      run.disabled = true;
      setStatus(status, '');
      setStatus(progress, 'Starting\u2026');
      const stop = pollProgress(ctx.rpc, request.runId, (p) => setStatus(progress, p.message));
      ctx
        .rpc('runReport', request)
        .then((result) => {
          setStatus(status, resultLine(result), 'success');
          saveRun.hidden = !ctx.hasSection('saved');
          ctx.emit('report-ran', { request, result, label: chosenReport()?.label });
        })
        .catch((error: Error) => setStatus(status, error.message, 'error'))
        .finally(() => {
          stop();
          setStatus(progress, '');
          running = false;
          run.disabled = false;
        });
    });

    // A sheet name typed for one report and site is not meant for the next one: a new choice
    // proposes its own sheet again (so report B does not land on report A's sheet unasked).
    const selectionChanged = (): void => {
      sheetEdited = false;
      forgetLastRun();
    };
    site.addEventListener('change', () => {
      selectionChanged();
      showSiteHint();
      refreshSheetName();
      loadDates();
    });
    report.addEventListener('change', () => {
      selectionChanged();
      reportChanged();
    });
    preset.addEventListener('change', () => {
      forgetLastRun();
      showCustom();
    });
    for (const input of [startInput, endInput, limit]) input.addEventListener('change', forgetLastRun);
    sheet.addEventListener('input', () => {
      sheetEdited = sheet.value.trim() !== '';
      forgetLastRun();
    });

    form.hidden = true;
    ctx
      .rpc('getCatalog')
      .then(fillCatalog)
      .catch((error: Error) => setStatus(status, error.message, 'error'));
    ctx.on('settings-changed', applySettings);
    const current = ctx.settings();
    if (current) applySettings(current);
  },
};
