/**
 * An hour of the day (0-23, local to the spreadsheet) as people read it everywhere the add-on shows
 * one: schedules, alerts, dashboards and the sidebar's pickers all write "06:00", never "6:00".
 */
export function hourText(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}
