import { createEmulator, inProcessTransport, type Emulator, type PlatformVariants } from '../../../emulator';
import { createFakeApi, type Drift, type FakeApi } from '../../../fake-api';
import type { Credential } from '../../../src/api/credential';
import { startExecution, type Execution, type ExecutionKind } from '../../../src/platform/execution';

/** The real platform adapter over the emulator, talking to the fake API in process. */
export interface Emulated {
  emu: Emulator;
  api: FakeApi;
  credential: Credential;
  execution(kind?: ExecutionKind): Execution;
}

export function emulated(opts: { latencyMs?: number; variants?: Partial<PlatformVariants>; drift?: Partial<Drift> } = {}): Emulated {
  let emu: Emulator | undefined;
  const api = createFakeApi({ now: () => emu!.clock.now(), drift: opts.drift });
  emu = createEmulator({ transport: inProcessTransport(api.handle), latencyMs: opts.latencyMs, variants: opts.variants });
  const { clientId, clientSecret } = api.credentials.demo;
  const credential: Credential = {
    clientId,
    clientSecret,
    apiBaseUrl: 'http://127.0.0.1:8787/creator-api/v1',
    tokenUrl: 'http://127.0.0.1:8787/oauth/token',
  };
  return { emu, api, credential, execution: (kind = 'sidebar') => startExecution(emu!.platform(), kind) };
}
