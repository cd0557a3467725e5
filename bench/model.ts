import type { ServicePrices } from '../emulator/service-costs';
import { SHEETS_PRICES } from '../src/platform/sheets-prices';
/**
 * The cost model: how long Google would take for what the emulator counted. Network time is on the
 * emulator's virtual clock (it advances by `latencyMs` per round trip, a fetchAll batch being one,
 * and by every backoff sleep); everything else is a cost per call and per cell, added afterwards.
 * Every constant's source is in bench/README.md: a published measurement where one exists, else
 * a marked assumption. The numbers are printed with every result.
 */
export interface LatencyModel {
  /** Virtual ms per HTTP round trip (one fetch, or one whole fetchAll batch). Assumption. */
  latencyMs: number;
  /** Range.setValues: per call and per cell written. Assumptions. */
  setValuesCallMs: number;
  cellMs: number;
  /**
   * Range.copyTo inside the spreadsheet (a refresh's commit): per call and per cell. As a
   * setValues by default (assumption, as of 934d894); COPY_CITED prices it on the public figure.
   */
  copyCallMs: number;
  copyCellMs: number;
  /** Range reads (getValues, getFormulas...): per call (assumption) and per cell read (project notes). */
  readCallMs: number;
  readCellMs: number;
  /** Sheets advanced service Values.update / batchUpdate: per request and per cell. */
  sheetsApiRequestMs: number;
  sheetsApiCellMs: number;
  /** Range.setNumberFormat(s): per call, and per cell of a format grid (setNumberFormats). */
  formatCallMs: number;
  formatGridCellMs: number;
  /** CacheService put / get (published averages). */
  cachePutMs: number;
  cacheGetMs: number;
  /** PropertiesService set / get (published averages). */
  propertyWriteMs: number;
  propertyReadMs: number;
}

// The sheet and network prices are the add-on's own (it judges a saved report's daily cost with them).
export const DEFAULT_MODEL: LatencyModel = {
  latencyMs: SHEETS_PRICES.roundTripMs,
  setValuesCallMs: SHEETS_PRICES.callMs,
  cellMs: SHEETS_PRICES.writeCellMs,
  copyCallMs: SHEETS_PRICES.callMs,
  copyCellMs: SHEETS_PRICES.copyCellMs,
  readCallMs: SHEETS_PRICES.callMs,
  readCellMs: SHEETS_PRICES.readCellMs,
  sheetsApiRequestMs: 50,
  sheetsApiCellMs: 0.008,
  formatCallMs: 50,
  formatGridCellMs: 0.01,
  cachePutMs: 92,
  cacheGetMs: 4,
  propertyWriteMs: 64,
  propertyReadMs: 34,
};

/** What the cost model prices; emulator counters and the thin runs' counts both have this shape. */
export interface WriteCounts {
  setValuesCalls: number;
  setValuesCells: number;
  /** Range.copyTo calls and the cells they covered (counted apart from setValues, by the emulator and the thin runs). */
  copyCalls?: number;
  copyCells?: number;
  sheetsApiRequests?: number;
  sheetsApiCells?: number;
  /** Range reads and the cells they covered (the writer reads each block back to fingerprint it). */
  readCalls?: number;
  readCells?: number;
  /** Every setNumberFormat / setNumberFormats call. */
  setNumberFormatsCalls?: number;
  /** Cells sent in setNumberFormats grids. */
  numberFormatGridCells?: number;
  cachePuts?: number;
  cacheGets?: number;
  propertyWrites?: number;
  propertyReads?: number;
}

/** Google's time for the sheet writes and reads, cache and property work (everything but the network). */
export function writeCostMs(model: LatencyModel, w: WriteCounts): number {
  return (
    w.setValuesCalls * model.setValuesCallMs +
    w.setValuesCells * model.cellMs +
    (w.copyCalls ?? 0) * model.copyCallMs +
    (w.copyCells ?? 0) * model.copyCellMs +
    (w.sheetsApiRequests ?? 0) * model.sheetsApiRequestMs +
    (w.sheetsApiCells ?? 0) * model.sheetsApiCellMs +
    (w.readCalls ?? 0) * model.readCallMs +
    (w.readCells ?? 0) * model.readCellMs +
    (w.setNumberFormatsCalls ?? 0) * model.formatCallMs +
    (w.numberFormatGridCells ?? 0) * model.formatGridCellMs +
    (w.cachePuts ?? 0) * model.cachePutMs +
    (w.cacheGets ?? 0) * model.cacheGetMs +
    (w.propertyWrites ?? 0) * model.propertyWriteMs +
    (w.propertyReads ?? 0) * model.propertyReadMs
  );
}

/** Network time (clock delta) plus the rest, in seconds. */
export function simulatedSeconds(model: LatencyModel, clockMs: number, w: WriteCounts): number {
  return round((clockMs + writeCostMs(model, w)) / 1000, 2);
}

/**
 * The one constant changed on a cited source, reported beside the 934d894 model, never instead of
 * it: a server-side copy (copyPaste) was measured several times cheaper per cell than sending the
 * values (public figure cited in issue 29, "scale"); "several" is taken as three.
 */
export const COPY_CITED: Pick<LatencyModel, 'copyCallMs' | 'copyCellMs'> = { copyCallMs: 50, copyCellMs: 0.01 / 3 };

export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export function describeModel(model: LatencyModel): string {
  return (
    `${model.latencyMs} ms per round trip; setValues ${model.setValuesCallMs} ms per call + ${model.cellMs} ms per cell; ` +
    `copyTo ${model.copyCallMs} ms per call + ${model.copyCellMs} ms per cell; reads ${model.readCallMs} ms per call + ${model.readCellMs} ms per cell; ` +
    `Sheets API ${model.sheetsApiRequestMs} ms per request + ${model.sheetsApiCellMs} ms per cell; ` +
    `formats ${model.formatCallMs} ms per call + ${model.formatGridCellMs} ms per grid cell; ` +
    `cache ${model.cachePutMs} ms per put, ${model.cacheGetMs} ms per get; properties ${model.propertyWriteMs} ms per write, ${model.propertyReadMs} ms per read (sources: bench/README.md)`
  );
}

/** The model as the emulator's limits mode prices service calls (emulator/service-costs.ts). */
export function servicePrices(model: LatencyModel): ServicePrices {
  return {
    setValuesCalls: model.setValuesCallMs,
    setValuesCells: model.cellMs,
    copyCalls: model.copyCallMs,
    copyCells: model.copyCellMs,
    readCalls: model.readCallMs,
    readCells: model.readCellMs,
    setNumberFormatsCalls: model.formatCallMs,
    numberFormatGridCells: model.formatGridCellMs,
    cachePuts: model.cachePutMs,
    cacheGets: model.cacheGetMs,
    propertyWrites: model.propertyWriteMs,
    propertyReads: model.propertyReadMs,
  };
}
