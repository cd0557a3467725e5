import * as fs from 'node:fs';
import * as path from 'node:path';
import { SITE_SOURCE, sitePlaceholders } from '../../scripts/lib/site-build';
import { fixtureDir } from '../build/fixture';

/** A copy of site/ with its settings replaced. */
function siteWith(settings: Record<string, string>): string {
  const dir = path.join(fixtureDir({}), `site-src-${Object.keys(settings).length}-${Object.values(settings).join('').length}`);
  fs.cpSync(SITE_SOURCE, dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'site.json'), JSON.stringify(settings));
  return dir;
}

describe('npm run site names what is still a placeholder', () => {
  test('the publisher and contact of a fresh checkout are named, with the file to edit', () => {
    const notes = sitePlaceholders(
      siteWith({
        name: 'Creator Reporting for Sheets',
        publisher: 'REPLACE_WITH_THE_PUBLISHER_NAME',
        contact: 'REPLACE_WITH_THE_SUPPORT_ADDRESS@example.com',
      }),
    );
    expect(notes).toEqual([
      'site/site.json: "publisher" is still a placeholder (REPLACE_WITH_THE_PUBLISHER_NAME); replace it before you host the pages.',
      'site/site.json: "contact" is still a placeholder (REPLACE_WITH_THE_SUPPORT_ADDRESS@example.com); replace it before you host the pages.',
    ]);
  });

  test('filled in, nothing is said', () => {
    expect(
      sitePlaceholders(siteWith({ name: 'Creator Reporting for Sheets', publisher: 'Ann Example', contact: 'help@ann.example' })),
    ).toEqual([]);
  });
});
