/** CacheService keeps an entry at most 6 hours; a longer expiry is not honoured. */
export const MAX_CACHE_TTL_S = 6 * 60 * 60;
/** A range that ends before the last day with data is kept as long as the cache allows. */
const TTL_SETTLED_S = MAX_CACHE_TTL_S;
export const TTL_RECENT_S = 5 * 60;
/** Sites and date bounds change rarely but matter for "data through": half an hour. */
export const TTL_METADATA_S = 30 * 60;

/**
 * How long a report result may be reused. A range that ends before the most recent day with data
 * is settled (6 h); one that touches it can still change as the day fills in and the network
 * revises recent days (5 min). Unknown dates are treated as recent.
 */
export function freshnessTtl(endDate: string | null | undefined, dataThrough: string | null | undefined): number {
  if (!endDate || !dataThrough) return TTL_RECENT_S;
  // YYYY-MM-DD strings compare in calendar order.
  return endDate < dataThrough ? TTL_SETTLED_S : TTL_RECENT_S;
}
