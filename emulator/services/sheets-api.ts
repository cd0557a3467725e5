/**
 * The Sheets advanced service (`Sheets.Spreadsheets.Values`), as far as the add-on writes with it:
 * `update` and `batchUpdate` with valueInputOption USER_ENTERED, which Sheets reads like typing,
 * as setValues does. Only present when the emulator is told the service is enabled; 'noScope'
 * models a manifest without the `spreadsheets` scope (`spreadsheets.currentonly` does not cover
 * the REST API): every call throws, and the add-on must fall back to setValues.
 */
import type { Counters } from '../counters';
import type { EmulatedSpreadsheet } from '../spreadsheet';

export type SheetsAdvancedService = 'off' | 'on' | 'noScope';

interface ValueRange {
  range?: string;
  values?: unknown[][];
}

export interface SheetsApiDeps {
  spreadsheet: EmulatedSpreadsheet;
  spreadsheetId: string;
  counters: Counters;
  mode: () => SheetsAdvancedService;
  permission: () => 'full' | 'readOnly';
}

function badRequest(message: string): Error {
  return new Error(`API call to sheets.spreadsheets.values failed with error: ${message}`);
}

export function createSheetsApi(deps: SheetsApiDeps): unknown {
  const check = (spreadsheetId: unknown, inputOption: unknown): void => {
    if (deps.mode() === 'noScope') throw badRequest('Request had insufficient authentication scopes.');
    if (deps.permission() !== 'full') throw new Error('You do not have permission to call Sheets.Spreadsheets.Values.');
    if (spreadsheetId !== deps.spreadsheetId) throw badRequest('Requested entity was not found.');
    if (inputOption !== 'USER_ENTERED' && inputOption !== 'RAW') throw badRequest('Invalid valueInputOption.');
  };
  const write = (range: unknown, values: unknown, raw: boolean): number => {
    if (typeof range !== 'string') throw badRequest('Invalid range.');
    if (!Array.isArray(values) || values.some((row) => !Array.isArray(row))) throw badRequest('Invalid values.');
    const rect = deps.spreadsheet.resolve(range);
    const grid = values as unknown[][];
    if (grid.length > rect.numRows || grid.some((row) => row.length > rect.numCols)) {
      throw badRequest(`Requested writing within range [${range}], but tried writing past it.`);
    }
    let cells = 0;
    grid.forEach((row, i) =>
      row.forEach((value, j) => {
        // JSON has no dates: the service sends numbers, strings and booleans (a Date would arrive
        // as its ISO text). RAW keeps a string as text, where USER_ENTERED reads it like typing.
        const v = value instanceof Date ? value.toISOString() : value;
        deps.spreadsheet.writeInput(rect.sheet, rect.row + i, rect.col + j, raw && typeof v === 'string' ? `'${v}` : v);
        cells++;
      }),
    );
    return cells;
  };
  const Values = {
    update(resource: ValueRange, spreadsheetId: string, range: string, optional?: { valueInputOption?: string }) {
      check(spreadsheetId, optional?.valueInputOption);
      deps.counters.sheetsApiRequests++;
      const cells = write(range, resource?.values, optional?.valueInputOption === 'RAW');
      deps.counters.sheetsApiCells += cells;
      return { spreadsheetId, updatedRange: range, updatedCells: cells };
    },
    batchUpdate(resource: { valueInputOption?: string; data?: ValueRange[] }, spreadsheetId: string) {
      check(spreadsheetId, resource?.valueInputOption);
      deps.counters.sheetsApiRequests++;
      let total = 0;
      for (const d of resource.data ?? []) total += write(d.range, d.values, resource.valueInputOption === 'RAW');
      deps.counters.sheetsApiCells += total;
      return { spreadsheetId, totalUpdatedCells: total };
    },
  };
  return { Spreadsheets: { Values } };
}
