/**
 * savedReports: what a saved report costs on its daily schedule, at the sizes of pullSizes, on the
 * thin runner (bench/thin.ts: the add-on's own CPU and data memory, what it asked of Google):
 *
 * - ledger refresh: a report in history mode whose ledger holds N rows (the top `perDay` pages of
 *   a site, one row per page and day), refreshed the next day: the revision window's days are
 *   pulled again, day by day, and upserted (src/run/run-history.ts, src/sheet/upsert-history.ts);
 * - resumed pull: the daily refresh of a saved report (its block written the day before) with
 *   every Google cost times `costScale` in the emulator's limits mode, so one execution cannot
 *   hold it: the hourly trigger runs continue it from its checkpoint until it commits
 *   (src/run/continue-run.ts). Executions are counted up to a day of hourly runs.
 */
import { COPY_CITED, servicePrices, type LatencyModel } from '../model';
import { thinWorld, type ThinScript, type ThinSession } from '../thin';
import type { ServiceCosts } from '../../emulator/service-costs';
import { isStub, messageOf } from '../world';
import { pullFor, sizeOf, type PullSize, type PullSizesOptions } from './pull-sizes';
import { failed, notMeasurable, type ScenarioResult } from './types';

export interface SavedRun extends PullSize {
  /** False: not committed within MAX_EXECUTIONS hourly runs (the resumed pull). */
  finished: boolean;
  /** Every Google cost times this (the resumed pull; 1 for a ledger). */
  costScale: number;
  /** Executions the emulator ended at Google's 6-minute limit (the add-on did not stop in time). */
  killed: number;
  /** Rows the API sent (a ledger refresh pulls the window, not the whole ledger). */
  rowsPulled: number;
  /** Why it did not finish, or what a killed execution said. */
  note?: string;
  /** Run with a copy at the cited third of a write (COPY_CITED): reported beside, never instead. */
  copyCited?: boolean;
}

export interface SavedReportsMetrics {
  ledger: SavedRun[];
  /** At each of `costScales`, every size. */
  resumed: SavedRun[];
  /** The ledger's revision window, in days, and its rows per day. */
  revisionDays: number;
  perDay: number;
}

export interface SavedReportsOptions {
  /** The sized pulls' sites and dates (the resumed pull is their refresh, saved). */
  pulls: PullSizesOptions;
  /** Ledger rows: `perDay` pages a day over rows / perDay days. */
  ledgerRows: number[];
  ledgerSiteId: string;
  perDay: number;
  revisionDays: number;
  resumedRows: number[];
  /** Every Google cost times each of these in turn, in the resumed pulls. */
  costScales: number[];
  /** Also at these scales and sizes, with a copy at the cited third of a write (COPY_CITED). */
  cited: { scales: number[]; rows: number[] };
}

/**
 * Seven days: the add-on's default (run-history.ts), and the span over which the docs say the
 * network revises recent days (docs/saved-reports.md). A refresh then pulls nine days: the seven,
 * the last stored day and the new one.
 */
export const REVISION_DAYS = 7;

export function savedReportsSizes(pulls: PullSizesOptions): SavedReportsOptions {
  return {
    pulls,
    ledgerRows: pulls.rows,
    ledgerSiteId: 'site-1',
    perDay: 1_000,
    revisionDays: REVISION_DAYS,
    resumedRows: pulls.rows,
    // The issue's own figures ("scale"): at three times, 240,000 rows in one execution; at fifteen,
    // one execution cannot hold them.
    costScales: [3, 15],
    // The copy at the cited third of a write, beside the model's (which prices it as a write).
    cited: { scales: [15], rows: [240_000] },
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** A day of hourly trigger runs: a pull not committed by then is reported unfinished. */
const MAX_EXECUTIONS = 24;
/** Earnings-family reports (pages/performance) have data to two days before today (fake-api/bounds.ts). */
const EARNINGS_LAG_DAYS = 2;
const SCHEDULE = { every: 'day', hour: 6 };

interface Status {
  lastRunAt: number | null;
  outcome: string;
  rows: number | null;
  lastError: string | null;
  continuing?: { rows: number } | null;
}

/** The report's status as stored (reports/report-store.ts), read without counting it. */
function statusOf(s: ThinSession, id: string): Status {
  const json = s.peek(() => s.emu.globals.PropertiesService.getDocumentProperties().getProperty(`cr.status.${id}`));
  return JSON.parse(json ?? '{"lastRunAt":null,"outcome":"never","rows":null,"lastError":null}') as Status;
}

function saveAndFill(s: ThinSession, definition: Record<string, unknown>): string {
  const { id } = s.call('saveReport', { ...definition, schedule: SCHEDULE }) as { id: string };
  // The first fill, as "Refresh now" does it: the block (or ledger) the measured run will find.
  s.call('refreshReports', [id]);
  const status = statusOf(s, id);
  if (status.outcome !== 'ok') throw new Error(`the first fill failed: ${status.lastError ?? status.outcome}`);
  return id;
}

const KILL = 'Exceeded maximum execution time';

/** One hourly trigger run: null, or what ended it ("killed" when the emulator ended it at Google's limit). */
function fireSchedule(s: ThinSession): string | null {
  const trigger = s.emu.triggers.find((t) => t.handler === 'onScheduleTrigger');
  if (!trigger) throw new Error('the saved report has no trigger');
  const logged = s.emu.logs.length;
  try {
    s.call('onScheduleTrigger', { triggerUid: trigger.id, authMode: 'FULL' });
    return null;
  } catch (error) {
    // The add-on words an error it did not expect generically; the log keeps what it was.
    return s.emu.logs.slice(logged).some((line) => line.includes(KILL)) ? 'killed' : messageOf(error);
  }
}

const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

function ledgerScript(opts: SavedReportsOptions, rows: number, costs: ServiceCosts): ThinScript & { id?: string; pulled: number } {
  const days = Math.ceil(rows / opts.perDay);
  const script: ThinScript & { id?: string; pulled: number } = {
    siteId: opts.ledgerSiteId,
    pulled: (opts.revisionDays + 2) * opts.perDay,
    prepare(s) {
      costs.scale = 1;
      const lastDay = s.emu.clock.now() - EARNINGS_LAG_DAYS * DAY_MS;
      const definition = {
        name: 'Ledger',
        report: 'pages/performance',
        siteId: opts.ledgerSiteId,
        start: isoDay(lastDay - (days - 1) * DAY_MS),
        end: isoDay(lastDay),
        options: { limit: opts.perDay },
        sheetName: 'Ledger',
        mode: 'history',
        revisionDays: opts.revisionDays,
      };
      script.id = s.stored(() => saveAndFill(s, definition));
      const held = statusOf(s, script.id).rows;
      if (held !== rows) throw new Error(`the ledger holds ${held} rows, not ${rows}`);
      s.emu.clock.advance(DAY_MS);
    },
    run(s) {
      const killed = fireSchedule(s);
      const status = statusOf(s, script.id ?? '');
      if (killed || status.outcome !== 'ok') throw new Error(`the ledger refresh failed: ${killed ?? status.lastError}`);
      // The new day's pages are appended; the window's days are revised in place.
      if (status.rows !== rows + opts.perDay) throw new Error(`the refreshed ledger holds ${status.rows} rows, not ${rows + opts.perDay}`);
      return { rows: status.rows ?? 0, executions: 1 };
    },
  };
  return script;
}

interface Resumed extends ThinScript {
  finished: boolean;
  killed: number;
  note?: string;
}

function resumedScript(opts: SavedReportsOptions, rows: number, costs: ServiceCosts, scale: number): Resumed {
  const pull = pullFor(opts.pulls, rows);
  let id = '';
  const script: Resumed = {
    siteId: pull.siteId,
    finished: false,
    killed: 0,
    prepare(s) {
      costs.scale = 1;
      const definition = {
        name: 'Big',
        report: pull.report,
        siteId: pull.siteId,
        start: pull.startDate,
        end: pull.endDate,
        ...(pull.limit !== undefined ? { options: { limit: pull.limit } } : {}),
        sheetName: 'Big',
      };
      id = s.stored(() => saveAndFill(s, definition));
      s.emu.clock.advance(DAY_MS);
      costs.scale = scale;
    },
    run(s) {
      const since = s.emu.clock.now();
      script.finished = false;
      script.killed = 0;
      script.note = undefined;
      let executions = 0;
      let status = statusOf(s, id);
      while (executions < MAX_EXECUTIONS) {
        executions++;
        const ended = fireSchedule(s);
        if (ended === 'killed') script.killed++;
        else if (ended) script.note = `an execution failed: ${ended}`;
        status = statusOf(s, id);
        if (status.outcome === 'ok' && (status.lastRunAt ?? 0) >= since && !status.continuing) break;
        if (status.outcome === 'error' && (status.lastRunAt ?? 0) >= since) break;
        s.emu.clock.advance(HOUR_MS);
      }
      script.finished = status.outcome === 'ok' && (status.lastRunAt ?? 0) >= since && !status.continuing;
      if (!script.finished)
        script.note = `not committed after ${executions} executions (${script.killed} killed at the 6-minute limit): ${status.lastError ?? script.note ?? `still continuing, ${status.continuing?.rows ?? 0} rows staged`}`;
      else if (script.killed) script.note = `committed; ${script.killed} of its executions killed at the 6-minute limit`;
      costs.scale = 1;
      return {
        rows: script.finished ? (status.rows ?? 0) : (status.continuing?.rows ?? 0),
        executions,
        outcome: `${script.finished ? 'committed' : 'not committed'}, ${script.killed} killed: ${script.note ?? ''}`,
      };
    },
  };
  return script;
}

export function runSavedReports(bundleFile: string, model: LatencyModel, opts: SavedReportsOptions): ScenarioResult<SavedReportsMetrics> {
  const costs: ServiceCosts = { prices: servicePrices(model), scale: 1 };
  const ledger: SavedRun[] = [];
  const resumed: SavedRun[] = [];
  try {
    const world = thinWorld(bundleFile, pullFor(opts.pulls, Math.min(...opts.pulls.rows)), {
      roundTripMs: model.latencyMs,
      collectAtSamples: opts.pulls.collectAtSamples,
      serviceCosts: costs,
    });
    for (const rows of opts.ledgerRows) {
      const script = ledgerScript(opts, rows, costs);
      const reading = world.measureScript(script);
      // Rows: what the ledger held before the refresh (it holds one day more after).
      ledger.push({
        ...sizeOf({ ...reading, rows }, model, script.pulled),
        finished: true,
        costScale: 1,
        killed: 0,
        rowsPulled: script.pulled,
      });
    }
    const runs = [
      ...opts.costScales.flatMap((scale) => opts.resumedRows.map((rows) => ({ scale, rows, cited: false }))),
      ...opts.cited.scales.flatMap((scale) => opts.cited.rows.map((rows) => ({ scale, rows, cited: true }))),
    ];
    for (const { scale, rows, cited } of runs) {
      costs.prices = servicePrices(cited ? { ...model, ...COPY_CITED } : model);
      const script = resumedScript(opts, rows, costs, scale);
      const reading = world.measureScript(script);
      resumed.push({
        ...sizeOf({ ...reading, rows }, cited ? { ...model, ...COPY_CITED } : model),
        finished: script.finished,
        costScale: scale,
        killed: script.killed,
        rowsPulled: reading.rows,
        ...(script.note ? { note: script.note } : {}),
        ...(cited ? { copyCited: true } : {}),
      });
    }
    costs.prices = servicePrices(model);
  } catch (error) {
    const m = messageOf(error);
    return isStub(m) ? notMeasurable(`saveReport: ${m}`) : failed(`the saved-report runs failed: ${m}`);
  }
  return {
    status: 'measured',
    metrics: { ledger, resumed, revisionDays: opts.revisionDays, perDay: opts.perDay },
  };
}
