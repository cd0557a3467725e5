import { CreatorError, isCreatorError } from '../shared/errors';
import { permissionMessage } from '../platform/permissions';
import { SCOPES } from '../platform/scopes';

/**
 * What BigQuery (or Apps Script in front of it) said, in words a user can act on: no such project,
 * no permission, billing not enabled, the API not enabled, the scope not granted, a quota. The
 * service's own message follows for anything else (it never carries a secret: BigQuery's errors
 * name projects, datasets, tables and fields only).
 */

export type WarehouseProblem =
  | 'noService'
  | 'noScope'
  | 'noProject'
  | 'noPermission'
  | 'apiDisabled'
  | 'billing'
  | 'noDataset'
  | 'noTable'
  | 'quota'
  | 'tooLarge'
  | 'failed';

export interface Destination {
  projectId: string;
  datasetId: string;
  tableId: string;
}

export function problemOf(error: unknown): { problem: WarehouseProblem; detail: string } {
  const detail = String((error as { message?: unknown } | null)?.message ?? error ?? '').replace(
    /^API call to bigquery\.[\w.]+ failed with error: /,
    '',
  );
  const reason = (error as { details?: { errors?: Array<{ reason?: string }> } } | null)?.details?.errors?.[0]?.reason ?? '';
  if (/do not have permission to call BigQuery|auth\/bigquery/.test(detail)) return { problem: 'noScope', detail };
  if (/BigQuery is not defined/.test(detail)) return { problem: 'noService', detail };
  if (reason === 'accessNotConfigured' || /API has not been used in project|is disabled/.test(detail))
    return { problem: 'apiDisabled', detail };
  if (reason === 'billingNotEnabled' || /Billing has not been enabled/.test(detail)) return { problem: 'billing', detail };
  if (/^Not found: Project/.test(detail)) return { problem: 'noProject', detail };
  if (/^Not found: Dataset/.test(detail)) return { problem: 'noDataset', detail };
  if (/^Not found: Table/.test(detail)) return { problem: 'noTable', detail };
  if (reason === 'accessDenied' || /^Access Denied/.test(detail)) return { problem: 'noPermission', detail };
  if (reason === 'quotaExceeded' || reason === 'rateLimitExceeded' || /^Quota exceeded/.test(detail)) return { problem: 'quota', detail };
  if (/payload size exceeds|Request Too Large/i.test(detail)) return { problem: 'tooLarge', detail };
  return { problem: 'failed', detail };
}

export function problemWords(problem: WarehouseProblem, dest: Destination, detail: string): string {
  const table = `${dest.projectId}.${dest.datasetId}.${dest.tableId}`;
  switch (problem) {
    case 'noService':
      return 'BigQuery is not enabled in this copy of the add-on (its manifest has no BigQuery advanced service).';
    case 'noScope': {
      // The scope table's words, as every other missing permission is said.
      const row = SCOPES.find((r) => r.key === 'bigquery');
      return row ? permissionMessage(row, null) : 'BigQuery is not allowed for this add-on in your account.';
    }
    case 'noProject':
      return `There is no Google Cloud project "${dest.projectId}" (or you cannot see it). Check the project ID in the Cloud console (it is the ID, not the project's name).`;
    case 'noPermission':
      return `You have no permission to use BigQuery in project "${dest.projectId}". Ask its owner for the BigQuery User role (and BigQuery Data Editor on dataset "${dest.datasetId}").`;
    case 'apiDisabled':
      return `The BigQuery API is not enabled in project "${dest.projectId}". Enable it in the Cloud console (APIs & Services > Enable APIs > BigQuery API), then try again.`;
    case 'billing':
      return `Billing is not enabled in project "${dest.projectId}" (the BigQuery sandbox): its tables expire after 60 days and updates in place are not allowed. Link a billing account to keep the table for good.`;
    case 'noDataset':
      return `There is no dataset "${dest.datasetId}" in project "${dest.projectId}". Create it in BigQuery (or check the name: names are case-sensitive).`;
    case 'noTable':
      return `The table ${table} does not exist yet; the first export creates it.`;
    case 'quota':
      return `BigQuery refused the export to ${table} for a quota (${detail}). It is tried again at the next refresh.`;
    case 'tooLarge':
      return `BigQuery refused a load to ${table} as too large (${detail}).`;
    default:
      return `BigQuery refused the export to ${table}: ${detail}`;
  }
}

/** Any thrown BigQuery error as the add-on's own error, worded. */
export function warehouseError(error: unknown, dest: Destination): CreatorError {
  if (isCreatorError(error)) return error;
  const { problem, detail } = problemOf(error);
  return new CreatorError('WAREHOUSE', problemWords(problem, dest, detail), { providerCode: problem });
}
