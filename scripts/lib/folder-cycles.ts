import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * The folders of src/ are layers (entry → formulas | sidebar | reports → run → pull → api → table →
 * sheet, with shared/ and platform/ underneath). A cycle between two folders means neither can be
 * read, tested or moved without the other, so the check fails on any.
 */

export interface FolderImport {
  from: string;
  to: string;
  /** One file that makes the edge, for the message: "src/reports/runner.ts imports ../sidebar/server". */
  example: string;
}

const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*\(?\s*['"]([^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** The top folder under `root` a path lies in; null for files at the root itself (Code.ts). */
function folderOf(root: string, file: string): string | null {
  const parts = path.relative(root, file).split(path.sep);
  return parts.length > 1 && parts[0] !== '..' ? parts[0] : null;
}

/** Every import that crosses from one top folder of `root` into another. */
export function folderImports(root: string): FolderImport[] {
  const edges = new Map<string, FolderImport>();
  for (const file of sourceFiles(root)) {
    const from = folderOf(root, file);
    if (!from) continue;
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[1] ?? match[2];
      if (!spec?.startsWith('.')) continue;
      const to = folderOf(root, path.resolve(path.dirname(file), spec));
      if (!to || to === from) continue;
      const key = `${from}>${to}`;
      if (!edges.has(key)) edges.set(key, { from, to, example: `${path.relative(path.dirname(root), file)} imports ${spec}` });
    }
  }
  return [...edges.values()];
}

/** Each cycle once, as the list of its imports (a → b → … → a); empty when the folders are layered. */
export function findCycles(edges: FolderImport[]): FolderImport[][] {
  const out = new Map<string, FolderImport[]>();
  for (const e of edges) out.set(e.from, [...(out.get(e.from) ?? []), e]);
  const cycles: FolderImport[][] = [];
  const seen = new Set<string>();
  // Folders are few (about fifteen): a depth-first search from each is plenty.
  const walk = (start: string, node: string, trail: FolderImport[], visited: Set<string>): void => {
    for (const e of out.get(node) ?? []) {
      if (e.to === start) {
        const cycle = [...trail, e];
        const key = cycle
          .map((c) => c.from)
          .sort()
          .join(',');
        if (!seen.has(key)) {
          seen.add(key);
          cycles.push(cycle);
        }
      } else if (!visited.has(e.to) && e.to > start) {
        // Only walk through folders sorting after the start, so each cycle is found from its first folder.
        visited.add(e.to);
        walk(start, e.to, [...trail, e], visited);
        visited.delete(e.to);
      }
    }
  };
  for (const folder of [...out.keys()].sort()) walk(folder, folder, [], new Set([folder]));
  return cycles;
}

export function describeCycle(cycle: FolderImport[]): string {
  return [`${cycle.map((e) => e.from).join(' → ')} → ${cycle[0].from}`, ...cycle.map((e) => `  ${e.example}`)].join('\n');
}

/**
 * `npm run check:layers` on `root`, printing through `out`: the exit status. The CLI
 * (scripts/check-layers.ts) hands it the console; tests call it in process.
 */
export function checkLayers(root: string, out: { log(line: string): void; error(line: string): void }): number {
  const cycles = findCycles(folderImports(root));
  if (cycles.length) {
    out.error(`Folders of ${path.basename(root)}/ import each other (${cycles.length} cycle${cycles.length === 1 ? '' : 's'}):`);
    for (const cycle of cycles) out.error(describeCycle(cycle));
    out.error('Move what both sides need into the lower folder (shared/ for types and errors), so imports point one way.');
    return 1;
  }
  out.log(`No cycles between the folders of ${path.basename(root)}/.`);
  return 0;
}
