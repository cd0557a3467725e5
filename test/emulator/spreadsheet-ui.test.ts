import { newCounters } from '../../emulator/counters';
import { createSpreadsheetService } from '../../emulator/spreadsheet';

function setup() {
  let permission: 'full' | 'readOnly' = 'full';
  const svc = createSpreadsheetService({
    timeZone: 'UTC',
    counters: newCounters(),
    permission: () => permission,
    now: () => 0,
    owner: 'owner@example.com',
  });
  const app = svc.SpreadsheetApp as GoogleAppsScript.Spreadsheet.SpreadsheetApp;
  return { svc, app, ui: app.getUi(), readOnly: () => (permission = 'readOnly') };
}

const html = (title: string, content: string) => ({ getTitle: () => title, getContent: () => content });

describe('Ui recorder', () => {
  test('add-on menu with items, separators and a sub-menu', () => {
    const { svc, ui } = setup();
    const sub = ui.createMenu('Schedules').addItem('Refresh now', 'refreshAllNow');
    ui.createAddonMenu().addItem('Open sidebar', 'showSidebar').addSeparator().addSubMenu(sub).addToUi();
    expect(svc.ui.menus).toEqual([
      {
        title: 'Add-on',
        items: [
          { label: 'Open sidebar', handler: 'showSidebar' },
          null,
          { label: 'Schedules', items: [{ label: 'Refresh now', handler: 'refreshAllNow' }] },
        ],
      },
    ]);
    // onOpen running again replaces the menu rather than adding a second one.
    ui.createAddonMenu().addItem('Only', 'only').addToUi();
    expect(svc.ui.menus).toHaveLength(1);
    expect(svc.ui.menu('Add-on')!.items).toEqual([{ label: 'Only', handler: 'only' }]);
  });

  test('sidebars and dialogs record title and html', () => {
    const { svc, ui } = setup();
    ui.showSidebar(html('Creator Reporting', '<p>hi</p>') as unknown as GoogleAppsScript.HTML.HtmlOutput);
    ui.showModalDialog(html('', '<b>x</b>') as unknown as GoogleAppsScript.HTML.HtmlOutput, 'Details');
    expect(svc.ui.lastSidebar()).toEqual({ title: 'Creator Reporting', html: '<p>hi</p>' });
    expect(svc.ui.dialogs).toEqual([{ title: 'Details', html: '<b>x</b>', modal: true }]);
    expect(() => ui.showSidebar({} as GoogleAppsScript.HTML.HtmlOutput)).toThrow('Invalid argument: userInterface');
  });

  test('alerts return OK by default, or the queued answer', () => {
    const { svc, ui } = setup();
    expect(ui.alert('Done')).toBe(ui.Button.OK);
    svc.ui.respondWith(ui.Button.NO);
    expect(ui.alert('Delete?', 'Really delete the report?', ui.ButtonSet.YES_NO)).toBe(ui.Button.NO);
    expect(svc.ui.alerts).toEqual([
      { title: null, prompt: 'Done', buttons: null, response: 'OK' },
      { title: 'Delete?', prompt: 'Really delete the report?', buttons: 'YES_NO', response: 'NO' },
    ]);
    svc.ui.respondWith({ button: 'OK', text: 'My report' });
    const answer = ui.prompt('Name?');
    expect([answer.getSelectedButton(), answer.getResponseText()]).toEqual(['OK', 'My report']);
    svc.ui.reset();
    expect(svc.ui.alerts).toEqual([]);
  });

  test('a prompt with no queued answer gets the fallback answer, if one is set; alerts keep OK', () => {
    const { svc, ui } = setup();
    svc.ui.promptFallback = { button: 'CANCEL' };
    expect(ui.prompt('Create dashboard', 'Site ID?', ui.ButtonSet.OK_CANCEL).getSelectedButton()).toBe(ui.Button.CANCEL);
    expect(ui.alert('Done')).toBe(ui.Button.OK);
    svc.ui.respondWith({ button: 'OK', text: 'site-2' });
    expect(ui.prompt('Site ID?').getResponseText()).toBe('site-2');
    expect(svc.ui.prompts.map((p) => [p.title, p.prompt, p.response])).toEqual([
      ['Create dashboard', 'Site ID?', 'CANCEL'],
      [null, 'Site ID?', 'OK'],
    ]);
    svc.ui.reset();
    expect(svc.ui.promptFallback).toBeNull();
    expect(ui.prompt('Name?').getSelectedButton()).toBe(ui.Button.OK);
  });

  test('an unemulated Ui method throws; in read-only mode getUi throws', () => {
    const { app, ui, readOnly } = setup();
    expect(() => (ui as unknown as Record<string, () => unknown>).createSomething()).toThrow('Ui.createSomething is not emulated');
    readOnly();
    expect(() => app.getUi()).toThrow('Cannot call SpreadsheetApp.getUi() from this context.');
  });
});
