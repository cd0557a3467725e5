/**
 * The one table of OAuth scopes. The build writes dist/appsscript.json's oauthScopes from the
 * `requested` rows (appsscript.json itself lists none), docs/publishing.md's justifications come
 * from it (`npm run docs`), and the add-on reads it to tell a user which permission is missing and
 * what that costs them. A scope added anywhere else fails the build or a test.
 */

export type ScopeStatus =
  /** In the manifest today. */
  | 'requested'
  /** Another issue decides whether it is requested; settle it before the first publication. */
  | 'undecided'
  /** Wanted by planned work that is not built yet. */
  | 'planned';

export interface ScopeRow {
  /** The short name after https://www.googleapis.com/auth/. */
  key: string;
  status: ScopeStatus;
  /** Google's classification on the OAuth consent screen (Cloud console, Data access). */
  sensitivity: 'non-sensitive' | 'sensitive' | 'restricted';
  /** The Apps Script services that cannot run without it (globals, as the bundle names them). */
  services: readonly string[];
  /** What the permission lets the add-on do, as a user reads it in the sidebar. */
  permission: string;
  /** Why the add-on needs it, for Google's OAuth verification (one per scope). */
  justification: string;
  /** What the add-on does when the user has not granted it (granular consent). */
  withoutIt: string;
  /** How a message says the permission is missing (a sentence without its full stop). */
  refusal: string;
  /** For a row not requested yet: who decides, and what it would be for. */
  pending?: string;
}

export const SCOPE_PREFIX = 'https://www.googleapis.com/auth/';

export const SCOPES: readonly ScopeRow[] = [
  {
    key: 'spreadsheets.currentonly',
    refusal: 'Creator Reporting is not allowed to see and change this spreadsheet in your account',
    status: 'requested',
    sensitivity: 'non-sensitive',
    services: ['SpreadsheetApp'],
    permission: 'See and change the spreadsheet the add-on is open in',
    justification:
      'The add-on writes the reports the user asks for into the spreadsheet it is open in (a block of rows per report), reads back its own blocks to refresh them without overwriting the user\u2019s edits, and writes a status sheet. It never opens any other file: currentonly is the narrowest scope that allows this.',
    withoutIt: 'Nothing can run: the sidebar shows one message with a link that asks for the permission again.',
  },
  {
    key: 'script.container.ui',
    refusal: 'Creator Reporting is not allowed to show its menu and sidebar in your account',
    status: 'requested',
    sensitivity: 'non-sensitive',
    services: ['HtmlService'],
    permission: 'Show its menu and sidebar in the spreadsheet',
    justification:
      'The add-on\u2019s menu (Extensions > Creator Reporting) and its sidebar, where the user enters the API credential, builds and saves reports, and sets schedules and alerts.',
    withoutIt: 'Nothing can run: the menu entries show one message with a link that asks for the permission again.',
  },
  {
    key: 'script.external_request',
    refusal: 'Fetching data from the Creator Reporting API is not allowed for this add-on in your account',
    status: 'requested',
    sensitivity: 'sensitive',
    services: ['UrlFetchApp'],
    permission: 'Fetch your data from the Creator Reporting API',
    justification:
      'Every report comes from the Creator Reporting API (https://publisher-api.raptive.com/, the only host in urlFetchWhitelist): the add-on exchanges the user\u2019s own client ID and secret for a token there and reads their sites\u2019 earnings and traffic. No other host is contacted and nothing is sent anywhere else.',
    withoutIt:
      'Every pull, formula, refresh and alert says that fetching data is not allowed for the add-on in this account; data already in the sheet stays.',
  },
  {
    key: 'script.scriptapp',
    refusal: 'Scheduled runs are not allowed for this add-on in your account',
    status: 'requested',
    sensitivity: 'non-sensitive',
    services: ['ScriptApp'],
    permission: 'Run scheduled refreshes while you are away',
    justification:
      'The user can schedule saved reports (hourly, daily, weekly, monthly) and alerts; the add-on keeps one hourly time-driven trigger per document for them, and removes it when no schedule is left.',
    withoutIt: 'Reports can still be pulled and refreshed by hand; schedules and alert checks say they cannot run and why.',
  },
  {
    key: 'script.send_mail',
    refusal: 'E-mail is not allowed for this add-on in your account',
    status: 'requested',
    sensitivity: 'sensitive',
    services: ['MailApp'],
    permission: 'Send you e-mail about your alerts and failed refreshes',
    justification:
      'Alerts the user sets (for example "RPM fell more than 20 %") and failures of scheduled refreshes the user asked to hear about are e-mailed to that user only, at most once a day per alert or report. The add-on sends no other mail and to no one else.',
    withoutIt:
      'Alerts are still checked and shown on the card and the status sheet, which say "E-mail is not allowed for this add-on in your account" instead of sending.',
  },
  {
    key: 'userinfo.email',
    refusal: 'Your e-mail address is not shared with this add-on',
    status: 'requested',
    sensitivity: 'non-sensitive',
    services: ['Session'],
    permission: 'Know your e-mail address',
    justification:
      'Alert and failure e-mails go to the user\u2019s own address, and the sidebar shows whose trigger runs a document\u2019s schedules. The address is not stored anywhere else and never sent outside Google.',
    withoutIt: 'As when Google hides an address: e-mails report "Not sent" with the reason, and owners show as "another user".',
  },
  {
    key: 'bigquery',
    refusal: 'BigQuery is not allowed for this add-on in your account',
    status: 'requested',
    sensitivity: 'sensitive',
    services: ['BigQuery'],
    permission: 'Copy your reports into your own BigQuery dataset',
    justification:
      'Only for a user who adds a BigQuery table to a saved report (project, dataset and table they name): after each refresh the add-on loads that report\u2019s rows into the table in their own Google Cloud project (one load and one MERGE per export, through the BigQuery advanced service), and testWarehouse checks that they can. It reads nothing else in BigQuery and creates no datasets; the data goes only to the table the user named.',
    withoutIt:
      'Every report, schedule and alert works; a report with a BigQuery table keeps refreshing its sheet, and its card and the status sheet say "BigQuery is not allowed for this add-on in your account" with how to allow it.',
  },
];

export const scopeUrl = (row: Pick<ScopeRow, 'key'>): string => `${SCOPE_PREFIX}${row.key}`;

/** The manifest's oauthScopes, in the table's order. */
export function requestedScopes(): string[] {
  return SCOPES.filter((row) => row.status === 'requested').map(scopeUrl);
}
