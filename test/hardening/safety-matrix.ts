/**
 * Secrets, users and data safety: the rows docs/reliability.md lists for these areas.
 */
export const SECRET_SURFACES = [
  'saveSettings',
  'getSettings',
  'testConnection',
  'listSites',
  'runReport',
  'CREATOR_PAGE_PERFORMANCE',
  'refreshReports',
  'clearSettings',
] as const;

export interface UserRow {
  name: string;
  outcome: string;
}

/** Whose credential a call may spend. Each is a test in secrets.test.ts (by name). */
export const USER_ROWS: UserRow[] = [
  {
    name: 'owner saved; editor runs runReport',
    outcome: 'NOT_CONFIGURED: "No Creator Reporting credential is saved ... enter your client ID and secret"; no sheet written',
  },
  { name: 'owner saved; editor lists sites and tests the connection', outcome: "NOT_CONFIGURED for both; never the owner's sites" },
  { name: 'owner saved; editor reads settings', outcome: 'configured: false, no client ID, no masked secret' },
  {
    name: 'editor saves their own credential',
    outcome: "editor's pulls use it (agency sites); the owner's stay on demo; neither sees the other's sites",
  },
  { name: 'owner saved without allowing formulas', outcome: '"Formulas are off in this spreadsheet. Its owner has to turn on ..."' },
  {
    name: 'editor allowed formulas with their own credential; owner has none',
    outcome: "formulas refuse: they run on the owner's properties only",
  },
  { name: 'owner allowed formulas, then cleared settings', outcome: 'formulas refuse; nothing cached is served as fresh data' },
  { name: 'owner allowed formulas', outcome: "formulas work, on the owner's credential" },
];

export interface SafetyRow {
  name: string;
  outcome: string;
}

export const SAFETY_ROWS: SafetyRow[] = [
  { name: 'saved report refresh fails (500 storm)', outcome: 'its sheet byte-identical; status shows the error' },
  { name: 'saved report refresh fails (credential revoked)', outcome: 'its sheet byte-identical; status shows the credential message' },
  { name: 'report grows into a user cell below it', outcome: 'BLOCK_CONFLICT message naming the cell; sheet byte-identical' },
  { name: 'report shrinks', outcome: 'its old rows cleared; user cells beside and below untouched' },
  { name: 'report grows into empty rows', outcome: 'written; user cells beside it untouched' },
  {
    name: 'another execution holds the document lock',
    outcome: '"Another report is being written to this spreadsheet. Try again in a minute."; sheet byte-identical; works once released',
  },
  { name: 'document lock held during a saved-report refresh', outcome: 'outcome error or skipped with a message; sheet byte-identical' },
  {
    name: 'hostile page titles and URLs (sidebar, pages/performance)',
    outcome: 'each written as typed text, shown exactly; none became a formula',
  },
  { name: 'hostile page titles (sidebar, traffic/pages)', outcome: 'same' },
  {
    name: 'hostile page titles (formula, spilled by the engine)',
    outcome: 'shown exactly as text; no formula cells beyond the formula itself',
  },
];
