import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { ROOT } from './fixture';

export interface ClaspParse {
  args: string[];
  command: string | null;
  unknownGlobal: string[];
  unknown: string[];
  operands: string[];
  /** The options as clasp's action would read them (optsWithGlobals). */
  opts: Record<string, unknown>;
  /** The command's declared arguments: [name, required]. */
  declared: Array<[string, boolean]>;
}

/**
 * How the installed clasp 3 (node_modules/@google/clasp) parses each command line: its own commander
 * program, asked to parse the options only, in one node process (clasp is an ES module); no action
 * runs, so nothing logs in or reaches the network.
 */
export function parseWithClasp(commandLines: string[][]): ClaspParse[] {
  const program = path.join(ROOT, 'node_modules/@google/clasp/build/src/commands/program.js');
  const script = `
    import { makeProgram } from ${JSON.stringify(program)};
    const lines = JSON.parse(process.argv[1]);
    const out = lines.map((args) => {
      const p = makeProgram(() => {});
      const global = p.parseOptions(args);
      const [name, ...rest] = global.operands;
      const cmd = p.commands.find((c) => c.name() === name || c.aliases().includes(name));
      if (!cmd) return { args, command: null, unknownGlobal: global.unknown, unknown: [], operands: [], opts: {}, declared: [] };
      const parsed = cmd.parseOptions([...rest, ...global.unknown]);
      const local = parsed.unknown.filter((u) => !p.options.some((o) => o.is(u)));
      return { args, command: cmd.name(), unknownGlobal: [], unknown: local, operands: parsed.operands, opts: cmd.optsWithGlobals(),
        declared: cmd.registeredArguments.map((a) => [a.name(), a.required]) };
    });
    process.stdout.write(JSON.stringify(out));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(commandLines)], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`clasp's program did not load: ${r.stderr}`);
  return JSON.parse(r.stdout) as ClaspParse[];
}
