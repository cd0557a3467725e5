/** The whole spreadsheet as JSON (dates tagged) and back, so a playground can persist it. */
import type { Cell, Scalar } from './cell';
import type { ChartModel } from './chart-model';
import type { MetadataLocation } from './metadata-model';
import { SheetModel } from './sheet-model';
import type { EmulatedSpreadsheet } from './spreadsheet-model';

type TaggedScalar = string | number | boolean | { type: 'date'; iso: string } | { type: 'number'; value: string };

/** The cell fields a snapshot copies as they are (value and spillOf need tagging). */
const STYLE_KEYS = [
  'formula',
  'error',
  'format',
  'fontWeight',
  'fontSize',
  'fontColor',
  'background',
  'horizontalAlignment',
  'wrap',
  'note',
] as const;

type StyleKey = (typeof STYLE_KEYS)[number];
const STYLE_ORDER = new Map<string, number>(STYLE_KEYS.map((k, i) => [k, i]));

/**
 * The style keys a cell has set, in STYLE_KEYS order (so equal cells snapshot alike): from the
 * cell's own few keys, not ten lookups per cell of a big sheet.
 */
function styleKeysOf(cell: Cell): StyleKey[] {
  const keys: StyleKey[] = [];
  for (const k in cell) if (STYLE_ORDER.has(k) && cell[k as StyleKey] !== undefined) keys.push(k as StyleKey);
  return keys.length > 1 ? keys.sort((a, b) => STYLE_ORDER.get(a)! - STYLE_ORDER.get(b)!) : keys;
}

interface CellJson extends Pick<Cell, (typeof STYLE_KEYS)[number]> {
  r: number;
  c: number;
  value?: TaggedScalar;
  /** Anchor coordinates [row, col] of the array that filled this cell. */
  spillOf?: [number, number];
}

interface SheetJson {
  name: string;
  id: number;
  maxRows: number;
  maxCols: number;
  frozenRows: number;
  frozenCols: number;
  hidden: boolean;
  tabColor: string | null;
  columnWidths: Record<number, number>;
  autoResized: Array<[number, number]>;
  cells: CellJson[];
}

type RectJson = { sheet: string; row: number; col: number; numRows: number; numCols: number };

interface ChartJson extends Omit<ChartModel, 'sheet' | 'ranges'> {
  sheet: string;
  ranges: RectJson[];
}

export interface SpreadsheetJson {
  version: 1;
  id: string;
  name: string;
  timeZone: string;
  locale: string;
  activeSheet: string;
  nextSheetId: number;
  nextMetadataId: number;
  sheets: SheetJson[];
  namedRanges: Array<{ name: string; sheet: string; row: number; col: number; numRows: number; numCols: number }>;
  /** Absent in snapshots made before charts were emulated. */
  charts?: ChartJson[];
  nextChartId?: number;
  metadata: Array<{
    id: number;
    key: string;
    value: string | null;
    visibility: 'DOCUMENT' | 'PROJECT';
    location: { type: MetadataLocation['type']; sheet?: string; start?: number; count?: number };
  }>;
}

function tag(v: Scalar): TaggedScalar {
  if (v instanceof Date) return { type: 'date', iso: v.toISOString() };
  if (typeof v === 'number' && !Number.isFinite(v)) return { type: 'number', value: String(v) };
  return v;
}

function untag(v: TaggedScalar | undefined): Scalar {
  if (v === undefined) return '';
  if (typeof v !== 'object') return v;
  return v.type === 'date' ? new Date(v.iso) : Number(v.value);
}

export function snapshotSpreadsheet(model: EmulatedSpreadsheet): SpreadsheetJson {
  return {
    version: 1,
    id: model.id,
    name: model.name,
    timeZone: model.timeZone,
    locale: model.locale,
    activeSheet: model.activeSheet.name,
    nextSheetId: model.nextSheetId,
    nextMetadataId: model.nextMetadataId,
    sheets: model.sheets.map((s) => {
      // Positions of spill anchors only: a map of every cell cost more than the rest of a big sheet's snapshot.
      const anchors = new Set<Cell>();
      s.forEachCell((cell) => cell.spillOf && anchors.add(cell.spillOf));
      const where = new Map<Cell, [number, number]>();
      if (anchors.size) s.forEachCell((cell, r, c) => anchors.has(cell) && where.set(cell, [r, c]));
      const cells: CellJson[] = [];
      s.forEachCell((cell, r, c) => {
        const out: CellJson = { r, c };
        if (cell.value !== '') out.value = tag(cell.value);
        for (const k of styleKeysOf(cell)) (out as unknown as Record<string, unknown>)[k] = cell[k];
        if (cell.spillOf && where.has(cell.spillOf)) out.spillOf = where.get(cell.spillOf);
        cells.push(out);
      });
      return {
        name: s.name,
        id: s.id,
        maxRows: s.maxRows,
        maxCols: s.maxCols,
        frozenRows: s.frozenRows,
        frozenCols: s.frozenCols,
        hidden: s.hidden,
        tabColor: s.tabColor,
        columnWidths: { ...s.columnWidths },
        autoResized: s.autoResized.map((x) => [x[0], x[1]]),
        cells,
      };
    }),
    namedRanges: model.namedRanges.map((n) => ({
      name: n.name,
      sheet: n.rect.sheet.name,
      row: n.rect.row,
      col: n.rect.col,
      numRows: n.rect.numRows,
      numCols: n.rect.numCols,
    })),
    charts: model.charts.map((c) => ({
      ...c,
      sheet: c.sheet.name,
      ranges: c.ranges.map((r) => ({ sheet: r.sheet.name, row: r.row, col: r.col, numRows: r.numRows, numCols: r.numCols })),
    })),
    nextChartId: model.nextChartId,
    metadata: model.metadata.map((m) => ({
      id: m.id,
      key: m.key,
      value: m.value,
      visibility: m.visibility,
      location:
        m.location.type === 'SPREADSHEET'
          ? { type: 'SPREADSHEET' }
          : m.location.type === 'SHEET'
            ? { type: 'SHEET', sheet: m.location.sheet.name }
            : { type: m.location.type, sheet: m.location.sheet.name, start: m.location.start, count: m.location.count },
    })),
  };
}

/** Replaces the model's state in place (facades keep pointing at the same model). */
export function restoreSpreadsheet(model: EmulatedSpreadsheet, state: unknown): void {
  const json = (typeof state === 'string' ? JSON.parse(state) : state) as SpreadsheetJson;
  if (json?.version !== 1 || !Array.isArray(json.sheets) || json.sheets.length === 0)
    throw new Error('Not a spreadsheet snapshot (version 1).');
  const sheets = json.sheets.map((sj) => {
    const s = new SheetModel(sj.name, sj.id);
    Object.assign(s, {
      maxRows: sj.maxRows,
      maxCols: sj.maxCols,
      frozenRows: sj.frozenRows,
      frozenCols: sj.frozenCols,
      hidden: sj.hidden,
      tabColor: sj.tabColor,
      columnWidths: { ...sj.columnWidths },
      autoResized: sj.autoResized.map((x) => [x[0], x[1]]),
    });
    for (const cj of sj.cells) {
      const cell = s.ensure(cj.r, cj.c);
      cell.value = untag(cj.value);
      for (const k of styleKeysOf(cj as Cell)) (cell as unknown as Record<string, unknown>)[k] = cj[k];
    }
    for (const cj of sj.cells) {
      if (!cj.spillOf) continue;
      const anchor = s.cell(cj.spillOf[0], cj.spillOf[1]);
      const cell = s.cell(cj.r, cj.c)!;
      if (!anchor) continue;
      cell.spillOf = anchor;
      (anchor.spill ??= []).push(cell);
    }
    return s;
  });
  const byName = (name: string | undefined) => {
    const s = sheets.find((x) => x.name === name);
    if (!s) throw new Error(`Snapshot refers to a missing sheet "${name}".`);
    return s;
  };
  model.id = json.id;
  model.name = json.name;
  model.timeZone = json.timeZone;
  model.locale = json.locale;
  model.sheets = sheets;
  model.activeSheet = sheets.find((s) => s.name === json.activeSheet) ?? sheets[0];
  model.nextSheetId = json.nextSheetId;
  model.nextMetadataId = json.nextMetadataId;
  model.namedRanges = json.namedRanges.map((n) => ({
    name: n.name,
    rect: { sheet: byName(n.sheet), row: n.row, col: n.col, numRows: n.numRows, numCols: n.numCols },
  }));
  model.metadata = json.metadata.map((m) => {
    const l = m.location;
    const location: MetadataLocation =
      l.type === 'SPREADSHEET'
        ? { type: 'SPREADSHEET' }
        : l.type === 'SHEET'
          ? { type: 'SHEET', sheet: byName(l.sheet) }
          : { type: l.type, sheet: byName(l.sheet), start: l.start!, count: l.count! };
    return { id: m.id, key: m.key, value: m.value, visibility: m.visibility, location };
  });
  model.charts = (json.charts ?? []).map((c) => ({
    ...c,
    sheet: byName(c.sheet),
    ranges: c.ranges.map((r) => ({ ...r, sheet: byName(r.sheet) })),
  }));
  model.nextChartId = json.nextChartId ?? model.charts.reduce((n, c) => Math.max(n, c.id + 1), 1);
  model.coercions = [];
}
