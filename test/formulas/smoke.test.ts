import { createHarness, OWNER } from './harness';
it('smoke', () => {
  const h = createHarness();
  h.saveCredential(OWNER, 'demo', true);
  const g = h.formula('CREATOR_EARNINGS', 'site-1', '2026-10-01', '2026-10-03');
  console.log(JSON.stringify(g));
  console.log(JSON.stringify(h.formula('CREATOR_PAGE_PERFORMANCE', 'site-1', 'lastMonth', '', 3, '-rpm')));
  console.log(JSON.stringify(h.formula('CREATOR_DATE_BOUNDS', 'site-1')));
  console.log(JSON.stringify(h.formula('CREATOR_SITES')));
  console.log(JSON.stringify(h.formula('CREATOR_TRAFFIC_SUMMARY', [['site-1'],['site-2']], 'lastMonth')));
  console.log(JSON.stringify(h.api.stats.byPath), h.api.stats.tokenMints, JSON.stringify(h.emu.counters));
});
