import type { Execution } from '../platform/execution';
import type { WarehouseDestination, WarehouseTestResult } from '../shared/types';
import { problemOf, problemWords } from './bigquery-errors';

/** The sandbox gives every dataset this default expiration; a billed project may too, so it only hints. */
const SANDBOX_EXPIRATION_MS = 60 * 86_400_000;

/**
 * testWarehouse: can this user export to this table? Each check in words, stopping at the first
 * that fails (the later ones cannot be asked): the service and its permission, the project (and
 * its API and the user's access), the dataset, then the table (missing is fine: the first export
 * makes it). Nothing is created or written.
 */
export function testAccess(ex: Execution, dest: WarehouseDestination): WarehouseTestResult {
  const checks: WarehouseTestResult['checks'] = [];
  const fail = (label: string, error: unknown): WarehouseTestResult => {
    const { problem, detail } = problemOf(error);
    checks.push({ label, ok: false, message: problemWords(problem, dest, detail) });
    return { ok: false, checks };
  };
  const api = ex.platform.bigQuery();
  if (!api) return fail('BigQuery', new Error('BigQuery is not defined'));
  let dataset: { defaultTableExpirationMs?: string };
  try {
    dataset = api.getDataset(dest.projectId, dest.datasetId);
  } catch (error) {
    const { problem } = problemOf(error);
    const label = problem === 'noDataset' ? 'Dataset' : problem === 'noScope' ? 'Permission' : 'Project';
    if (problem === 'noDataset')
      checks.push({ label: 'Project', ok: true, message: `Project "${dest.projectId}" is there and you may use BigQuery in it.` });
    return fail(label, error);
  }
  checks.push({ label: 'Project', ok: true, message: `Project "${dest.projectId}" is there and you may use BigQuery in it.` });
  const sandbox = Number(dataset.defaultTableExpirationMs ?? 0) === SANDBOX_EXPIRATION_MS;
  checks.push({ label: 'Dataset', ok: true, message: `Dataset "${dest.datasetId}" is there.` });
  // Not blocking: without billing (the sandbox) exports go by day partition instead of a MERGE.
  checks.push({
    label: 'Billing',
    ok: true,
    message: sandbox
      ? `Billing looks not enabled in project "${dest.projectId}" (its tables expire after 60 days, as in the BigQuery sandbox): exports still work, by day partition, but the table expires 60 days after it is made unless you link a billing account.`
      : 'Tables in this dataset do not expire: exports update the table in place (one load and one MERGE each).',
  });
  try {
    const table = api.getTable(dest.projectId, dest.datasetId, dest.tableId);
    const partition = table.timePartitioning?.field;
    checks.push({
      label: 'Table',
      ok: true,
      message: `Table "${dest.tableId}" is there (${table.numRows ?? 0} rows${partition ? `, partitioned by ${partition}` : ''}); exports update it.`,
    });
  } catch (error) {
    const { problem } = problemOf(error);
    if (problem !== 'noTable') return fail('Table', error);
    checks.push({ label: 'Table', ok: true, message: `Table "${dest.tableId}" does not exist yet: the first export creates it.` });
  }
  return { ok: true, checks };
}
