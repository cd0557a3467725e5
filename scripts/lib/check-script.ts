import * as vm from 'node:vm';
import * as ts from 'typescript';
import { BuildError } from './errors';

/** Module syntax that Apps Script's classic-script runtime rejects or cannot resolve. */
function findModuleSyntax(sf: ts.SourceFile): string | null {
  let found: string | null = null;
  const visit = (node: ts.Node): void => {
    if (found) return;
    const line = () => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
    if (ts.isImportDeclaration(node) || ts.isImportEqualsDeclaration(node)) found = `import at line ${line()}`;
    else if (ts.isExportDeclaration(node) || ts.isExportAssignment(node)) found = `export at line ${line()}`;
    else if (ts.canHaveModifiers(node) && ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) {
      found = `export at line ${line()}`;
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (ts.isIdentifier(callee) && callee.text === 'require') found = `require( at line ${line()}`;
      if (callee.kind === ts.SyntaxKind.ImportKeyword) found = `import( at line ${line()}`;
    } else if (ts.isMetaProperty(node) && node.keywordToken === ts.SyntaxKind.ImportKeyword) {
      found = `import.meta at line ${line()}`;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** Fails unless `code` is a classic script with no import/export/require anywhere in its syntax. */
export function checkClassicScript(code: string, label: string): void {
  const sf = ts.createSourceFile(label, code, ts.ScriptTarget.ES2020, true, ts.ScriptKind.JS);
  const bad = findModuleSyntax(sf);
  if (bad) throw new BuildError(`${label}: ${bad}; Apps Script runs classic scripts only.`);
  try {
    new vm.Script(code, { filename: label });
  } catch (err) {
    throw new BuildError(`${label} does not parse as a classic script: ${(err as Error).message}`);
  }
}
