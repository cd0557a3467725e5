import { withCountedRunReport } from '../../bench/instruction-count';
import { byKind, kindOf, parsePerfMap, selfInstructions } from '../../bench/instruction-profile';

// A callgrind profile as `--dump-instr=yes` writes it: names defined once and then used by number,
// addresses absolute, relative (+n, -n) or repeated (*), and a call's inclusive cost after `calls=`.
const PROFILE = [
  'version: 1',
  'positions: instr line',
  'events: Ir',
  'ob=(1) /usr/bin/node',
  'fn=(1) v8::internal::JsonParser::ScanJsonString',
  '0x1000 0 40',
  '+4 * 2',
  'cfn=(2) Builtins_CallFunction',
  'calls=3 0x2000',
  '+2 * 900',
  '+1 * 3',
  'fn=(3) 0x00007f0000000010',
  '0x7f0000000010 0 100',
  '+16 * 7',
  '0x7f00000000a0 0 9',
  '0x7f0000000100 0 50',
  'fn=(1)',
  '0x1000 0 5',
  'fn=(2)',
  '-8 0 11',
  'totals: 9999',
].join('\n');

const MAP = ['7f0000000000 80 JS:*scanRows :8091:20', '7f00000000c0 100 JS:*foundIn :3474:14', 'not a line'].join('\n');

describe('instruction profile: self instructions per function, JIT code named through the perf map', () => {
  it('reads a perf map, sorted by start', () => {
    const ranges = parsePerfMap(['20 10 B', '10 8 A'].join('\n'));
    expect(ranges.map((r) => [r.start, r.size, r.name])).toEqual([
      [16, 8, 'A'],
      [32, 16, 'B'],
    ]);
  });

  it("counts each function's own instructions and leaves out the inclusive cost of its calls", () => {
    const self = selfInstructions(PROFILE, parsePerfMap(MAP));
    expect(self.get('C v8::internal::JsonParser::ScanJsonString')).toBe(40 + 2 + 3 + 5);
    expect(self.get('JS:*scanRows :8091:20')).toBe(100 + 7);
    expect(self.get('JS:*foundIn :3474:14')).toBe(50);
    // Between two ranges of JIT code: the function callgrind names.
    expect(self.get('C 0x00007f0000000010')).toBe(9);
    // Relative to the last address of the profile, in a function named earlier by a cfn= line.
    expect(self.get('C Builtins_CallFunction')).toBe(11);
    expect([...self.values()].reduce((a, b) => a + b, 0)).toBe(50 + 107 + 9 + 50 + 11);
  });

  it('names code outside every perf-map range by its callgrind function', () => {
    const self = selfInstructions(PROFILE, []);
    expect(self.get('C 0x00007f0000000010')).toBe(166);
  });

  it('sums functions by kind, so two builds whose line numbers differ can be compared', () => {
    expect(kindOf('JS:*scanRows :8091:20')).toBe('add-on JavaScript');
    expect(kindOf('JS:*pageRow fake-api.js:838:19')).toBe('fake API');
    expect(kindOf('C v8::internal::compiler::GraphReducer::ReduceTop()')).toBe('JIT compiler');
    expect(kindOf('C v8::internal::JsonParser<unsigned short>::ScanJsonString(bool)')).toBe('JSON.parse');
    expect(kindOf('C v8::internal::JsonStringifier::SerializeString(x)')).toBe('JSON.stringify');
    expect(kindOf('C heap::base::SlotCallbackResult v8::internal::Scavenger::ScavengeObject(x)')).toBe('collector');
    expect(kindOf('Builtin:StrictEqual')).toBe('builtins');
    expect(kindOf('C __memcpy_avx_unaligned_erms')).toBe('other C++');
    const sums = byKind(
      new Map([
        ['JS:*scanRows :8091:20', 70],
        ['JS:*scanRows :8095:20', 30],
        ['Builtin:StrictEqual', 5],
      ]),
    );
    expect(sums.get('add-on JavaScript')).toBe(100);
    expect(sums.get('builtins')).toBe(5);
    expect(sums.get('JSON.parse')).toBe(0);
  });
});

describe('instruction count: the counted window', () => {
  it("switches counting on and off around runReport's call, and back off when it throws", () => {
    const code =
      'var CreatorReporting = {};\nfunction runReport(request) { return CreatorReporting.runReport(request); }\nreturn runReport;';
    const calls: boolean[] = [];
    const g = globalThis as { __count?: (on: boolean) => void };
    g.__count = (on) => calls.push(on);
    try {
      // eslint-disable-next-line @typescript-eslint/no-implied-eval
      const runReport = new Function(withCountedRunReport(code))() as (r: unknown) => unknown;
      expect(() => runReport({})).toThrow(TypeError);
      expect(calls).toEqual([true, false]);
    } finally {
      delete g.__count;
    }
  });

  it('refuses a bundle without the runReport entry', () => {
    expect(() => withCountedRunReport('function other() {}')).toThrow(/no runReport entry/);
  });
});
