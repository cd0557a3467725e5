import { readFileSync } from 'node:fs';
import * as vm from 'node:vm';
import type { Mode } from './state';

export interface RunAsOptions {
  user?: string;
  mode?: Mode;
}

export interface LoadedBundle {
  /** The vm context: the script's globals (its top-level functions and vars) live here. */
  context: vm.Context;
  /** Runs a top-level function as one execution, as the current user and mode. */
  call(name: string, ...args: unknown[]): unknown;
  callAs(opts: RunAsOptions, name: string, ...args: unknown[]): unknown;
  /** The script's top-level functions, as Apps Script lists them (the emulator's globals excluded). */
  names(): string[];
  has(name: string): boolean;
}

export interface BundleHost {
  /** Global name -> current value; read through getters so the context always sees the live ones. */
  globals: () => Record<string, unknown>;
  runAs<T>(opts: RunAsOptions, fn: () => T): T;
}

/**
 * Runs a script file in a fresh vm context whose globals are the emulator's services. Like Apps
 * Script (and unlike Node) it has no setTimeout, fetch, URL, TextEncoder or require. Errors thrown
 * in the context are that realm's Errors: not `instanceof Error` in the caller's realm.
 */
export function loadBundle(file: string, host: BundleHost): LoadedBundle {
  const script = compiled(file);
  const context = plainContext(file);
  const sandbox = context as Record<string, unknown>;
  const services = Object.keys(host.globals());
  // Neither the services nor the context's own globals (V8's `gc` too, once a process exposed it) are the script's.
  const injected = new Set([...Object.getOwnPropertyNames(context), ...services]);
  for (const name of services) {
    Object.defineProperty(sandbox, name, { get: () => host.globals()[name], enumerable: false, configurable: true });
  }
  script.runInContext(context);

  const fn = (name: string): ((...args: unknown[]) => unknown) => {
    const f = injected.has(name) ? undefined : (sandbox[name] as unknown);
    if (typeof f !== 'function') throw new Error(`Script function not found: ${name}`);
    return f as (...args: unknown[]) => unknown;
  };
  const bundle: LoadedBundle = {
    context,
    call: (name, ...args) => host.runAs({}, () => fn(name)(...args)),
    callAs: (opts, name, ...args) => host.runAs(opts, () => fn(name)(...args)),
    names: () => Object.keys(sandbox).filter((k) => !injected.has(k) && typeof sandbox[k] === 'function'),
    has: (name) => !injected.has(name) && typeof sandbox[name] === 'function',
  };
  return bundle;
}

const scripts = new Map<string, { bytes: Buffer; script: vm.Script }>();

/**
 * The file compiled once while its bytes are unchanged, run in each new context: suites load the
 * same bundle into a fresh emulator per case, and decoding and compiling 300 KB each time cost
 * more than running it. Comparing the bytes is cheap; a time stamp could miss a quick rewrite.
 */
function compiled(file: string): vm.Script {
  const bytes = readFileSync(file);
  const known = scripts.get(file);
  if (known?.bytes.equals(bytes)) return known.script;
  const script = new vm.Script(bytes.toString('utf8'), { filename: file });
  scripts.set(file, { bytes, script });
  return script;
}

/**
 * A context whose global is an ordinary object (Node >= 20.18): a contextified sandbox answers
 * every global lookup (Math, String, the script's own functions) through an interceptor, which
 * made the bundle's hot loops some 20 times slower than the same code outside the vm.
 */
function plainContext(name: string): vm.Context {
  const plain = (vm.constants as unknown as { DONT_CONTEXTIFY?: unknown } | undefined)?.DONT_CONTEXTIFY;
  if (plain === undefined) return vm.createContext({}, { name });
  return vm.createContext(plain as unknown as vm.Context, { name });
}
