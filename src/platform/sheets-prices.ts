/**
 * What Google's services take, as the cost model prices them (bench/model.ts builds its default
 * model from these; bench/README.md gives each figure's source or marks it an assumption). The
 * add-on itself only uses them where it must judge a cost before it has run anything: whether a
 * saved report's refreshes fit the trigger time of a day (reports/schedule-cost.ts), and a call's
 * price against a cell's, to count a commit's calls at its writes' pace (sheet/commit-fit.ts).
 * Everywhere else it learns the pace as it goes (platform/deadline.ts).
 */
export const SHEETS_PRICES = {
  /** One UrlFetchApp round trip (a fetchAll batch is one). Assumption. */
  roundTripMs: 200,
  /** One setValues, copyTo or read call, beside its cells. Assumption. */
  callMs: 50,
  /** A cell sent with setValues. Assumption. */
  writeCellMs: 0.01,
  /** A cell of a server-side copyTo: priced as a write (assumption, the model as of 934d894). */
  copyCellMs: 0.01,
  /** A cell read with getValues (project notes: reads are reported at 25-30 µs per cell). */
  readCellMs: 0.025,
} as const;

/** Time-driven triggers' run time a day: consumer accounts (Apps Script quotas; 6 h on Workspace). */
export const TRIGGER_MINUTES_PER_DAY = 90;
