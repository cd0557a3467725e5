/** Facades for developer metadata (and its finder) and named ranges. */
import { badArguments, typeName, type Context, type Facade } from './context';
import { DeveloperMetadataLocationType, DeveloperMetadataVisibility, enumName, isEnumValue } from './enums';
import { guard } from './guard';
import type { MetadataModel, NamedRangeModel } from './metadata-model';

export function developerMetadataFacade(ctx: Context, meta: MetadataModel): Facade {
  const { model } = ctx;
  let self: Facade;
  const location = (): Facade => {
    const loc = meta.location;
    const l: Facade = {
      toString: () => 'DeveloperMetadataLocation',
      getLocationType: () => DeveloperMetadataLocationType[loc.type],
      getSpreadsheet: () => (loc.type === 'SPREADSHEET' ? ctx.spreadsheet() : null),
      getSheet: () => (loc.type === 'SHEET' ? ctx.sheet(loc.sheet) : null),
      getRow: () =>
        loc.type === 'ROW' ? ctx.range({ sheet: loc.sheet, row: loc.start, col: 1, numRows: loc.count, numCols: loc.sheet.maxCols }) : null,
      getColumn: () =>
        loc.type === 'COLUMN'
          ? ctx.range({ sheet: loc.sheet, row: 1, col: loc.start, numRows: loc.sheet.maxRows, numCols: loc.count })
          : null,
    };
    return guard('DeveloperMetadataLocation', l, ctx.permission);
  };
  const m: Facade = {
    toString: () => 'DeveloperMetadata',
    getId: () => meta.id,
    getKey: () => meta.key,
    getValue: () => meta.value,
    getVisibility: () => DeveloperMetadataVisibility[meta.visibility],
    getLocation: location,
    setKey: (key: unknown) => {
      ctx.counters.metadataCalls++;
      if (typeof key !== 'string' || !key) throw new Error('Invalid argument: key');
      meta.key = key;
      return self;
    },
    setValue: (value: unknown) => {
      ctx.counters.metadataCalls++;
      meta.value = value === null || value === undefined ? null : String(value);
      return self;
    },
    setVisibility: (v: unknown) => {
      if (!isEnumValue(v)) throw badArguments('DeveloperMetadata.setVisibility', typeName(v));
      meta.visibility = enumName(v) as MetadataModel['visibility'];
      return self;
    },
    remove: () => {
      ctx.counters.metadataCalls++;
      model.metadata = model.metadata.filter((x) => x !== meta);
    },
  };
  self = guard('DeveloperMetadata', m, ctx.permission);
  return self;
}

/** createDeveloperMetadataFinder(): filters over the metadata in scope, narrowed by with*(). */
export function metadataFinder(ctx: Context, scope: () => MetadataModel[]): Facade {
  const filters: Array<(m: MetadataModel) => boolean> = [];
  let self: Facade;
  const add = (f: (m: MetadataModel) => boolean) => {
    filters.push(f);
    return self;
  };
  const finder: Facade = {
    toString: () => 'DeveloperMetadataFinder',
    withId: (id: number) => add((m) => m.id === id),
    withKey: (key: string) => add((m) => m.key === key),
    withValue: (value: string) => add((m) => m.value === value),
    withVisibility: (v: unknown) => add((m) => isEnumValue(v) && m.visibility === enumName(v)),
    withLocationType: (t: unknown) => add((m) => isEnumValue(t) && m.location.type === enumName(t)),
    find: () => {
      ctx.counters.metadataCalls++;
      return scope()
        .filter((m) => filters.every((f) => f(m)))
        .map((m) => developerMetadataFacade(ctx, m));
    },
  };
  self = guard('DeveloperMetadataFinder', finder, ctx.permission);
  return self;
}

export function namedRangeFacade(ctx: Context, named: NamedRangeModel): Facade {
  const { model } = ctx;
  let self: Facade;
  const n: Facade = {
    toString: () => 'NamedRange',
    getName: () => named.name,
    getRange: () => ctx.range({ ...named.rect }),
    setName: (name: unknown) => {
      const rect = named.rect;
      model.dropNamedRange(named.name);
      model.defineNamedRange(String(name), rect);
      named = model.namedRange(String(name))!;
      return self;
    },
    setRange: (range: unknown) => {
      named.rect = { ...ctx.rectOf(range) };
      return self;
    },
    remove: () => model.dropNamedRange(named.name),
  };
  self = guard('NamedRange', n, ctx.permission);
  return self;
}
