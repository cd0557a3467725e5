/**
 * Reading a callgrind profile of the add-on's pulls (instruction-count.ts): instructions per
 * function, JIT-compiled JavaScript named through V8's perf map (node --perf-basic-prof), whose
 * code valgrind cannot name itself.
 */

/** A range of JIT code from /tmp/perf-PID.map: start, size, name. */
export interface CodeRange {
  start: number;
  size: number;
  name: string;
}

/** The lines "START SIZE NAME" (hex) of a perf map, sorted by start. */
export function parsePerfMap(text: string): CodeRange[] {
  const ranges: CodeRange[] = [];
  for (const line of text.split('\n')) {
    const m = /^([0-9a-f]+) ([0-9a-f]+) (.+)$/i.exec(line.trim());
    if (m) ranges.push({ start: Number.parseInt(m[1], 16), size: Number.parseInt(m[2], 16), name: m[3] });
  }
  return ranges.sort((a, b) => a.start - b.start);
}

/** The JIT code range holding `address`, by binary search; null outside all of them. */
function rangeAt(ranges: readonly CodeRange[], address: number): CodeRange | null {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (ranges[mid].start <= address) lo = mid + 1;
    else hi = mid - 1;
  }
  const r = ranges[hi];
  return r && address < r.start + r.size ? r : null;
}

/** A name defined in a callgrind line such as `fn=(12) name` or `cfn=(12)`, by its number. */
function nameOf(names: Map<string, string>, spec: string): string {
  const m = /^\((\d+)\)(?: (.*))?$/.exec(spec.trim());
  if (!m) return spec.trim();
  if (m[2]) names.set(m[1], m[2]);
  return names.get(m[1]) ?? `(${m[1]})`;
}

/** The address a cost line names: absolute (0x...), relative to the last (+n, -n) or the same (*). */
function nextAddress(token: string, last: number): number {
  if (token.startsWith('0x')) return Number.parseInt(token, 16);
  if (token.startsWith('+')) return last + Number.parseInt(token.slice(1), 10);
  if (token.startsWith('-')) return last - Number.parseInt(token.slice(1), 10);
  return last;
}

/**
 * Self instructions per function from a callgrind profile written with `--dump-instr=yes` (cost
 * lines "ADDRESS LINE Ir"). Code in a perf-map range is named by it ("JS:*scanRows ..."); other
 * code by callgrind's function name, prefixed "C ". The cost line after `calls=` is the callee's
 * inclusive cost, not the caller's own, and is left out.
 */
export function selfInstructions(profile: string, ranges: readonly CodeRange[]): Map<string, number> {
  const names = new Map<string, string>();
  const self = new Map<string, number>();
  let fn = '?';
  let address = 0;
  let inclusive = false;
  for (const line of profile.split('\n')) {
    if (line.startsWith('fn=')) fn = nameOf(names, line.slice(3));
    else if (line.startsWith('cfn=')) nameOf(names, line.slice(4));
    else if (line.startsWith('calls=')) inclusive = true;
    else if (/^(0x|[+\-*])/.test(line)) {
      const [at, , ir] = line.split(/\s+/);
      address = nextAddress(at, address);
      if (inclusive) inclusive = false;
      else if (ir !== undefined) {
        const name = rangeAt(ranges, address)?.name ?? `C ${fn}`;
        self.set(name, (self.get(name) ?? 0) + Number(ir));
      }
    }
  }
  return self;
}

/**
 * What a profile's functions (selfInstructions' names) are, in the kinds an A/B across two builds
 * can still compare: a build's JavaScript names carry their bundle line, which moves when any
 * code before them changes, so per function the same code may show under two names.
 */
export const KINDS = [
  'add-on JavaScript',
  'fake API',
  'JIT compiler',
  'JSON.parse',
  'JSON.stringify',
  'collector',
  'builtins',
  'other C++',
] as const;
export type Kind = (typeof KINDS)[number];

export function kindOf(name: string): Kind {
  if (name.startsWith('JS:')) return name.includes('fake-api.js') ? 'fake API' : 'add-on JavaScript';
  if (name.startsWith('Builtin:') || name.startsWith('BytecodeHandler:')) return 'builtins';
  if (/v8::internal::(compiler|maglev|baseline)::|v8::internal::Compiler::|OptimizedCompilationJob|Turbofan/.test(name))
    return 'JIT compiler';
  if (/JsonParser/.test(name)) return 'JSON.parse';
  if (/JsonStringifier/.test(name)) return 'JSON.stringify';
  if (/Scavenger|MarkCompact|Sweeper|heap::base::|ConcurrentMarking|v8::internal::Heap::|MarkingVisitor|Evacuat/.test(name))
    return 'collector';
  return 'other C++';
}

/** Self instructions summed by kind (kindOf), every kind present. */
export function byKind(self: ReadonlyMap<string, number>): Map<Kind, number> {
  const sums = new Map<Kind, number>(KINDS.map((k) => [k, 0]));
  for (const [name, n] of self) {
    const kind = kindOf(name);
    sums.set(kind, (sums.get(kind) ?? 0) + n);
  }
  return sums;
}
