/**
 * Alerts compare with the same periods and compute changes with the same rule as CREATOR_COMPARE
 * and the builder's "Compare with": one computation, in dates/compare-period and table/compare.
 */
export { COMPARE_LABEL, comparisonRange } from '../dates/compare-period';
export { changeOf } from '../table/compare';
