import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newEmulator } from './helpers';

describe('Session, Logger, console', () => {
  it('reports the current user, the script time zone and locale', () => {
    const emu = newEmulator({ timeZone: 'Europe/Paris' });
    const { Session } = emu.globals;
    expect(Session.getEffectiveUser().getEmail()).toBe('owner@example.com');
    emu.setUser('editor@example.com');
    expect(Session.getActiveUser().getEmail()).toBe('editor@example.com');
    expect(Session.getScriptTimeZone()).toBe('Europe/Paris');
    expect(Session.getActiveUserLocale()).toBe('en');
    expect(emu.user).toBe('editor@example.com');
  });

  it('logs Logger and console lines into emu.logs', () => {
    const emu = newEmulator();
    emu.globals.Logger.log('plain');
    emu.globals.Logger.log('%s rows in %d ms', 'five', 12.9);
    emu.globals.Logger.log({ a: 1 });
    emu.globals.console.log('a', 1, { b: [2] });
    emu.globals.console.warn('careful');
    emu.globals.console.error('bad');
    expect(emu.logs).toEqual(['plain', 'five rows in 12 ms', '{"a":1}', 'a 1 {"b":[2]}', 'careful', 'bad']);
    expect(emu.globals.Logger.getLog()).toContain('plain');
  });
});

describe('HtmlService', () => {
  const dir = mkdtempSync(join(tmpdir(), 'emu-html-'));
  writeFileSync(join(dir, 'Sidebar.html'), '<h1>Side</h1>');
  writeFileSync(join(dir, 'part.html'), '<i>part</i>');
  writeFileSync(join(dir, 'Tpl.html'), '<b><?!= include("part") ?></b><?= who ?>');
  writeFileSync(join(dir, 'Code.html'), '<? for (var i = 0; i < 2; i++) { ?>x<? } ?>');

  it('serves files from distDir as HtmlOutput', () => {
    const { HtmlService } = newEmulator({ distDir: dir }).globals;
    const out = HtmlService.createHtmlOutputFromFile('Sidebar')
      .setTitle('Creator')
      .setWidth(320)
      .setSandboxMode(HtmlService.SandboxMode.IFRAME);
    expect(out.getContent()).toBe('<h1>Side</h1>');
    expect(out.getTitle()).toBe('Creator');
    expect(out.getWidth()).toBe(320);
    expect(out.addMetaTag('viewport', 'width=device-width').getContent()).toBe('<h1>Side</h1>');
    expect(HtmlService.createHtmlOutput('<p>x</p>').append('<p>y</p>').getContent()).toBe('<p>x</p><p>y</p>');
    expect(() => HtmlService.createHtmlOutputFromFile('Missing')).toThrow('No HTML file named Missing was found.');
  });

  it('evaluates include() and property scriptlets, refuses other code', () => {
    const { HtmlService } = newEmulator({ distDir: dir }).globals;
    const t = HtmlService.createTemplateFromFile('Tpl');
    (t as unknown as { who: string }).who = '<me>';
    expect(t.evaluate().getContent()).toBe('<b><i>part</i></b>&lt;me&gt;');
    expect(() => HtmlService.createTemplateFromFile('Code').evaluate()).toThrow(/scriptlet is not emulated/);
  });
});
