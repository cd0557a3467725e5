import type { EntryFunction } from './entry-exports';
import { BuildError } from './errors';

/** Names documented with `@param` in a JSDoc block (`{type}` and `[optional]` forms included). */
export function jsDocParamNames(jsDoc: string): string[] {
  const names: string[] = [];
  const re = /@param\s+(?:\{[^}]*\}\s*)?\[?([A-Za-z_$][\w$]*)/g;
  for (let m = re.exec(jsDoc); m; m = re.exec(jsDoc)) names.push(m[1]);
  return names;
}

export const isCustomFunction = (fn: EntryFunction): boolean => !!fn.jsDoc && /@customfunction\b/.test(fn.jsDoc);

/** Sheets' autocomplete describes each parameter from its `@param`; a missing one shows blank help. */
function checkCustomFunctionDoc(fn: EntryFunction): void {
  const documented = new Set(jsDocParamNames(fn.jsDoc ?? ''));
  for (const p of fn.params) {
    const bare = p.replace(/^\.\.\./, '');
    if (!documented.has(bare)) {
      throw new BuildError(`Export "${fn.name}" is a @customfunction but has no @param for "${bare}".`);
    }
  }
}

/**
 * One real top-level function per export, under its original JSDoc: Apps Script lists, runs and
 * autocompletes only top-level function declarations, and esbuild drops the comments.
 */
export function renderWrappers(fns: EntryFunction[], globalName: string): string {
  return fns
    .map((fn) => {
      if (isCustomFunction(fn)) checkCustomFunctionDoc(fn);
      const params = fn.params.join(', ');
      const fnLine = `function ${fn.name}(${params}) { return ${globalName}.${fn.name}(${params}); }`;
      return fn.jsDoc ? `${fn.jsDoc}\n${fnLine}` : fnLine;
    })
    .join('\n\n');
}
