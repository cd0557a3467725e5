import { newEmulator } from './helpers';

const HOUR = 3_600_000;

describe('MailApp', () => {
  it('records each message with its sender and time, and counts the daily quota per sender', () => {
    const emu = newEmulator({ mailQuota: 3 });
    const { MailApp } = emu.globals;
    MailApp.sendEmail('owner@example.com', 'RPM dropped', 'Site 1: RPM 12.00 -> 9.00');
    MailApp.sendEmail({ to: 'owner@example.com', subject: 'Second', body: 'b', name: 'Creator Reporting' });
    expect(MailApp.getRemainingDailyQuota()).toBe(1);
    emu.setUser('editor@example.com');
    expect(MailApp.getRemainingDailyQuota()).toBe(3);
    expect(emu.mail.sent).toEqual([
      {
        from: 'owner@example.com',
        to: 'owner@example.com',
        subject: 'RPM dropped',
        body: 'Site 1: RPM 12.00 -> 9.00',
        at: emu.clock.now(),
      },
      { from: 'owner@example.com', to: 'owner@example.com', subject: 'Second', body: 'b', name: 'Creator Reporting', at: emu.clock.now() },
    ]);
  });

  it('refuses past the quota as Apps Script words it, and the quota comes back a day later', () => {
    const emu = newEmulator({ mailQuota: 1 });
    const { MailApp } = emu.globals;
    MailApp.sendEmail('owner@example.com', 's', 'b');
    expect(() => MailApp.sendEmail('owner@example.com', 's', 'b')).toThrow('Service invoked too many times for one day: email.');
    emu.clock.advance(24 * HOUR);
    expect(MailApp.getRemainingDailyQuota()).toBe(1);
    MailApp.sendEmail('owner@example.com', 's', 'b');
    expect(emu.mail.sent).toHaveLength(2);
  });

  it('refuses a bad address, and custom functions may not send', () => {
    const emu = newEmulator();
    const { MailApp } = emu.globals;
    expect(() => MailApp.sendEmail('', 's', 'b')).toThrow('Invalid email: ');
    expect(() => emu.runAs({ mode: 'customFunction' }, () => MailApp.sendEmail('owner@example.com', 's', 'b'))).toThrow(
      'You do not have permission to call MailApp.sendEmail',
    );
    expect(emu.mail.sent).toEqual([]);
  });

  it('survives snapshot and restore', () => {
    const emu = newEmulator();
    emu.globals.MailApp.sendEmail('owner@example.com', 's', 'b');
    const snap = JSON.parse(JSON.stringify(emu.snapshot()));
    const other = newEmulator();
    other.restore(snap);
    expect(other.mail.sent.map((m) => m.subject)).toEqual(['s']);
  });
});

describe('embedded charts', () => {
  function sheetWithData() {
    const emu = newEmulator();
    const ss = emu.globals.SpreadsheetApp.getActiveSpreadsheet();
    const data = ss.insertSheet('Data');
    data.getRange(1, 1, 4, 2).setValues([
      ['Day', 'Earnings'],
      ['d1', 1],
      ['d2', 2],
      ['d3', 3],
    ]);
    const dash = ss.insertSheet('Dashboard');
    return { emu, ss, data, dash };
  }

  it('builds, inserts and lists a chart with its type, ranges, options and position', () => {
    const { emu, data, dash } = sheetWithData();
    const chart = dash
      .newChart()
      .asLineChart()
      .addRange(data.getRange('A1:B4'))
      .setOption('title', 'Earnings')
      .setPosition(3, 2, 10, 5)
      .build();
    dash.insertChart(chart);
    const [listed] = dash.getCharts();
    expect(listed.getChartId()).toBe(chart.getChartId());
    expect(listed.getRanges().map((r) => r.getA1Notation())).toEqual(['A1:B4']);
    expect(listed.getRanges()[0].getSheet().getName()).toBe('Data');
    expect(listed.getOptions().get('title')).toBe('Earnings');
    expect(listed.getContainerInfo().getAnchorRow()).toBe(3);
    expect(listed.getContainerInfo().getAnchorColumn()).toBe(2);
    const model = emu.spreadsheet.charts[0];
    expect(model).toMatchObject({ type: 'LINE', options: { title: 'Earnings' }, position: { row: 3, col: 2, offsetX: 10, offsetY: 5 } });
    expect(data.getCharts()).toEqual([]);
  });

  it('modify + updateChart changes ranges and type in place; removeChart removes it', () => {
    const { emu, data, dash } = sheetWithData();
    dash.insertChart(dash.newChart().asLineChart().addRange(data.getRange('A1:B4')).build());
    const [chart] = dash.getCharts();
    dash.updateChart(chart.modify().clearRanges().addRange(data.getRange('A1:B3')).asColumnChart().build());
    expect(emu.spreadsheet.charts.map((c) => [c.id, c.type, c.ranges.map((r) => [r.row, r.numRows])])).toEqual([
      [chart.getChartId(), 'COLUMN', [[1, 3]]],
    ]);
    dash.removeChart(dash.getCharts()[0]);
    expect(emu.spreadsheet.charts).toEqual([]);
  });

  it("a script's bigger rewrite does not stretch a chart's range; inserted rows inside it do", () => {
    const { emu, data, dash } = sheetWithData();
    dash.insertChart(dash.newChart().asLineChart().addRange(data.getRange('A1:B4')).build());
    data.getRange(5, 1, 2, 2).setValues([
      ['d4', 4],
      ['d5', 5],
    ]);
    expect(emu.spreadsheet.charts[0].ranges[0]).toMatchObject({ row: 1, numRows: 4 });
    data.insertRowsAfter(2, 3);
    expect(emu.spreadsheet.charts[0].ranges[0]).toMatchObject({ row: 1, numRows: 7 });
  });

  it('moves with its anchor cell when rows or columns are inserted or deleted before it on its own sheet', () => {
    const { emu, data, dash } = sheetWithData();
    dash.insertChart(dash.newChart().asLineChart().addRange(data.getRange('A1:B4')).setPosition(9, 6, 0, 0).build());
    const at = () => [emu.spreadsheet.charts[0].position.row, emu.spreadsheet.charts[0].position.col];
    dash.insertRowsBefore(4, 2);
    expect(at()).toEqual([11, 6]);
    dash.insertColumnsAfter(6, 3); // after its column: stays
    expect(at()).toEqual([11, 6]);
    dash.insertColumnsBefore(1, 1);
    expect(at()).toEqual([11, 7]);
    dash.deleteRows(1, 3);
    expect(at()).toEqual([8, 7]);
    // Its anchor's row deleted: it sits on the row that takes its place.
    dash.deleteRows(7, 2);
    expect(at()).toEqual([7, 7]);
    // Rows inserted on the data sheet move its ranges, not the chart.
    data.insertRowsBefore(1, 1);
    expect(at()).toEqual([7, 7]);
  });

  it('survives snapshot and restore, and deleting its sheet removes it', () => {
    const { emu, ss, data, dash } = sheetWithData();
    dash.insertChart(dash.newChart().asPieChart().addRange(data.getRange('A1:B4')).build());
    const other = newEmulator();
    other.restore(JSON.parse(JSON.stringify(emu.snapshot())));
    expect(other.spreadsheet.charts.map((c) => [c.type, c.sheet.name, c.ranges[0].sheet.name])).toEqual([['PIE', 'Dashboard', 'Data']]);
    ss.deleteSheet(dash);
    expect(emu.spreadsheet.charts).toEqual([]);
  });
});
