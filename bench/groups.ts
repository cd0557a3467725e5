/**
 * The scenarios in groups that share a world (formulasCold and formulasWarm are one sheet
 * evaluated twice). Each group gets a fresh world, so nothing cached carries over between them.
 */
import type { LatencyModel } from './model';
import type { Scenarios } from './results';
import { BIG_PULL, runBigPull, type BigPullOptions } from './scenarios/big-pull';
import { runFormulas } from './scenarios/formulas';
import { PULL_SIZES, runPullSizes, type PullSizesOptions } from './scenarios/pull-sizes';
import { runSavedReports, savedReportsSizes, type SavedReportsOptions } from './scenarios/saved-reports';
import { runScheduled } from './scenarios/scheduled';
import { failed } from './scenarios/types';
import { createBenchWorld, messageOf } from './world';

export type GroupName = 'formulas' | 'bigPull' | 'pullSizes' | 'savedReports' | 'scheduledRefresh';
export const GROUPS: GroupName[] = ['formulas', 'bigPull', 'pullSizes', 'savedReports', 'scheduledRefresh'];

export interface Sizes {
  formulas: { sites: number; perSite: number };
  bigPull: BigPullOptions;
  pullSizes: PullSizesOptions;
  savedReports: SavedReportsOptions;
  scheduledRefresh: { reports: number };
}

export const FULL: Sizes = {
  formulas: { sites: 10, perSite: 10 },
  bigPull: BIG_PULL,
  pullSizes: PULL_SIZES,
  savedReports: savedReportsSizes(PULL_SIZES),
  scheduledRefresh: { reports: 20 },
};

const QUICK_PULLS: PullSizesOptions = {
  ...PULL_SIZES,
  siteId: 'site-1',
  hugeSiteId: undefined,
  siteRows: 1_203,
  rows: [600, 1_203],
  movedRows: [1_203],
  collectAtSamples: false,
};

/** Seconds, for the smoke test: the same code paths on a small site. */
export const QUICK: Sizes = {
  formulas: { sites: 2, perSite: 3 },
  bigPull: { ...BIG_PULL, siteId: 'site-1' },
  pullSizes: QUICK_PULLS,
  // A ledger of ten days of 100 pages; the whole small site at every cost ×3 (one execution).
  savedReports: {
    ...savedReportsSizes(QUICK_PULLS),
    ledgerRows: [1_000],
    perDay: 100,
    resumedRows: [1_203],
    costScales: [3],
    cited: { scales: [], rows: [] },
  },
  scheduledRefresh: { reports: 2 },
};

export function runGroup(group: GroupName, bundleFile: string, model: LatencyModel, sizes: Sizes): Partial<Scenarios> {
  const world = createBenchWorld(bundleFile, model);
  try {
    if (group === 'formulas') {
      const { cold, warm } = runFormulas(world, sizes.formulas);
      return { formulasCold: cold, formulasWarm: warm };
    }
    if (group === 'bigPull') return { bigPull: runBigPull(world, sizes.bigPull) };
    if (group === 'pullSizes') return { pullSizes: runPullSizes(bundleFile, model, sizes.pullSizes) };
    if (group === 'savedReports') return { savedReports: runSavedReports(bundleFile, model, sizes.savedReports) };
    return { scheduledRefresh: runScheduled(world, sizes.scheduledRefresh) };
  } catch (error) {
    // A harness or emulator error: the group's scenarios say so instead of taking the others down.
    return groupFailed(group, `the scenario crashed: ${messageOf(error)}`);
  }
}

/** Every scenario of the group failed for the same reason (a crash, or its process dying). */
export function groupFailed(group: GroupName, why: string): Partial<Scenarios> {
  const r = failed(why);
  if (group === 'formulas') return { formulasCold: r, formulasWarm: r };
  if (group === 'pullSizes') return { pullSizes: r };
  if (group === 'savedReports') return { savedReports: r };
  return group === 'bigPull' ? { bigPull: r } : { scheduledRefresh: r };
}
