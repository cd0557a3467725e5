/**
 * The status sheet is written like any report block, so its write also sweeps the hidden staging
 * sheets that runs Google stopped left behind. Their age is judged by the platform's clock, the one
 * that stamped them (src/ never reads a clock of its own): by another clock a run still going could
 * lose its staging sheet, or a dead run's never go. Run in process, where the machine's clock and
 * the emulator's differ by years.
 */
import { createEmulator } from '../../emulator';
import { startExecution } from '../../src/platform/execution';
import { writeStatusSheet } from '../../src/reports/status-sheet';

const MINUTE = 60_000;

test('writing the status sheet removes a staging sheet 10 minutes old by the platform clock, and keeps one a minute old', () => {
  const emu = createEmulator({
    transport: {
      send: () => {
        throw new Error('no network here');
      },
    },
    now: Date.parse('2031-03-04T15:00:00Z'),
  });
  const platform = emu.platform();
  const ss = platform.spreadsheet()!;
  const now = platform.now();
  const stamped = (ago: number, hash: string) => `CR staging ${hash} ${(now - ago).toString(36)}-x`;
  ss.insertSheet(stamped(10 * MINUTE, 'gone')).hideSheet();
  ss.insertSheet(stamped(MINUTE, 'busy')).hideSheet();

  const sheet = writeStatusSheet(startExecution(platform, 'menu'), [], { active: false, ownerEmail: '', isMine: false });

  expect(sheet?.getName()).toBe('Creator Reporting status');
  expect(
    ss
      .getSheets()
      .map((s) => s.getName())
      .filter((n) => n.startsWith('CR staging')),
  ).toEqual([stamped(MINUTE, 'busy')]);
});
