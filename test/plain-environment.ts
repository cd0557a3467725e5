/**
 * Jest's node environment with the test's global an ordinary object (vm.constants.DONT_CONTEXTIFY)
 * instead of a contextified proxy, whose interceptor answers every global lookup (Math, Array,
 * Date...) in the tests and in the code they load: it made the emulator's hot loops several times
 * slower under jest than outside. What jest installs on its global is moved onto the plain one.
 */
import * as vm from 'node:vm';
import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';
import { LegacyFakeTimers, ModernFakeTimers } from '@jest/fake-timers';
import { ModuleMocker } from 'jest-mock';
import NodeEnvironment from 'jest-environment-node';
import { installCompileCache } from './compile-cache';

installCompileCache();

const PLAIN = (vm.constants as unknown as { DONT_CONTEXTIFY?: unknown }).DONT_CONTEXTIFY;
const BUILTINS = new Set(Object.getOwnPropertyNames(vm.runInNewContext('this')));

export default class PlainNodeEnvironment extends NodeEnvironment {
  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    if (PLAIN === undefined) return;
    const old = this.global as unknown as Record<string, unknown>;
    const plain = vm.createContext(PLAIN as vm.Context) as Record<string, unknown>;
    const outer = globalThis as unknown as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(old)) {
      const descriptor = Object.getOwnPropertyDescriptor(old, name)!;
      // The old context's own builtins give way to the plain context's; what jest put there moves.
      if (BUILTINS.has(name) && 'value' in descriptor && descriptor.value !== outer[name]) continue;
      Object.defineProperty(plain, name, descriptor);
    }
    (plain.Error as ErrorConstructor).stackTraceLimit = (old.Error as ErrorConstructor).stackTraceLimit;
    plain.global = plain;
    this.context = plain as vm.Context;
    this.global = plain as unknown as NodeEnvironment['global'];
    const global = plain as unknown as typeof globalThis;
    this.moduleMocker = new ModuleMocker(global);
    this.fakeTimers = new LegacyFakeTimers({
      config: config.projectConfig,
      global,
      moduleMocker: this.moduleMocker,
      // As jest-environment-node's: Node's timers are objects.
      timerConfig: {
        idToRef: (id: number) => ({ id, ref: () => undefined, unref: () => undefined }),
        refToId: (ref: { id: number }) => ref?.id,
      },
    });
    this.fakeTimersModern = new ModernFakeTimers({ config: config.projectConfig, global });
  }
}
