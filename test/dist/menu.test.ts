import { createEmulator, inProcessTransport } from '../../emulator';
import { createFakeApi } from '../../fake-api';
import { MENU_ITEMS } from '../../src/app/menu';
import { ensureDist } from '../build/fixture';

beforeAll(ensureDist);

function setup() {
  const api = createFakeApi();
  const emu = createEmulator({ transport: inProcessTransport((req) => api.handle(req)) });
  return { emu, bundle: emu.loadBundle() };
}

describe('the built bundle in the emulator', () => {
  test('onOpen in AuthMode.NONE builds the add-on menu from src/app/menu.ts, touching nothing else', () => {
    const { emu, bundle } = setup();
    bundle.call('onOpen', { authMode: 'NONE' });
    expect(emu.ui.menus).toHaveLength(1);
    expect(emu.ui.menu('Add-on')?.items).toEqual(MENU_ITEMS);
    // AuthMode.NONE allows no properties and no fetch.
    expect(emu.counters.requests).toBe(0);
    expect(emu.counters.propertyReads + emu.counters.propertyWrites).toBe(0);
  });

  test('onInstall builds the same menu', () => {
    const { emu, bundle } = setup();
    bundle.call('onInstall', { authMode: 'FULL' });
    expect(emu.ui.menu('Add-on')?.items).toEqual(MENU_ITEMS);
  });

  test('every menu handler is a top-level function of the bundle', () => {
    const { bundle } = setup();
    const handlers = MENU_ITEMS.flatMap((item) => (item ? [item.handler] : []));
    expect(handlers.length).toBeGreaterThan(0);
    for (const h of handlers) expect([h, bundle.has(h)]).toEqual([h, true]);
  });
});
