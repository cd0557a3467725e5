import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';

/**
 * A function that holds a whole screen or a whole client cannot be read in one go nor changed without
 * reading all of it, so no function in src/ may span more than MAX_FUNCTION_LINES lines. A function's
 * span runs from its first line to its last, nested functions included: a short body that only
 * declares long inner helpers is still one long function to its reader.
 */
export const MAX_FUNCTION_LINES = 100;

export interface LongFunction {
  /** Path relative to the checked root's parent, e.g. "src/api/client.ts". */
  file: string;
  name: string;
  line: number;
  lines: number;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** The name a reader would search for: the declared name, or the variable/property it is assigned to. */
function nameOf(node: ts.FunctionLikeDeclaration): string {
  if (node.name && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name) || ts.isPrivateIdentifier(node.name))) {
    return node.name.text;
  }
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))) {
    if (ts.isIdentifier(parent.name)) return parent.name.text;
  }
  return '(anonymous)';
}

/** Every function, method, accessor and arrow in one file's text that spans more than `max` lines. */
export function longFunctionsIn(fileName: string, text: string, max = MAX_FUNCTION_LINES): LongFunction[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2020, true);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const fn = node as ts.FunctionLikeDeclaration;
      const first = source.getLineAndCharacterOfPosition(fn.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(fn.getEnd()).line;
      const lines = last - first + 1;
      if (lines > max) found.push({ file: fileName, name: nameOf(fn), line: first + 1, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every over-long function under `root` (a folder), file paths relative to root's parent. */
export function longFunctions(root: string, max = MAX_FUNCTION_LINES): LongFunction[] {
  const base = path.dirname(root);
  return sourceFiles(root).flatMap((file) =>
    longFunctionsIn(path.relative(base, file).split(path.sep).join('/'), fs.readFileSync(file, 'utf8'), max),
  );
}

export function checkFunctionLength(root: string, out: { log(line: string): void; error(line: string): void }): number {
  const long = longFunctions(root);
  if (long.length) {
    out.error(`${long.length} function${long.length === 1 ? '' : 's'} in ${path.basename(root)}/ over ${MAX_FUNCTION_LINES} lines:`);
    for (const f of long) out.error(`  ${f.file}:${f.line} ${f.name} (${f.lines} lines)`);
    out.error('Split each into named functions, in files of their own where they hold a part of a screen or client.');
    return 1;
  }
  out.log(`No function in ${path.basename(root)}/ over ${MAX_FUNCTION_LINES} lines.`);
  return 0;
}
