import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newEmulator, thrownMessage } from './helpers';

const SCRIPT = `
var Bundle = { version: 3 };
function HELLO(name) { return 'hello ' + name + ' from ' + Session.getActiveUser().getEmail(); }
function now() { return new Date().getTime(); }
function fail() { throw new Error('boom'); }
function hasNodeThings() { return [typeof setTimeout, typeof require, typeof fetch, typeof URL, typeof TextEncoder]; }
function saveToken(v) { PropertiesService.getUserProperties().setProperty('token', v); return Logger.log('saved %s', v) && true; }
function lockAndReturn() { var l = LockService.getDocumentLock(); l.waitLock(100); return l.hasLock(); }
function makeTrigger() { return ScriptApp.newTrigger('tick').timeBased().everyHours(1).create().getUniqueId(); }
function tick(e) { PropertiesService.getUserProperties().setProperty('ticked', e.triggerUid + ':' + e.authMode + ':' + Session.getActiveUser().getEmail()); }
function include(name) { return '[' + name + ']'; }
const notAFunctionName = 1;
`;

function scriptFile(source = SCRIPT): string {
  const dir = mkdtempSync(join(tmpdir(), 'emu-bundle-'));
  writeFileSync(join(dir, 'Code.js'), source);
  writeFileSync(join(dir, 'Page.html'), '<p><?!= include("part") ?></p>');
  return dir;
}

describe('loadBundle', () => {
  it('lists top-level functions and calls them with the emulator globals', () => {
    const dir = scriptFile();
    const emu = newEmulator({ distDir: dir });
    const bundle = emu.loadBundle();
    expect(bundle.names().sort()).toEqual(
      ['HELLO', 'now', 'fail', 'hasNodeThings', 'saveToken', 'lockAndReturn', 'makeTrigger', 'tick', 'include'].sort(),
    );
    expect(bundle.call('HELLO', 'ann')).toBe('hello ann from owner@example.com');
    expect(bundle.callAs({ user: 'editor@example.com' }, 'HELLO', 'bo')).toBe('hello bo from editor@example.com');
    expect(bundle.callAs({ mode: 'customFunction' }, 'HELLO', 'cy')).toBe('hello cy from ');
    expect(emu.user).toBe('owner@example.com');
    expect(emu.mode).toBe('full');
    expect((bundle.context.Bundle as { version: number }).version).toBe(3);
  });

  it('loads a file rewritten in place anew, even at the same size and at once', () => {
    const dir = scriptFile();
    expect((newEmulator({ distDir: dir }).loadBundle().context.Bundle as { version: number }).version).toBe(3);
    writeFileSync(join(dir, 'Code.js'), SCRIPT.replace('version: 3', 'version: 4'));
    expect((newEmulator({ distDir: dir }).loadBundle().context.Bundle as { version: number }).version).toBe(4);
  });

  it('reads the virtual clock and has no Node globals', () => {
    const emu = newEmulator({ distDir: scriptFile() });
    const bundle = emu.loadBundle();
    emu.clock.set(1234);
    expect(bundle.call('now')).toBe(1234);
    expect(bundle.call('hasNodeThings')).toEqual(['undefined', 'undefined', 'undefined', 'undefined', 'undefined']);
  });

  it('lets errors from the script through (another realm: compare messages)', () => {
    const emu = newEmulator({ distDir: scriptFile() });
    const bundle = emu.loadBundle();
    expect(thrownMessage(() => bundle.call('fail'))).toBe('boom');
    expect(() => bundle.call('missing')).toThrow('Script function not found: missing');
    expect(() => bundle.call('UrlFetchApp')).toThrow('Script function not found: UrlFetchApp');
  });

  it('runs each call as one execution: state persists, locks are released', () => {
    const emu = newEmulator({ distDir: scriptFile() });
    const bundle = emu.loadBundle();
    bundle.call('saveToken', 'abc');
    expect(emu.globals.PropertiesService.getUserProperties().getProperty('token')).toBe('abc');
    expect(emu.logs).toEqual(['saved abc']);
    expect(bundle.call('lockAndReturn')).toBe(true);
    expect(bundle.call('lockAndReturn')).toBe(true);
  });

  it('loads an explicit file', () => {
    const dir = scriptFile('function ONLY() { return 1; }');
    const emu = newEmulator();
    expect(emu.loadBundle(join(dir, 'Code.js')).names()).toEqual(['ONLY']);
    expect(emu.bundle?.call('ONLY')).toBe(1);
  });

  it('HtmlService templates call the script include()', () => {
    const emu = newEmulator({ distDir: scriptFile() });
    emu.loadBundle();
    expect(emu.globals.HtmlService.createTemplateFromFile('Page').evaluate().getContent()).toBe('<p>[part]</p>');
  });

  it('fireTrigger runs the handler as the trigger owner with an event', () => {
    const emu = newEmulator({ distDir: scriptFile() });
    const bundle = emu.loadBundle();
    const id = bundle.callAs({ user: 'editor@example.com' }, 'makeTrigger') as string;
    expect(emu.triggers).toEqual([
      expect.objectContaining({ id, owner: 'editor@example.com', handler: 'tick', schedule: { everyHours: 1 } }),
    ]);
    emu.fireTrigger(id);
    emu.setUser('editor@example.com');
    expect(emu.globals.PropertiesService.getUserProperties().getProperty('ticked')).toBe(`${id}:FULL:editor@example.com`);
    expect(() => emu.fireTrigger('nope')).toThrow(/no trigger/);
  });
});
