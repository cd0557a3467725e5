export { tableStream, toTable, type TableStream, type ToTableOptions } from './to-table';
export { totalRow, withTotals, canTotal, aggregateRow } from './totals';
export { compareTables, changeOf, dimensionFields, type CompareInput } from './compare';
export { catalogRank, concatTables, stackTables } from './stack';
export { SITE_COLUMN, SITE_FIELD, SITE_NAME_COLUMN, SITE_NAME_FIELD, type Table, type TableColumn } from './types';
export { pickColumns } from './pick-columns';
