import * as fs from 'node:fs';
import * as path from 'node:path';
import { SCOPES, scopeUrl } from '../../src/platform/scopes';
import { BuildError } from './errors';

export const SITE_SOURCE = path.resolve(__dirname, '../../site');
export const SITE_OUT = path.resolve(__dirname, '../../build/site');
const DIST = path.resolve(__dirname, '../../dist');

/** The pages, in the order of the site's menu. */
export const PAGES = ['index.html', 'privacy.html', 'terms.html', 'support.html'];
const ASSETS = ['style.css', 'icon.svg'];

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The privacy policy's list of permissions, from the same table as the manifest. */
export function scopeList(): string {
  const items = SCOPES.filter((r) => r.status === 'requested').map(
    (r) =>
      `  <li><strong>${escapeHtml(r.permission)}</strong> (<code>${escapeHtml(scopeUrl(r))}</code>): ${escapeHtml(r.justification)}</li>`,
  );
  return `<ul class="scopes">\n${items.join('\n')}\n</ul>`;
}

function fill(template: string, values: Record<string, string>, where: string): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    if (!(key in values)) throw new BuildError(`${where}: unknown placeholder {{${key}}}.`);
    return values[key];
  });
}

/**
 * The settings of site/site.json that still hold the checkout's placeholder: the pages build
 * anyway (a draft is useful), but hosted as they are they would name "REPLACE_WITH_..." as the
 * publisher, so `npm run site` says which to fill in.
 */
export function sitePlaceholders(source: string = SITE_SOURCE): string[] {
  const settings = JSON.parse(fs.readFileSync(path.join(source, 'site.json'), 'utf8')) as Record<string, string>;
  return Object.entries(settings)
    .filter(([, v]) => /^REPLACE_WITH_/.test(v))
    .map(([k, v]) => `site/site.json: "${k}" is still a placeholder (${v}); replace it before you host the pages.`);
}

/**
 * The homepage, privacy policy, terms and support page as plain HTML in `out` (build/site/ by
 * default): site/layout.html around each page of site/, with site/site.json's names and the scope
 * list filled in. Never into dist/, which clasp pushes to Apps Script.
 */
export function buildSite(out: string = SITE_OUT, source: string = SITE_SOURCE): string[] {
  const resolved = path.resolve(out);
  if (resolved === DIST || resolved.startsWith(`${DIST}${path.sep}`))
    throw new BuildError(`the site never goes into dist/ (clasp pushes it): ${out}`);
  const settings = JSON.parse(fs.readFileSync(path.join(source, 'site.json'), 'utf8')) as Record<string, string>;
  const layout = fs.readFileSync(path.join(source, 'layout.html'), 'utf8');
  const common = Object.fromEntries(Object.entries(settings).map(([k, v]) => [k, escapeHtml(v)]));
  fs.mkdirSync(resolved, { recursive: true });
  for (const page of PAGES) {
    const text = fs.readFileSync(path.join(source, page), 'utf8');
    const title = /<!-- title: (.+?) -->/.exec(text)?.[1];
    if (!title) throw new BuildError(`site/${page} needs a first line <!-- title: ... -->.`);
    const body = fill(text.replace(/<!-- title: .+? -->\n?/, ''), { ...common, scopes: scopeList() }, `site/${page}`);
    fs.writeFileSync(path.join(resolved, page), fill(layout, { ...common, title: escapeHtml(title), body }, 'site/layout.html'));
  }
  for (const asset of ASSETS) fs.copyFileSync(path.join(source, asset), path.join(resolved, asset));
  return [...PAGES, ...ASSETS];
}
