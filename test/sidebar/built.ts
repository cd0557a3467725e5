/**
 * The add-on as shipped: Code.js and Sidebar.html built from the current source into a temp dir
 * (never dist/, so parallel test files and `npm run build` do not race), once per test file.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { bundleCode } from '../../scripts/lib/bundle-code';
import { bundleSidebar } from '../../scripts/lib/bundle-sidebar';

const ROOT = path.resolve(__dirname, '../..');

export async function buildAddOn(): Promise<{ dir: string; code: string; sidebar: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sidebar-build-'));
  const [code, sidebar] = await Promise.all([
    bundleCode(path.join(ROOT, 'src/Code.ts')),
    bundleSidebar(path.join(ROOT, 'src/sidebar/client')),
  ]);
  fs.writeFileSync(path.join(dir, 'Code.js'), code.code);
  fs.writeFileSync(path.join(dir, 'Sidebar.html'), sidebar);
  return { dir, code: path.join(dir, 'Code.js'), sidebar: path.join(dir, 'Sidebar.html') };
}
