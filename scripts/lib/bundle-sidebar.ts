import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BuildError } from './errors';

/** Replaces the one occurrence of `marker`; split/join so `$&` in the bundle stays literal. */
function replaceOnce(html: string, marker: string, content: string, file: string): string {
  const parts = html.split(marker);
  if (parts.length !== 2) {
    throw new BuildError(`${file} must contain ${marker} exactly once (found ${parts.length - 1}).`);
  }
  return parts.join(content);
}

/**
 * `</script` would end the inline script early; `<\/script` means the same inside JS strings,
 * regexes and template literals.
 */
export const escapeInlineScript = (js: string): string => js.replace(/<\/(script)/gi, '<\\/$1');

/** dist/Sidebar.html: one self-contained file, since HtmlService serves it as is. */
export async function bundleSidebar(clientDir: string): Promise<string> {
  const htmlFile = path.join(clientDir, 'Sidebar.html');
  const css = fs.readFileSync(path.join(clientDir, 'sidebar.css'), 'utf8');
  if (/<\/style/i.test(css)) throw new BuildError(`${clientDir}/sidebar.css contains "</style".`);

  const result = await esbuild.build({
    entryPoints: [path.join(clientDir, 'main.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    minify: false,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const js = escapeInlineScript(result.outputFiles[0].text);

  let html = fs.readFileSync(htmlFile, 'utf8');
  html = replaceOnce(html, '/* STYLES */', css, htmlFile);
  html = replaceOnce(html, '/* SCRIPT */', js, htmlFile);
  return html;
}
