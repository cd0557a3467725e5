import type { ResponseEdit } from '../sidebar/world';
import { emulatedSidebarForFile, saveDemoCredential } from './sidebar-harness';

/**
 * The token endpoint answers 503 however often it is asked, its body echoing what it was sent:
 * the save goes through with a warning that the credential could not be checked.
 */
const tokenDown: ResponseEdit = (req, res) =>
  /\/oauth\/token/.test(req.url) ? { ...res, status: 503, body: JSON.stringify({ code: 'demo-secret', message: 'demo-secret' }) } : res;

const sidebar = emulatedSidebarForFile({ edit: tokenDown });

describe('saving settings while the token URL cannot be reached', () => {
  it('says it saved but could not check the credential, never that it works, and shows no secret', async () => {
    const { page } = sidebar();
    const status = await saveDemoCredential(page);
    const text = await status.textContent();
    expect(text).toMatch(/^Saved, but the credential could not be checked: the token URL .* could not be reached \(status 503\)/);
    expect(text).not.toContain('The credential works');
    expect(await status.getAttribute('class')).not.toContain('success');
    expect(await page.locator('[data-test=settings-state]').textContent()).toMatch(/Connected with client ID demo-client/);
    expect(await page.locator('body').innerText()).not.toContain('demo-secret');
  });
});
