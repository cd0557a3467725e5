import type { ResponseEdit } from '../sidebar/world';
import { emulatedSidebarForFile, saveDemoCredential } from './sidebar-harness';

/** The site list answers 503 however often it is asked; the token endpoint still works. */
const sitesDown: ResponseEdit = (req, res) => (/\/sites(\?|$)/.test(req.url) ? { ...res, status: 503, body: '{}' } : res);

const sidebar = emulatedSidebarForFile({ edit: sitesDown });

describe('saving settings while the site list cannot be read', () => {
  it('says it saved but could not check, never that the credential works', async () => {
    const { page } = sidebar();
    const status = await saveDemoCredential(page);
    const text = await status.textContent();
    expect(text).toMatch(/^Saved, but the Creator API could not be reached to check it/);
    expect(text).not.toContain('The credential works');
    expect(await status.getAttribute('class')).not.toContain('success');
    expect(await page.locator('[data-test=settings-state]').textContent()).toMatch(/Connected with client ID demo-client/);
  });
});
