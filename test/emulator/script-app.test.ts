import { newEmulator } from './helpers';

describe('ScriptApp triggers (editor add-on rules)', () => {
  it('creates, lists and deletes the current user\u2019s time-driven trigger', () => {
    const emu = newEmulator();
    const { ScriptApp, SpreadsheetApp } = emu.globals;
    const t = ScriptApp.newTrigger('refresh').timeBased().everyHours(1).create();
    expect(t.getHandlerFunction()).toBe('refresh');
    expect(t.getEventType()).toBe(ScriptApp.EventType.CLOCK);
    expect(t.getTriggerSource()).toBe(ScriptApp.TriggerSource.CLOCK);
    const mine = ScriptApp.getUserTriggers(SpreadsheetApp.getActiveSpreadsheet());
    expect(mine.map((x) => x.getUniqueId())).toEqual([t.getUniqueId()]);
    expect(ScriptApp.getProjectTriggers()).toHaveLength(1);
    emu.setUser('editor@example.com');
    expect(ScriptApp.getUserTriggers(SpreadsheetApp.getActiveSpreadsheet())).toEqual([]);
    expect(() => ScriptApp.deleteTrigger(t)).toThrow(/No item with the given ID/);
    emu.setUser('owner@example.com');
    ScriptApp.deleteTrigger(t);
    expect(emu.triggers).toEqual([]);
  });

  it('allows one time-driven trigger per user per document, at most hourly', () => {
    const emu = newEmulator();
    const { ScriptApp } = emu.globals;
    expect(() => ScriptApp.newTrigger('f').timeBased().everyMinutes(30).create()).toThrow(/at most once per hour/);
    ScriptApp.newTrigger('f').timeBased().everyDays(1).atHour(6).nearMinute(15).create();
    expect(() => ScriptApp.newTrigger('g').timeBased().everyHours(6).create()).toThrow(
      'This add-on has created too many time-based triggers in this document for this Google user account.',
    );
    emu.setUser('editor@example.com');
    ScriptApp.newTrigger('g').timeBased().everyWeeks(1).onWeekDay(ScriptApp.WeekDay.MONDAY).create();
    expect(emu.triggers.map((t) => [t.owner, t.handler, t.schedule])).toEqual([
      ['owner@example.com', 'f', { everyDays: 1, atHour: 6, nearMinute: 15 }],
      ['editor@example.com', 'g', { everyWeeks: 1, onWeekDay: 'MONDAY' }],
    ]);
  });

  it('rejects schedules Apps Script rejects and builders it does not emulate', () => {
    const { ScriptApp } = newEmulator().globals;
    expect(() => ScriptApp.newTrigger('f').timeBased().create()).toThrow(/no schedule/);
    expect(() => ScriptApp.newTrigger('f').timeBased().atHour(24)).toThrow(/Invalid argument/);
    expect(() => ScriptApp.newTrigger('f').timeBased().everyHours(0)).toThrow(/Invalid argument/);
    expect(() => (ScriptApp.newTrigger('f') as unknown as { forSpreadsheet(): void }).forSpreadsheet()).toThrow(
      'TriggerBuilder.forSpreadsheet is not emulated',
    );
    expect(() => ScriptApp.getOAuthToken()).toThrow('ScriptApp.getOAuthToken is not emulated');
  });
});
