export { toTable, type ToTableOptions } from './to-table';
export { totalRow } from './totals';
export { catalogRank, stackTables } from './stack';
export { SITE_COLUMN, SITE_FIELD, type Table, type TableColumn } from './types';
