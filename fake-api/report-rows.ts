import { dayTotals, rangeTotals, type Totals } from './daily';
import { isoDay } from './dates';
import { AD_UNITS, splitTotals, type DimensionName, type Split } from './dimensions';
import * as m from './metrics';
import { between, hashString } from './random';
import type { SiteDef } from './sites';

/** Rows of the non-paginated reports, built from the range's totals. */
export type Row = Record<string, unknown>;

export interface RangeContext {
  seed: number;
  site: SiteDef;
  /** Inclusive day numbers, already checked against the family's bounds. */
  from: number;
  to: number;
}

function trafficRow(t: Totals): Row {
  return {
    pageviews: t.pageviews,
    sessions: t.sessions,
    pagesPerSession: m.perSession(t.pageviews, t.sessions),
    bounceRate: m.percent(t.bounces, t.sessions),
  };
}

function performanceRow(t: Totals): Row {
  return {
    earnings: m.dollars(t.earningsCents),
    pageviews: t.pageviews,
    sessions: t.sessions,
    rpm: m.rpm(t.earningsCents, t.sessions),
    rps: m.rps(t.earningsCents, t.sessions),
  };
}

const labelled = (field: string, rows: Split[], build: (s: Split) => Row): Row[] => rows.map((s) => ({ [field]: s.label, ...build(s) }));

function split(ctx: RangeContext, name: DimensionName): Split[] {
  return splitTotals(ctx.seed, ctx.site, name, rangeTotals(ctx.seed, ctx.site, ctx.from, ctx.to));
}

/** traffic/summary: one object, with metadata fields the catalog does not list. */
export function trafficSummary(ctx: RangeContext): Row {
  return {
    ...trafficRow(rangeTotals(ctx.seed, ctx.site, ctx.from, ctx.to)),
    ga4DataAvailable: true,
    ga4StartDate: '2024-03-01',
  };
}

export function listRows(key: string, ctx: RangeContext): Row[] {
  switch (key) {
    case 'traffic/by-device':
      return labelled('device', split(ctx, 'device'), trafficRow);
    case 'traffic/by-source':
      return labelled('source', split(ctx, 'rawSource'), trafficRow);
    case 'traffic/by-country':
      return labelled('country', split(ctx, 'country'), trafficRow);
    case 'devices/performance':
      return labelled('device', split(ctx, 'device'), performanceRow);
    case 'traffic-sources/performance':
      return labelled('trafficSource', split(ctx, 'sourceGroup'), (s) => ({
        ...performanceRow(s),
        pps: m.perSession(s.pageviews, s.sessions),
      }));
    case 'countries/performance':
      return labelled('country', split(ctx, 'country'), (s) => ({
        ...performanceRow(s),
        impressions: s.impressions,
        cpm: m.cpm(s.earningsCents, s.impressions),
      }));
    case 'categories/performance':
      return categoryRows(ctx);
    case 'earnings':
      return daily(ctx, (day) => {
        const d = dayTotals(ctx.seed, ctx.site, day);
        return {
          date: isoDay(day),
          earnings: m.dollars(d.earningsCents),
          pageviews: d.pageviews,
          sessions: d.sessions,
          rpm: m.rpm(d.earningsCents, d.sessions),
          pageRpm: m.pageRpm(d.earningsCents, d.pageviews),
          rps: m.rps(d.earningsCents, d.sessions),
        };
      });
    case 'video/earnings':
      return daily(ctx, (day) => {
        const d = dayTotals(ctx.seed, ctx.site, day);
        return {
          date: isoDay(day),
          earnings: m.dollars(d.videoEarningsCents),
          impressions: d.videoImpressions,
          pageviews: d.pageviews,
          impressionsPerPageview: m.perPageview(d.videoImpressions, d.pageviews),
        };
      });
    case 'ad-units/performance':
      return adUnitRows(ctx);
    default:
      throw new Error(`no list builder for ${key}`);
  }
}

function daily(ctx: RangeContext, build: (day: number) => Row): Row[] {
  const rows: Row[] = [];
  for (let day = ctx.from; day <= ctx.to; day++) rows.push(build(day));
  return rows;
}

function categoryRows(ctx: RangeContext): Row[] {
  const splits = split(ctx, 'category');
  // Posts follow traffic loosely; the no-traffic category still holds a few posts.
  const posts = m.allocate(
    ctx.site.pageCount,
    splits.map((s, i) => (s.sessions > 0 ? 1 / (i + 1.2) : 0.05)),
  );
  return splits.map((s, i) => ({
    category: s.label,
    ...performanceRow(s),
    impressions: s.impressions,
    cpm: m.cpm(s.earningsCents, s.impressions),
    numPosts: posts[i],
  }));
}

function adUnitRows(ctx: RangeContext): Row[] {
  const devices = splitTotals(ctx.seed, ctx.site, 'device', rangeTotals(ctx.seed, ctx.site, ctx.from, ctx.to));
  const cells = AD_UNITS.flatMap((u) => u.devices.map((device) => ({ u, device })));
  const s = hashString(ctx.site.id);
  const rows: Row[] = [];
  // Each device's impressions and earnings are split over the units that run on it.
  for (const device of devices) {
    const mine = cells.filter((c) => c.device === device.label);
    const impressions = m.allocate(
      device.impressions,
      mine.map((c) => c.u.share),
    );
    const cents = m.allocate(
      device.earningsCents,
      mine.map((c, i) => impressions[i] * c.u.ecpm),
    );
    mine.forEach((c, i) => {
      const viewability =
        impressions[i] > 0 ? m.round(c.u.viewability * between(0.92, 1.08, ctx.seed, s, hashString(c.u.unit + c.device)), 1) : null;
      rows.push({
        adUnit: c.u.unit,
        device: c.device,
        earnings: m.dollars(cents[i]),
        impressions: impressions[i],
        ecpm: m.cpm(cents[i], impressions[i]),
        viewability,
      });
    });
  }
  const unitOrder = AD_UNITS.map((u) => u.unit);
  rows.sort((a, b) => unitOrder.indexOf(a.adUnit as string) - unitOrder.indexOf(b.adUnit as string));
  return rows;
}
