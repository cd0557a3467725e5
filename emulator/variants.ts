/**
 * Behaviours of Google's platform that nobody here has confirmed. Each is a switch, so the add-on
 * can be tested under the lenient reading (what the emulator always did) and the strict one (what
 * Google may do); docs/platform.md lists what a first deployment must check for each.
 */
export type TriggerListing = 'perDocument' | 'perProject';
export type TriggerRunView = 'document' | 'detached' | 'noSpreadsheet';
export type DeniableService = 'documentLock' | 'userLock' | 'documentProperties';
export type CustomFunctionActiveRange = 'formulaCell' | 'none';

export interface PlatformVariants {
  /** UrlFetchApp refuses URLs outside dist/appsscript.json's urlFetchWhitelist (or this list). */
  urlAllowlist: boolean | string[];
  /** A custom-function result of more cells than this fails with "Result too large". */
  resultCellLimit: number | null;
  /** Google's 10 M cells per spreadsheet: growing past it throws. */
  spreadsheetCellLimit: number | null;
  /**
   * Strict: Sheets strips the space after `=`, and a formula cell recalculates only when its
   * normalised text (as of the last flush) or an argument changed; a flush that makes more
   * custom-function cells due than `concurrentCustomFunctions` fails the extra ones.
   */
  strictRecalculation: boolean;
  concurrentCustomFunctions: number;
  /** Items per cache (the script cache is one for every user); past it the oldest go. */
  cacheCapacity: number;
  /** Share of a full cache evicted at once (Google is reported to drop about 10 %). */
  cacheEvictionShare: number;
  /** Services that throw "You do not have permission" inside a custom function. */
  deniedInCustomFunctions: DeniableService[];
  /** perProject: getUserTriggers(spreadsheet) does not list the add-on's trigger; getProjectTriggers does. */
  triggerListing: TriggerListing;
  /**
   * detached: a trigger run has no active spreadsheet, no document properties, no document lock;
   * noSpreadsheet: it has the document's properties and lock but getActiveSpreadsheet() is null.
   */
  triggerRun: TriggerRunView;
  /** Session users' emails are empty (no userinfo.email scope). */
  hiddenEmails: boolean;
  /** The manifest's time zone (Session.getScriptTimeZone); the spreadsheet's is `timeZone`. */
  scriptTimeZone: string | null;
  /** Activating a hidden sheet (setActiveSheet, activate) shows it; false: it stays hidden. */
  activationShowsSheet: boolean;
  /**
   * What SpreadsheetApp.getActiveRange() gives a custom function: the formula's own cell (as public
   * reports say), or 'none' (null).
   */
  customFunctionActiveRange: CustomFunctionActiveRange;
  /** Spreadsheet.getEditors() lists the editors; false: it throws (a scope or policy withholds the sharing list). */
  editorsListed: boolean;
}

export const LENIENT: PlatformVariants = {
  urlAllowlist: false,
  resultCellLimit: null,
  spreadsheetCellLimit: null,
  strictRecalculation: false,
  concurrentCustomFunctions: Infinity,
  cacheCapacity: 1000,
  cacheEvictionShare: 0,
  deniedInCustomFunctions: ['documentProperties'],
  triggerListing: 'perDocument',
  triggerRun: 'document',
  hiddenEmails: false,
  scriptTimeZone: null,
  activationShowsSheet: true,
  customFunctionActiveRange: 'formulaCell',
  editorsListed: true,
};

/** Every unconfirmed behaviour at its harshest reported reading (trigger runs still see the document). */
export const STRICT: PlatformVariants = {
  urlAllowlist: true,
  // Reported near 60,000 rows x 8 columns.
  resultCellLimit: 480_000,
  spreadsheetCellLimit: 10_000_000,
  strictRecalculation: true,
  concurrentCustomFunctions: 30,
  cacheCapacity: 1000,
  cacheEvictionShare: 0.1,
  deniedInCustomFunctions: ['documentLock', 'userLock', 'documentProperties'],
  triggerListing: 'perProject',
  triggerRun: 'document',
  hiddenEmails: true,
  scriptTimeZone: 'Asia/Tokyo',
  activationShowsSheet: false,
  customFunctionActiveRange: 'none',
  editorsListed: false,
};

/** For `describe.each`: the same tests under both readings. */
export const BOTH_MODES: Array<[string, PlatformVariants]> = [
  ['lenient', LENIENT],
  ['strict', STRICT],
];
