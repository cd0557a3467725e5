/**
 * Apps Script enum values are objects compared by identity, with name() and toString(); strings
 * would make addDeveloperMetadata(key, value) and (key, visibility) indistinguishable.
 */

export interface EnumValue {
  name(): string;
  toString(): string;
  toJSON(): string;
}

const registry = new WeakSet<object>();

export function makeEnum<K extends string>(...names: K[]): Record<K, EnumValue> {
  const out = {} as Record<K, EnumValue>;
  for (const n of names) {
    const v: EnumValue = Object.freeze({ name: () => n, toString: () => n, toJSON: () => n });
    registry.add(v);
    out[n] = v;
  }
  return Object.freeze(out);
}

export function isEnumValue(v: unknown): v is EnumValue {
  return typeof v === 'object' && v !== null && registry.has(v);
}

export function enumName(v: EnumValue): string {
  return v.name();
}

export const DeveloperMetadataVisibility = makeEnum('DOCUMENT', 'PROJECT');
export const DeveloperMetadataLocationType = makeEnum('SPREADSHEET', 'SHEET', 'ROW', 'COLUMN');
export const Dimension = makeEnum('ROWS', 'COLUMNS');
export const WrapStrategy = makeEnum('WRAP', 'OVERFLOW', 'CLIP');
