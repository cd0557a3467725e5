import * as fs from 'node:fs';
import * as ts from 'typescript';
import { BuildError } from './errors';

/** One exported function of the entry, as Apps Script must see it. */
export interface EntryFunction {
  name: string;
  /** Parameter names in order; a rest parameter keeps its `...`. */
  params: string[];
  /** The JSDoc block directly above the declaration, verbatim, or null. */
  jsDoc: string | null;
}

const hasModifier = (node: ts.Node, kind: ts.SyntaxKind): boolean =>
  ts.canHaveModifiers(node) ? (ts.getModifiers(node) ?? []).some((m) => m.kind === kind) : false;

/** Type-only exports vanish at runtime, so they cannot confuse Apps Script. */
function isTypeOnly(node: ts.Statement): boolean {
  if (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) return true;
  if (ts.isExportDeclaration(node)) return node.isTypeOnly;
  return false;
}

function describe(node: ts.Statement, sf: ts.SourceFile): string {
  const text = node.getText(sf).split('\n')[0];
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** The last `/** ... *\/` comment before the declaration (the one Sheets reads), verbatim. */
function leadingJsDoc(node: ts.Node, text: string): string | null {
  const ranges = ts.getLeadingCommentRanges(text, node.getFullStart()) ?? [];
  const last = ranges[ranges.length - 1];
  if (!last) return null;
  const comment = text.slice(last.pos, last.end);
  return comment.startsWith('/**') ? comment : null;
}

function paramNames(fn: ts.FunctionDeclaration, name: string): string[] {
  return fn.parameters.map((p, i) => {
    if (!ts.isIdentifier(p.name)) {
      // Sheets shows parameter names in autocomplete; a destructured parameter has none.
      throw new BuildError(`Export "${name}": parameter ${i + 1} is destructured; use a named parameter.`);
    }
    return (p.dotDotDotToken ? '...' : '') + p.name.text;
  });
}

/**
 * Reads the entry's exported functions. Anything else exported fails the build: the wrappers are
 * generated from function declarations only, so another kind of export would silently not reach
 * Apps Script.
 */
export function readEntryExports(entryFile: string, globalName: string): EntryFunction[] {
  const text = fs.readFileSync(entryFile, 'utf8');
  const sf = ts.createSourceFile(entryFile, text, ts.ScriptTarget.ES2020, true, ts.ScriptKind.TS);
  const out: EntryFunction[] = [];
  const seen = new Set<string>();

  for (const node of sf.statements) {
    const exported = hasModifier(node, ts.SyntaxKind.ExportKeyword);
    const isExportSyntax = ts.isExportDeclaration(node) || ts.isExportAssignment(node);
    if (!exported && !isExportSyntax) continue;
    if (isTypeOnly(node)) continue;

    if (!ts.isFunctionDeclaration(node) || !exported) {
      throw new BuildError(`${entryFile}: only "export function NAME(...)" may be exported; found: ${describe(node, sf)}`);
    }
    const name = node.name?.text;
    if (!name || hasModifier(node, ts.SyntaxKind.DefaultKeyword)) {
      throw new BuildError(`${entryFile}: default exports are not allowed; found: ${describe(node, sf)}`);
    }
    if (name.endsWith('_')) {
      throw new BuildError(`Export "${name}": Apps Script hides functions whose names end in "_"; rename it.`);
    }
    if (name === globalName) {
      throw new BuildError(`Export "${name}" collides with the bundle's global name.`);
    }
    if (hasModifier(node, ts.SyntaxKind.DeclareKeyword)) {
      throw new BuildError(`Export "${name}": a declared function has no body to call.`);
    }
    // Overload signatures have no body; the implementation that follows is the one to wrap.
    if (!node.body || seen.has(name)) continue;
    seen.add(name);
    out.push({ name, params: paramNames(node, name), jsDoc: leadingJsDoc(node, text) });
  }
  return out;
}
