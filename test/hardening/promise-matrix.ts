/**
 * Issue 14's classes: promises the README makes about what the user owns and whose credential
 * runs. Each row is a test in promises.test.ts (by name), on the built bundle in the emulator.
 */
export interface PromiseRow {
  area: 'Consent and credentials' | 'The block writer' | 'Storage limits and odd data';
  name: string;
  outcome: string;
}

export const PROMISE_ROWS: PromiseRow[] = [
  {
    area: 'Consent and credentials',
    name: "an editor without a credential saves an 'all' report into a sheet; the owner refreshes all",
    outcome: 'skipped, "Needs approval by owner@..."; no sheet written; none of the owner\'s data pulled',
  },
  {
    area: 'Consent and credentials',
    name: "the owner's trigger meets an editor's scheduled report",
    outcome: 'skipped; the status sheet says "Needs approval"; no sheet written',
  },
  { area: 'Consent and credentials', name: 'the owner approves it', outcome: "the owner's refresh and trigger run it" },
  {
    area: 'Consent and credentials',
    name: "an editor edits the owner's approved report (site list to all)",
    outcome: "it needs the owner's approval again; the owner's refresh skips it",
  },
  {
    area: 'Consent and credentials',
    name: 'an editor edits a report the owner approved',
    outcome: "the approval does not survive the edit: the owner's refresh and trigger skip it until the owner approves again",
  },
  {
    area: 'Consent and credentials',
    name: 'the editor refreshes the report they saved, with their own credential',
    outcome: "runs on the editor's credential (their sites), never the owner's",
  },
  {
    area: 'Consent and credentials',
    name: 'a report saved before approvals existed (no creator recorded)',
    outcome: 'skipped with "Needs approval by ..."; runs once approved',
  },
  {
    area: 'Consent and credentials',
    name: 'the API echoes the client secret as its error code',
    outcome: 'formula, runReport and saved-report status show the status without the code; the secret is nowhere',
  },
  {
    area: 'Consent and credentials',
    name: 'the API echoes base64(id:secret) in its error sentence',
    outcome: 'the sentence is dropped; the Basic credentials are nowhere',
  },
  {
    area: 'Consent and credentials',
    name: 'the API echoes 12 characters of base64(id:secret) as its code',
    outcome: 'the code is dropped; no part of the credentials anywhere',
  },
  {
    area: 'Consent and credentials',
    name: 'the API echoes the bearer token in a 429 code and a 400 detail',
    outcome: 'neither reaches a cell, a status or a message',
  },
  {
    area: 'Consent and credentials',
    name: 'the token URL echoes the secret in a 401 code',
    outcome: '"The credential was rejected (status 401): check or re-enter it in Settings."',
  },
  {
    area: 'Consent and credentials',
    name: 'the token URL cannot be reached when settings are saved (503, echoing the secret)',
    outcome:
      'saved, with the warning "Saved, but the credential could not be checked: ... (status 503) ..."; two tries, not five; the secret nowhere; a 401 there still refuses',
  },
  {
    area: 'Consent and credentials',
    name: 'token URL changed to another host without the secret',
    outcome: 'refused: "enter the client secret again"; no request to the new host; settings unchanged',
  },
  {
    area: 'Consent and credentials',
    name: 'API base URL changed to another host without the secret',
    outcome: 'refused the same way; nothing sent',
  },
  {
    area: 'Consent and credentials',
    name: 'token URL changed with the secret typed again',
    outcome: 'accepted; the new host gets the secret the user typed',
  },
  {
    area: 'The block writer',
    name: 'a row the user inserted inside the block and typed into',
    outcome: 'refresh refused naming the rows ("1 row inserted ... rows N-M"); sheet byte-identical',
  },
  {
    area: 'The block writer',
    name: 'an empty row the user inserted inside the block',
    outcome: 'refused the same way; works once the row is deleted',
  },
  {
    area: 'The block writer',
    name: 'a column the user inserted inside the block',
    outcome: "refused naming the column insert; the user's column kept",
  },
  { area: 'The block writer', name: 'a row the user deleted inside the block', outcome: 'refused naming the delete; sheet byte-identical' },
  { area: 'The block writer', name: 'a value the user typed over a report cell', outcome: 'refused naming the cell; sheet byte-identical' },
  {
    area: 'The block writer',
    name: 'the user sorted the block',
    outcome:
      "not an edit: the refresh writes the report's own order, keeps the user's frozen rows, and the note says the sort was replaced",
  },
  {
    area: 'The block writer',
    name: "the user sorted a saved report's block",
    outcome:
      "the Saved tab's Run and the menu's Refresh all write the report's own order and say, for that report, that the sort was replaced",
  },
  {
    area: 'The block writer',
    name: 'the user sorted the block and typed over a value',
    outcome: 'refused naming the cells; sheet byte-identical',
  },
  {
    area: 'The block writer',
    name: "the user deleted the block's named range",
    outcome: 'the block is recognised from its record where it was last written: the refresh lands and the named range is made again',
  },
  {
    area: 'The block writer',
    name: "the user deleted the block's named range and typed over a value",
    outcome:
      'refused naming the block\'s cells in the way ("has content in A1:... (N cells), where this report\'s block was"); sheet byte-identical',
  },
  {
    area: 'The block writer',
    name: 'a page title of 60,000 characters',
    outcome: 'the report lands; the cell is clipped with "[clipped: 60,000 characters ...]"; the note says so',
  },
  { area: 'The block writer', name: "a saved report's first run fails", outcome: 'no sheet is left behind' },
  {
    area: 'The block writer',
    name: 'a write that fails midway (a large rewrite)',
    outcome: 'the previous block, formats and note byte-identical; no staging sheet left',
  },
  { area: 'The block writer', name: 'the user typed beside and below the status table', outcome: 'kept through every status rewrite' },
  {
    area: 'The block writer',
    name: 'an alert fires where the user typed beside the status table',
    outcome:
      "the alert's line goes below the user's cells in its columns; with cells of the user's in its header row, no line is written and the log says why",
  },
  {
    area: 'The block writer',
    name: 'a status sheet written by an earlier version',
    outcome: "its old table is taken over and rewritten; the user's cells beside it kept",
  },
  {
    area: 'The block writer',
    name: "the user renamed a saved report's sheet",
    outcome: 'the refresh writes into the renamed sheet (no fork); the saved report shows the new name',
  },
  { area: 'The block writer', name: "the user deleted a saved report's sheet", outcome: 'the refresh makes the sheet again by name' },
  {
    area: 'Storage limits and odd data',
    name: 'saving with the document property store full',
    outcome: '"This spreadsheet\'s add-on storage is full (Google allows 500 KB per document) ..."',
  },
  {
    area: 'Storage limits and odd data',
    name: 'refresh all with the store full',
    outcome: 'every report refreshed; statuses shown in the status sheet, whose note says storage is full',
  },
  {
    area: 'Storage limits and odd data',
    name: 'the hourly trigger with the store full',
    outcome: 'every due report refreshed; the status sheet shows them',
  },
  {
    area: 'Storage limits and odd data',
    name: 'statuses the full store refused, seen by later executions',
    outcome:
      'the sidebar and every later status sheet show the refresh that happened (kept on the status sheet), never "Not refreshed yet"; the next hour does not refresh them again',
  },
  {
    area: 'Storage limits and odd data',
    name: '300 saved reports over 200 sites (10 site groups)',
    outcome: 'all saved, listed and under the 500 KB store',
  },
  {
    area: 'Storage limits and odd data',
    name: 'a daily 02:00 schedule on the US spring-forward day',
    outcome: 'not run at 01:20 EST; runs at 03:20 EDT',
  },
  {
    area: 'Storage limits and odd data',
    name: 'a daily 01:00 schedule on the fall-back day (01:00 twice)',
    outcome: 'runs once, not before 01:00',
  },
  {
    area: 'Storage limits and odd data',
    name: '"NaN", "Infinity", "-Infinity" in numeric fields',
    outcome: 'empty cells; no NaN or Infinity anywhere',
  },
  {
    area: 'Storage limits and odd data',
    name: 'an API field named "site" in a multi-site pull',
    outcome: 'kept in its own column beside the Site column',
  },
  { area: 'Storage limits and odd data', name: 'site IDs "." and ".."', outcome: 'BAD_INPUT: "\'..\' is not a site ID"; no request sent' },
  {
    area: 'Storage limits and odd data',
    name: 'date bounds sent as ISO timestamps',
    outcome: 'the report has data (bounds read as their days)',
  },
];
