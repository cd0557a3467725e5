/**
 * Names the saved-reports feature reserves in the document. One property per report (and one per
 * status) keeps each value far under the 9 KB limit however many reports a spreadsheet holds, and
 * lets a save touch only its own report.
 */
export const REPORT_KEY_PREFIX = 'cr.report.';
const STATUS_KEY_PREFIX = 'cr.status.';
/** JSON ScheduleOwnerRecord: whose trigger runs this document's schedules. */
export const SCHEDULE_OWNER_KEY = 'cr.schedule.owner';

/** The trigger handler exported by Code.ts. */
export const SCHEDULE_HANDLER = 'onScheduleTrigger';

/** The sheet the add-on owns entirely (and the only one it clears). */
export const STATUS_SHEET_NAME = 'Creator Reporting status';
/** Demo mode's own status sheet: its statuses never overwrite the real ones. */
export const DEMO_STATUS_SHEET_NAME = 'Creator Reporting status (Demo data)';

/** Properties hold at most 9 KB per value; stay clearly below it. */
export const MAX_PROPERTY_BYTES = 8_500;

export function reportKey(id: string): string {
  return REPORT_KEY_PREFIX + id;
}

export function statusKey(id: string): string {
  return STATUS_KEY_PREFIX + id;
}
