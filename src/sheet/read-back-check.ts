import type { Spreadsheet } from '../platform/types';
import { cellHash } from './cell-hash';
import { readBackOf, toCellValue, UNSURE, type CellValue } from './cell-values';
import { insertScratchSheet, removeSheet } from './staging-sheets';

/**
 * The assumption behind hashing what was written (written-record.ts), checked on a real
 * spreadsheet: every kind of value the writer sends reads back with getValues as readBackOf says.
 * Writes samples to a scratch sheet exactly as the writer would (setValues, text made literal),
 * reads them back, compares each cell's hash, and deletes the sheet. docs/platform.md says how to
 * run it (menu: Check how Sheets reads values back).
 */
export interface ReadBackReport {
  /** Cells compared. */
  checked: number;
  /** One line per cell that read back otherwise: what was sent, what came back. */
  mismatches: string[];
}

const SCRATCH_NAME = 'Creator Reporting read-back check';

/** Samples of what the writer sends: [label, value, text column]. */
function samples(): Array<[string, unknown, boolean]> {
  const midnight = new Date(2026, 9, 1);
  return [
    ['a date', midnight, false],
    ['a date and time', new Date(2026, 9, 1, 13, 45, 30), false],
    ['a whole number', 123456, false],
    ['a fraction', 0.1 + 0.2, false],
    ['a negative currency amount', -2805.74, false],
    ['a percentage as a fraction', 0.584, false],
    ['a large number', 1e21, false],
    ['a tiny number', 5e-324, false],
    ['a long fraction', 123456789.123456, false],
    ['true', true, false],
    ['false', false, false],
    ['an empty cell', '', false],
    ['plain text', 'Page performance', true],
    ['text that looks like a number', '2024', true],
    ['text with leading zeros', '007', true],
    ['text that looks like a date', '2026-10-01', true],
    ['text that looks like a US date', '1/2', true],
    ['text that looks like a formula', '=IMPORTXML("https://example.com", "//a")', true],
    ['text starting with +', '+1-cheap-trick', true],
    ['text starting with -', '-3 items', true],
    ['text starting with @', '@mention', true],
    ['text starting with an apostrophe', "'quoted", true],
    ['text TRUE', 'TRUE', true],
    ['text with spaces around it', '  spaced  ', true],
    ['text with a month name', 'May 2024', true],
    ['a URL', 'https://example.com/a?b=1&c=%20', true],
    ['non-ASCII text', 'ünïcødé ✓ 日本', true],
    ['text with a line break', 'two\nlines', true],
  ];
}

export function checkReadBack(spreadsheet: Spreadsheet): ReadBackReport {
  const cases = samples();
  const sent: CellValue[] = cases.map(([, value, text]) => toCellValue(value, text));
  const sheet = insertScratchSheet(spreadsheet, SCRATCH_NAME);
  try {
    const range = sheet.getRange(1, 1, sent.length, 1);
    range.setValues(sent.map((v) => [v]));
    const read = range.getValues();
    const mismatches: string[] = [];
    cases.forEach(([label], i) => {
      const expected = readBackOf(sent[i]);
      const got = read[i]?.[0];
      if (expected === UNSURE || cellHash(expected) !== cellHash(got))
        mismatches.push(`${label}: sent ${describe(sent[i])}, read back ${describe(got)}`);
    });
    return { checked: cases.length, mismatches };
  } finally {
    removeSheet(spreadsheet, sheet);
  }
}

function describe(value: unknown): string {
  if (value instanceof Date || Object.prototype.toString.call(value) === '[object Date]')
    return `the date ${(value as Date).toISOString()}`;
  return `${typeof value} ${JSON.stringify(value)}`;
}

/** The report as the user reads it. */
export function readBackMessage(report: ReadBackReport): string {
  if (!report.mismatches.length)
    return `All ${report.checked} sample values read back exactly as written: a refresh can trust the record the add-on keeps of each block it writes.`;
  return (
    `${report.mismatches.length} of ${report.checked} sample values read back differently from what was written:\n` +
    `${report.mismatches.join('\n')}\n` +
    'Please report this (with these lines) to the add-on\'s maintainers: a refresh of a block holding such values may be refused as "cells edited".'
  );
}
