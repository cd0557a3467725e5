import fs from 'node:fs';
import path from 'node:path';
import { createEmulator, httpTransport, inProcessTransport, type Emulator, type EmulatorSnapshot } from '../emulator';
import { displayValue } from '../emulator/spreadsheet';
import { emptyCaches } from '../emulator/services/cache';
import { wallClock } from '../emulator/clock';
import { COPY_CITED, DEFAULT_MODEL, servicePrices } from '../bench/model';
import type { Transport } from '../emulator/transport-types';
import { createFakeApi, type FakeApi } from '../fake-api';
import { routingTransport } from './routing-transport';
import { chartRows, chartViews } from './chart-view';

const PAGE_REQUEST = /[?&]page(\[|%5B)number(\]|%5D)=/;

/** Where the add-on's default API lives; the playground answers it with the embedded fake API. */
const DEFAULT_API_HOST = 'publisher-api.raptive.com';
const WINDOW_ROWS = 200;
/** Sidebar calls that change nothing worth keeping: the page polls some of them. */
const READ_ONLY_CALLS = new Set(['getRunProgress', 'getSettings', 'getCatalog', 'listSites', 'getDateOptions', 'testConnection']);
/**
 * Read-only calls that also take no lock and fetch nothing: these run alongside a running call
 * (Google runs a page's calls concurrently; the sidebar polls progress during a pull). The others
 * may mint a token under the user lock, which the interrupted call may hold and cannot give back
 * until it goes on, so they wait for it to end.
 */
const ALONGSIDE_CALLS = new Set(['getRunProgress', 'getSettings', 'getCatalog']);
/** The header menus' items, by "dimension:action", as the emulator's Sheet methods. */
const LINE_CHANGES: Record<string, (sheet: GoogleAppsScript.Spreadsheet.Sheet, index: number) => unknown> = {
  'row:above': (sheet, i) => sheet.insertRowsBefore(i, 1),
  'row:below': (sheet, i) => sheet.insertRowsAfter(i, 1),
  'row:delete': (sheet, i) => sheet.deleteRow(i),
  'column:left': (sheet, i) => sheet.insertColumnsBefore(i, 1),
  'column:right': (sheet, i) => sheet.insertColumnsAfter(i, 1),
  'column:delete': (sheet, i) => sheet.deleteColumn(i),
  // View > Freeze > Up to row N, and No rows.
  'row:freeze': (sheet, i) => sheet.setFrozenRows(i),
  'row:unfreeze': (sheet) => sheet.setFrozenRows(0),
};
/** Quiet time before the state is written: a burst of edits costs one write. */
const SAVE_DELAY_MS = 1500;

export interface SessionOptions {
  distDir: string;
  stateDir: string;
  /** host:port the playground serves on; requests to it also reach the embedded API. */
  selfHost: string;
  /** 'real' sends the default API host to the network instead of the embedded fake. */
  apiMode: 'embedded' | 'real';
  timeZone: string;
  /** Real milliseconds each round trip to the embedded API takes (Google's fetches take time too). */
  apiLatencyMs?: number;
  /**
   * The emulator's limits mode (emulator/service-costs.ts): each sheet, cache and property call
   * takes the bench's cost model times this on the virtual clock, and an execution past Google's
   * 6 minutes is killed, so a big pull continues across the sidebar's chained calls. Absent: off.
   */
  slow?: number;
  /** With `slow`: a copy priced on the cited figure (a third of a write; PLAYGROUND_COPY=cited) instead of as a write. */
  copyCited?: boolean;
  /**
   * The running call waits `ms` (0: one service call, as `onWait`): the server answers the
   * page's concurrent calls meanwhile.
   */
  whileWaiting?: (ms: number) => void;
}

export interface CellView {
  v: string;
  raw?: string;
  f?: string;
  e?: string;
  b?: boolean;
  n?: string;
  num?: boolean;
}

/** An e-mail the add-on sent, as the outbox panel shows it (nothing leaves the playground). */
export interface OutboxMail {
  from: string;
  /** The sender's display name (MailApp's `name`), when the add-on gave one. */
  name?: string;
  to: string;
  subject: string;
  body: string;
  /** When it was sent, on the virtual clock, in the spreadsheet's time zone. */
  sent: string;
}

/**
 * One playground: the emulator with the real bundle loaded, the embedded fake API, and the state
 * kept on disk so a restart continues where the user left off.
 */
export class PlaygroundSession {
  readonly api: FakeApi;
  emu!: Emulator;
  /** Kept across resets: its HTTP side is a worker thread, started once. */
  private readonly transport: Transport;
  private sidebarOpen = false;
  private seenToasts = 0;
  private seenAlerts = 0;
  private seenMails = 0;
  private seenSidebars = 0;
  private saveTimer: NodeJS.Timeout | null = null;
  /** Who the page acts as: the emulator's user between executions. */
  private pageUser = '';

  constructor(private readonly opts: SessionOptions) {
    // The API's clock is the emulator's, so tokens and date bounds follow "+1 hour".
    this.api = createFakeApi({ now: () => (this.emu ? this.emu.clock.now() : Date.now()) });
    const embeddedHosts = [opts.selfHost.toLowerCase()];
    if (opts.apiMode === 'embedded') embeddedHosts.push(DEFAULT_API_HOST);
    const inProcess = inProcessTransport((request) => this.api.handle(request));
    const latencyMs = opts.apiLatencyMs ?? 0;
    this.transport = routingTransport({
      embeddedHosts,
      embedded:
        latencyMs > 0
          ? {
              send: (requests) => {
                const answers = inProcess.send(requests);
                // Report pages are what take long on Google (a fetchAll of a batch of them); a token,
                // the site list and date bounds come back quickly.
                if (requests.some((r) => PAGE_REQUEST.test(r.url))) this.opts.whileWaiting?.(latencyMs);
                return answers;
              },
            }
          : inProcess,
      real: httpTransport({ timeoutMs: 30000 }),
    });
    this.start();
  }

  private get statePath(): string {
    return path.join(this.opts.stateDir, 'state.json');
  }

  private start(): void {
    this.emu = createEmulator({
      transport: this.transport,
      timeZone: this.opts.timeZone,
      // Time passes while a call runs, so durations ("in 2.4 s", the status sheet's) are measured;
      // "+1 hour" still jumps ahead.
      clock: wallClock(Date.now()),
      distDir: this.opts.distDir,
      // Formulas recalculate as on Google: when their text or an argument changes, or when a
      // script re-enters them (the add-on's refresh writes a placeholder, flushes, restores).
      variants: { strictRecalculation: true },
      onWait: () => this.opts.whileWaiting?.(0),
      ...(this.opts.slow
        ? {
            serviceCosts: {
              prices: servicePrices(this.opts.copyCited ? { ...DEFAULT_MODEL, ...COPY_CITED } : DEFAULT_MODEL),
              scale: this.opts.slow,
            },
          }
        : {}),
      // Saved reports may also go to BigQuery: one billed project and one in the sandbox, each with a dataset.
      bigQuery: { projects: { 'playground-project': {}, 'sandbox-project': { billing: false } } },
    });
    for (const [projectId, billed] of [
      ['playground-project', true],
      ['sandbox-project', false],
    ] as const) {
      this.emu.bigQuery?.projects.get(projectId)?.datasets.set('creator_reports', {
        projectId,
        datasetId: 'creator_reports',
        defaultTableExpirationMs: billed ? null : 60 * 86_400_000,
        tables: new Map(),
      });
    }
    const saved = this.readState();
    if (saved) this.emu.restore(saved);
    this.pageUser = this.emu.user;
    const bundle = this.emu.loadBundle(path.join(this.opts.distDir, 'Code.js'));
    this.emu.ui.reset();
    bundle.call('onOpen', { authMode: 'FULL' });
    this.seenToasts = this.seenAlerts = this.seenSidebars = 0;
    // Mail sent before a restart was shown then.
    this.seenMails = this.emu.mail.sent.length;
    this.sidebarOpen = false;
  }

  private readState(): EmulatorSnapshot | null {
    try {
      return JSON.parse(fs.readFileSync(this.statePath, 'utf8')) as EmulatorSnapshot;
    } catch {
      return null;
    }
  }

  /** Debounced: a big sheet makes a big snapshot. */
  scheduleSave(): void {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => this.saveNow(), SAVE_DELAY_MS);
  }

  saveNow(): void {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    fs.mkdirSync(this.opts.stateDir, { recursive: true });
    const tmp = this.statePath + '.tmp';
    // Caches are left out: they hold big gzipped API responses (most of a 100 MB file after a
    // 120,000-row pull), and a cache is allowed to forget everything anyway.
    fs.writeFileSync(tmp, JSON.stringify({ ...this.emu.snapshot(), caches: emptyCaches() }));
    fs.renameSync(tmp, this.statePath);
  }

  reset(): void {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    fs.rmSync(this.statePath, { force: true });
    this.api.reset();
    this.start();
  }

  mayRunAlongside(fn: string): boolean {
    return ALONGSIDE_CALLS.has(fn);
  }

  /**
   * A google.script.run call from the sidebar: the bundle's function as the current user.
   * `alongside`: another call is running (waiting in a service call); this one is a second
   * execution next to it (only for calls mayRunAlongside accepts).
   */
  run(fn: string, args: unknown[], alongside = false): { ok: true; result: unknown } | { ok: false; error: string } {
    const bundle = this.emu.bundle!;
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(fn) || !bundle.has(fn)) return { ok: false, error: `Unknown server function ${fn}.` };
    if (alongside && !ALONGSIDE_CALLS.has(fn)) return { ok: false, error: `${fn} cannot run while another call runs.` };
    try {
      // JSON round trip: google.script.run carries plain JSON only.
      const plain = JSON.parse(JSON.stringify(args)) as unknown[];
      const result = alongside ? this.emu.callAlongside({ user: this.pageUser, mode: 'full' }, fn, ...plain) : bundle.call(fn, ...plain);
      if (!READ_ONLY_CALLS.has(fn)) this.recalculateReentered();
      if (!READ_ONLY_CALLS.has(fn)) this.scheduleSave();
      return { ok: true, result: result === undefined ? null : JSON.parse(JSON.stringify(result)) };
    } catch (error) {
      if (!READ_ONLY_CALLS.has(fn)) this.scheduleSave();
      return { ok: false, error: messageOf(error) };
    }
  }

  /**
   * Sheets recalculates a formula a script re-entered (allowing formulas and Refresh formulas put
   * a placeholder in, flush, and restore it); the strict engine evaluates only those cells.
   */
  private recalculateReentered(): void {
    this.emu.recalculate();
  }

  /**
   * A menu item, as Sheets runs it. Without `answer` a prompt the handler shows is answered Cancel
   * (the add-on's handlers change nothing then) and its own title and text come back for the page
   * to ask; the page then calls again with what its user typed, which the prompt gets.
   */
  menu(handler: string, answer?: string): { ask?: { title: string; prompt: string } } {
    const items = this.emu.ui.menu()?.items ?? [];
    const known = items.some((item) => item && 'handler' in item && item.handler === handler);
    if (!known) throw new Error(`The add-on menu has no item for ${handler}.`);
    if (answer !== undefined) this.emu.ui.respondWith({ button: 'OK', text: answer });
    else this.emu.ui.promptFallback = { button: 'CANCEL' };
    const asked = this.emu.ui.prompts.length;
    let outcome: ReturnType<PlaygroundSession['run']>;
    try {
      outcome = this.run(handler, []);
    } finally {
      this.emu.ui.promptFallback = null;
    }
    this.emu.recalculate();
    const prompt = answer === undefined ? this.emu.ui.prompts[asked] : undefined;
    if (prompt) return { ask: { title: prompt.title ?? '', prompt: prompt.prompt } };
    if (!outcome.ok) this.emu.ui.alerts.push({ title: null, prompt: outcome.error, buttons: null, response: 'OK' });
    return {};
  }

  /**
   * Something the user does to a sheet by hand (not the add-on): runs the emulator's own Sheet
   * methods in an execution of its own, then recalculates and keeps the state.
   */
  private asUser(sheetName: string, change: (sheet: GoogleAppsScript.Spreadsheet.Sheet) => void): void {
    const sheet = this.emu.globals.SpreadsheetApp.getActiveSpreadsheet().getSheetByName(sheetName);
    if (!sheet) throw new Error(`There is no sheet named ${sheetName}.`);
    this.emu.runAs({}, () => change(sheet));
    this.emu.recalculate();
    this.scheduleSave();
  }

  /** What a user typing into a cell does: the value or formula, then recalculation. */
  setCell(sheetName: string, row: number, col: number, input: string): void {
    this.asUser(sheetName, (sheet) => sheet.getRange(row, col).setValue(input));
  }

  /**
   * A row or column header's menu in Sheets: insert one line before or after `index`, or delete
   * it. Named ranges (a report's block) stretch or shift as Sheets' do.
   */
  changeLines(sheetName: string, dimension: string, action: string, index: number): void {
    if (!Number.isInteger(index) || index < 1) throw new Error('Pick a row or column by its header first.');
    const change = LINE_CHANGES[`${dimension}:${action}`];
    if (!change) throw new Error(`Unknown change ${action} to a ${dimension}.`);
    this.asUser(sheetName, (sheet) => change(sheet, index));
  }

  /**
   * Data > Sort range: the selected rows reordered by one of their columns, as Range.sort does in
   * Sheets (the values move with their rows; named ranges stay where they are).
   */
  sortRange(sheetName: string, range: { row: number; col: number; rows: number; cols: number }, column: number, ascending: boolean): void {
    const whole = [range.row, range.col, range.rows, range.cols, column].every((n) => Number.isInteger(n) && n >= 1);
    if (!whole) throw new Error('Select the rows to sort first.');
    if (column < range.col || column >= range.col + range.cols) throw new Error('Sort by a column inside the selected range.');
    this.asUser(sheetName, (sheet) => sheet.getRange(range.row, range.col, range.rows, range.cols).sort({ column, ascending }));
  }

  /** Renaming a tab: the sheet keeps its ID, so a saved report that points at it follows it. */
  renameSheet(sheetName: string, newName: string): void {
    const name = newName.trim();
    if (!name) throw new Error('A sheet needs a name: type one, or press Escape to keep the old one.');
    this.asUser(sheetName, (sheet) => sheet.setName(name));
  }

  addSheet(name: string): void {
    this.emu.runAs({}, () => this.emu.globals.SpreadsheetApp.getActiveSpreadsheet().insertSheet(name));
    this.scheduleSave();
  }

  /** The emulated BigQuery's tables (in memory only: a playground restart empties them), first rows of each. */
  private warehouseView(): Array<{
    name: string;
    rows: number;
    partitionedBy: string | null;
    expires: string | null;
    columns: string[];
    sample: string[][];
  }> {
    const tables = this.emu.bigQuery?.tables() ?? [];
    return tables
      .filter((t) => !t.tableId.endsWith('__staging'))
      .map((t) => {
        const columns = t.fields.map((f) => `${f.name} ${f.type}`);
        const sorted = [...t.rows].sort((a, b) =>
          String(b[t.partitionField ?? ''] ?? '').localeCompare(String(a[t.partitionField ?? ''] ?? '')),
        );
        return {
          name: `${t.projectId}.${t.datasetId}.${t.tableId}`,
          rows: t.rows.length,
          partitionedBy: t.partitionField,
          expires: t.expirationTime === null ? null : new Date(t.expirationTime).toISOString().slice(0, 10),
          columns,
          sample: sorted
            .slice(0, 25)
            .map((r) => t.fields.map((f) => (r[f.name] === null || r[f.name] === undefined ? 'NULL' : String(r[f.name])))),
        };
      });
  }

  /** Moves the virtual clock, then runs the schedule trigger(s) as their owners. */
  advanceClock(ms: number): number {
    this.emu.clock.advance(ms);
    let fired = 0;
    for (const trigger of this.emu.triggers) {
      try {
        this.emu.fireTrigger(trigger.id);
      } catch (error) {
        this.emu.ui.toasts.push({ message: messageOf(error), title: 'Scheduled refresh', seconds: null });
      }
      fired++;
    }
    this.scheduleSave();
    return fired;
  }

  closeSidebar(): void {
    this.sidebarOpen = false;
  }

  sidebarHtml(): string | null {
    return this.emu.ui.lastSidebar()?.html ?? null;
  }

  /** `sheetName`: the user clicked that tab, which makes it the active sheet (as in Sheets). */
  view(sheetName: string | undefined, offset: number) {
    const ss = this.emu.spreadsheet;
    const clicked = sheetName ? ss.sheetByName(sheetName) : undefined;
    if (clicked) ss.activeSheet = clicked;
    const sheet = ss.activeSheet;
    const rows = sheet.lastRow();
    const cols = sheet.lastColumn();
    const window: CellView[][] = [];
    const end = Math.min(rows, offset + WINDOW_ROWS);
    for (let r = offset + 1; r <= end; r++) {
      const line: CellView[] = [];
      for (let c = 1; c <= cols; c++) {
        const cell = sheet.cell(r, c);
        if (!cell) {
          line.push({ v: '' });
          continue;
        }
        const shown = displayValue(cell.value, cell.format, ss.timeZone);
        const view: CellView = { v: shown };
        if (cell.formula) view.f = cell.formula;
        if (cell.error) view.e = cell.error;
        if (cell.fontWeight === 'bold') view.b = true;
        if (cell.note) view.n = cell.note;
        if (typeof cell.value === 'number' || cell.value instanceof Date) view.num = true;
        line.push(view);
      }
      window.push(line);
    }
    const sidebars = this.emu.ui.sidebars.length;
    if (sidebars > this.seenSidebars) this.sidebarOpen = true;
    this.seenSidebars = sidebars;
    // Nothing leaves the playground: mail the add-on sends (alerts) arrives in the outbox panel,
    // newest first, and a toast says so.
    const sent = this.emu.mail.sent;
    const mails = sent.slice(this.seenMails).map((m) => `E-mail to ${m.to}: ${m.subject} (see the Outbox)`);
    const when = (at: number) => new Date(at).toLocaleString('en-US', { timeZone: ss.timeZone, dateStyle: 'medium', timeStyle: 'short' });
    // The last 100 (the page polls this state every second during a pull).
    const outbox: OutboxMail[] = sent
      .slice(-100)
      .map((m) => ({ from: m.from, ...(m.name ? { name: m.name } : {}), to: m.to, subject: m.subject, body: m.body, sent: when(m.at) }))
      .reverse();
    this.seenMails = sent.length;
    const toasts = [...this.emu.ui.toasts.slice(this.seenToasts).map((t) => (t.title ? `${t.title}: ${t.message}` : t.message)), ...mails];
    this.seenToasts = this.emu.ui.toasts.length;
    const alerts = this.emu.ui.alerts.slice(this.seenAlerts).map((a) => a.prompt);
    this.seenAlerts = this.emu.ui.alerts.length;
    const menu = this.emu.ui.menu();
    const demo = this.api.credentials.demo;
    const charts = chartViews(ss, sheet);
    return {
      docName: ss.name,
      // Hidden sheets (a refresh's staging sheet, a first pull's sheet until it is complete) are
      // not tabs on Google, only under View > Hidden sheets: nor here, unless shown.
      sheets: ss.sheets.filter((s) => !s.hidden || s === sheet).map((s) => s.name),
      active: sheet.name,
      sheet: {
        rows,
        cols,
        maxRows: sheet.maxRows,
        maxCols: sheet.maxCols,
        offset,
        frozenRows: sheet.frozenRows,
        window,
        chartRows: chartRows(charts),
      },
      charts,
      warehouse: this.warehouseView(),
      menu: menu ? { title: 'Creator Reporting', items: menu.items } : null,
      sidebar: this.sidebarOpen ? { title: this.emu.ui.lastSidebar()?.title || 'Creator Reporting', version: sidebars } : null,
      clock:
        new Date(this.emu.clock.now()).toLocaleString('en-US', { timeZone: ss.timeZone, dateStyle: 'medium', timeStyle: 'short' }) +
        ` (${ss.timeZone})`,
      toasts,
      alerts,
      outbox,
      demo: {
        clientId: demo.clientId,
        clientSecret: demo.clientSecret,
        mode:
          this.opts.apiMode === 'embedded'
            ? 'The default API address is answered by the embedded fake API.'
            : 'Real mode: the default API address goes to the network.',
      },
    };
  }
}

export function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : 'The call failed.';
}
