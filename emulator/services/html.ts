import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EmulatorState } from '../state';
import { denyInCustomFunction } from '../state';
import { strict } from '../strict';
import { newBlob } from './blob';

function enumOf(names: string[]): Record<string, string> {
  return Object.freeze(Object.fromEntries(names.map((n) => [n, n])));
}

const SandboxMode = enumOf(['EMULATED', 'IFRAME', 'NATIVE', 'NONE']);
const XFrameOptionsMode = enumOf(['ALLOWALL', 'DEFAULT']);

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** GoogleAppsScript.HTML.HtmlOutput; the Ui recorder reads getContent()/getTitle()/getWidth(). */
export function htmlOutput(initial: string): GoogleAppsScript.HTML.HtmlOutput {
  let content = initial;
  let title = '';
  let width = 300;
  let height = 400;
  let sandbox = SandboxMode.IFRAME;
  let favicon: string | null = null;
  const metaTags: Array<{ name: string; content: string }> = [];
  const self = {
    getContent: () => content,
    setContent(html: string) {
      content = String(html);
      return proxy;
    },
    append(html: string) {
      content += String(html);
      return proxy;
    },
    appendUntrusted(text: string) {
      content += escapeHtml(String(text));
      return proxy;
    },
    clear() {
      content = '';
      return proxy;
    },
    getTitle: () => title,
    setTitle(t: string) {
      title = String(t);
      return proxy;
    },
    getWidth: () => width,
    setWidth(w: number) {
      width = Number(w);
      return proxy;
    },
    getHeight: () => height,
    setHeight(h: number) {
      height = Number(h);
      return proxy;
    },
    getSandboxMode: () => sandbox,
    setSandboxMode(mode: string) {
      // Only IFRAME exists now; Google accepts and ignores the others.
      sandbox = mode;
      return proxy;
    },
    setXFrameOptionsMode(_mode: string) {
      return proxy;
    },
    addMetaTag(name: string, value: string) {
      metaTags.push({ name: String(name), content: String(value) });
      return proxy;
    },
    getMetaTags: () => metaTags.map((m) => strict('HtmlOutputMetaTag', { getName: () => m.name, getContent: () => m.content })),
    setFaviconUrl(url: string) {
      favicon = String(url);
      return proxy;
    },
    getFaviconUrl: () => favicon,
    getBlob: () => newBlob(Buffer.from(content, 'utf8'), 'text/html', null),
    getAs: (_contentType: string) => newBlob(Buffer.from(content, 'utf8'), 'text/html', null),
  };
  const proxy = strict('HtmlOutput', self) as unknown as GoogleAppsScript.HTML.HtmlOutput;
  return proxy;
}

// Scriptlets the emulator evaluates: `<?!= include('x') ?>`, and printing a template property.
const SCRIPTLET = /<\?(!=|=)?([\s\S]*?)\?>/g;
const INCLUDE = /^\s*include\(\s*(['"])([^'"]+)\1\s*\)\s*;?\s*$/;
const IDENTIFIER = /^\s*([A-Za-z_$][\w$]*)\s*;?\s*$/;

export function createHtmlService(state: EmulatorState): GoogleAppsScript.HTML.HtmlService {
  const readFile = (name: string): string => {
    const file = name.endsWith('.html') ? name : `${name}.html`;
    try {
      return readFileSync(join(state.distDir, file), 'utf8');
    } catch (_) {
      throw new Error(`No HTML file named ${name} was found.`);
    }
  };

  const include = (name: string): string => {
    // The script's own include() (usually createHtmlOutputFromFile(name).getContent()) when it has one.
    if (state.hasScriptFunction?.('include')) return String(state.callScript!('include', name));
    return readFile(name);
  };

  function template(source: string): GoogleAppsScript.HTML.HtmlTemplate {
    const t: Record<string, unknown> = {};
    t.getRawContent = () => source;
    t.evaluate = () => {
      denyInCustomFunction(state, 'HtmlService.createTemplate');
      const html = source.replace(SCRIPTLET, (whole, kind: string | undefined, code: string) => {
        const inc = INCLUDE.exec(code);
        if (inc && kind) return kind === '!=' ? include(inc[2]) : escapeHtml(include(inc[2]));
        const id = IDENTIFIER.exec(code);
        if (id && kind && Object.hasOwn(t, id[1])) {
          const value = String(t[id[1]]);
          return kind === '!=' ? value : escapeHtml(value);
        }
        throw new Error(`HtmlTemplate scriptlet is not emulated: ${whole.slice(0, 80)}`);
      });
      return htmlOutput(html);
    };
    return t as unknown as GoogleAppsScript.HTML.HtmlTemplate;
  }

  const deny =
    <A extends unknown[], R>(name: string, fn: (...args: A) => R) =>
    (...args: A): R => {
      denyInCustomFunction(state, `HtmlService.${name}`);
      return fn(...args);
    };

  const service = {
    SandboxMode,
    XFrameOptionsMode,
    createHtmlOutput: deny('createHtmlOutput', (html?: string) => htmlOutput(html === undefined ? '' : String(html))),
    createHtmlOutputFromFile: deny('createHtmlOutputFromFile', (name: string) => htmlOutput(readFile(String(name)))),
    createTemplate: deny('createTemplate', (html: string) => template(String(html))),
    createTemplateFromFile: deny('createTemplateFromFile', (name: string) => template(readFile(String(name)))),
  };
  return strict('HtmlService', service) as unknown as GoogleAppsScript.HTML.HtmlService;
}
