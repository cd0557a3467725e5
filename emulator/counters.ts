/** Per-service call counters, read by tests and the benchmark. */
export interface Counters {
  /** UrlFetchApp.fetch calls. */
  fetchCalls: number;
  /** UrlFetchApp.fetchAll calls. */
  fetchAllCalls: number;
  /** HTTP requests sent, over both. */
  requests: number;
  /** Network round trips: one per fetch, one per fetchAll batch. */
  roundTrips: number;
  cacheGets: number;
  cacheHits: number;
  cacheMisses: number;
  cachePuts: number;
  propertyReads: number;
  propertyWrites: number;
  lockAcquired: number;
  lockTimeouts: number;
  /** Range.setValues / setValue / appendRow calls, and the cells they wrote. */
  setValuesCalls: number;
  setValuesCells: number;
  /**
   * Range.copyTo calls and the cells they covered: counted apart from setValues because a
   * server-side copy has a price of its own (the cost model's copy constants).
   */
  copyCalls: number;
  copyCells: number;
  /** Sheets advanced service Values.update / batchUpdate requests, and the cells they wrote. */
  sheetsApiRequests: number;
  sheetsApiCells: number;
  /**
   * Cell reads, and the cells they covered: every grid read (getValues, getDisplayValues,
   * getFormulas, getNotes, getNumberFormats, ..., isBlank) and getValue / getDisplayValue /
   * getFormula / getNote.
   */
  readCalls: number;
  readCells: number;
  /** Range.setNumberFormat / setNumberFormats calls; the cells of setNumberFormats grids (its payload). */
  setNumberFormatsCalls: number;
  numberFormatGridCells: number;
  /** Utilities.sleep total, virtual ms. */
  sleptMs: number;
  /** Items the caches dropped because they were full. */
  cacheEvictions: number;
  /** SpreadsheetApp.flush calls. */
  flushes: number;
  /** A document lock released while sheet writes were still unflushed (Google advises against it). */
  unflushedLockReleases: number;
  /** Custom-function cells a flush made due beyond the concurrency limit (strict recalculation). */
  recalcBurstDenied: number;
  /** Custom-function calls the formula engine made. */
  customFunctionCalls: number;
  /**
   * Developer metadata calls: add, get, a finder's find, and a metadatum's setKey, setValue and
   * remove. Unpriced unless a test gives them a price (service-costs.ts), so that a kill can land
   * between the writer's bookkeeping calls.
   */
  metadataCalls: number;
  /**
   * Utilities.formatDate calls. Unpriced (Google publishes no figure); counted because a ledger of
   * hundreds of thousands of date cells could otherwise make as many calls into Google.
   */
  formatDateCalls: number;
}

export function newCounters(): Counters {
  return {
    fetchCalls: 0,
    fetchAllCalls: 0,
    requests: 0,
    roundTrips: 0,
    cacheGets: 0,
    cacheHits: 0,
    cacheMisses: 0,
    cachePuts: 0,
    propertyReads: 0,
    propertyWrites: 0,
    lockAcquired: 0,
    lockTimeouts: 0,
    setValuesCalls: 0,
    setValuesCells: 0,
    copyCalls: 0,
    copyCells: 0,
    sheetsApiRequests: 0,
    sheetsApiCells: 0,
    readCalls: 0,
    readCells: 0,
    setNumberFormatsCalls: 0,
    numberFormatGridCells: 0,
    sleptMs: 0,
    cacheEvictions: 0,
    flushes: 0,
    unflushedLockReleases: 0,
    recalcBurstDenied: 0,
    customFunctionCalls: 0,
    metadataCalls: 0,
    formatDateCalls: 0,
  };
}
