/**
 * The hashes every block record is made of: a cell's (as getValues and getFormulas read it), a row's
 * of its cells, a band's of its rows. 32-bit FNV-1a words spread by murmur3's finaliser; records
 * stored in users' sheets hold them, so none may change (block-record.ts).
 */

import { numberSlot } from '../shared/number-slot';

export const SEED = 2166136261;
export const FNV_PRIME = 16777619;

/** Spreads every bit of a 32-bit word over all of them (murmur3's finaliser). */
export function mix32(x: number): number {
  return mixed32(x) >>> 0;
}

/**
 * mix32 as a signed word. The hashes of a pull's cells are made by functions that return signed
 * words: an unsigned one of 2^31 or more is boxed on the heap when a call returns it, about 16
 * bytes of garbage per cell (1.8 million cells in a 120,000-row pull) that the collector sweeps
 * while the rows are held.
 */
function mixed32(x: number): number {
  let h = x ^ (x >>> 16);
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** Folds a word into a running hash, order mattering. */
export function fold(hash: number, word: number): number {
  return Math.imul(hash ^ word, FNV_PRIME) >>> 0;
}

function isDateObject(value: object): boolean {
  return value instanceof Date || Object.prototype.toString.call(value) === '[object Date]';
}

/** Folds text.slice(from) into a hash, character by character, without making the slice. */
function fnvText(hash: number, text: string, from = 0): number {
  let h = hash;
  for (let i = from; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return h;
}

/** fnvText(SEED, prefix) for each prefix a cell's key starts with: worked out once, not per cell. */
const PREFIX: Record<string, number> = {};

function prefixed(prefix: string): number {
  const known = PREFIX[prefix];
  return known === undefined ? (PREFIX[prefix] = fnvText(SEED, prefix)) : known;
}

/** The keys of the kinds of cell every block is made of, worked out once. */
const STRING_KEY = prefixed('string:');
const NUMBER_KEY = prefixed('number:');
const DATE_KEY = prefixed('d');
const FORMULA_KEY = prefixed('f');

/** Scratch for fnvDigits: the digits of a number below 10^9, least significant first. */
const DIGITS = new Uint8Array(9);

/**
 * fnvText(hash, String(n)) for 0 <= n < 10^9 written with `digits` digits (leading zeros when n has
 * fewer; 0: as many as n has), most significant first. The digits are taken off the low end by
 * 32-bit division by ten (a multiplication once compiled), not by a division by a power of ten
 * each: every number cell a writer sends goes through here.
 */
function fnvDigits(hash: number, n: number, digits: number): number {
  let count = 0;
  let rest = n | 0;
  do {
    const next = (rest / 10) | 0;
    DIGITS[count++] = rest - next * 10;
    rest = next;
  } while (rest > 0);
  while (count < digits) DIGITS[count++] = 0;
  let h = hash;
  while (count > 0) h = Math.imul(h ^ (48 + DIGITS[--count]), FNV_PRIME);
  return h;
}

const BILLION = 1_000_000_000;

/**
 * fnvText(hash, String(n)) for a safe integer, without making the string: String gives an
 * integer's plain decimal digits (with a minus sign; "0" for -0), so the hash is the same. Above
 * 10^9 (a date's milliseconds) the digits go in two parts, each small enough for integer division.
 */
function fnvInteger(hash: number, n: number): number {
  let h = hash;
  let rest = n;
  if (rest < 0) {
    h = Math.imul(h ^ 45, FNV_PRIME); // '-'
    rest = -rest;
  }
  if (rest < BILLION) return fnvDigits(h, rest, 0);
  const high = Math.floor(rest / BILLION);
  return fnvDigits(fnvDigits(h, high, 0), rest - high * BILLION, 9);
}

/** Powers of ten up to the decimals fnvDecimal handles, each exact as a double. */
const POW10 = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000];
/** Below 10^15 a decimal has at most 15 significant digits, so no other decimal of that length reads as the same double. */
const MAX_SCALED = 1e15;
const INT32_LIMIT = 2 ** 31;

/**
 * fnvText(hash, String(x)) for a number that is not a whole one, without making the string, when
 * it has at most six decimals (most report metrics): String gives the shortest decimal that reads
 * back as x. The fewest decimals k at which round(|x| × 10^k) / 10^k gives x back (an exactly
 * rounded division) is that decimal, written without exponent (|x| is between 10^-6 and 10^15).
 * Null when none of k = 1..6 fits: the caller hashes String(x).
 */
function fnvDecimal(hash: number, x: number): number | null {
  const a = x < 0 ? -x : x;
  for (let k = 1; k < POW10.length; k++) {
    const p = POW10[k];
    const m = Math.round(a * p);
    if (m >= MAX_SCALED) return null;
    if (m / p !== a) continue;
    let h = x < 0 ? Math.imul(hash ^ 45, FNV_PRIME) : hash; // '-'
    // Below 2^31 (most metrics) the parts come from 32-bit division, not a floating-point remainder.
    const fraction = m < INT32_LIMIT ? (m | 0) - (((m | 0) / p) | 0) * p : m % p;
    h = Math.imul(fnvInteger(h, (m - fraction) / p) ^ 46, FNV_PRIME); // '.'
    // The k decimals, leading zeros included (the last is not 0: k is the fewest that fit).
    return fnvDigits(h, fraction, k);
  }
  return null;
}

/**
 * The last number hashed in each of MEMO_SLOTS slots and its hash, one table for fractions and
 * one for dates' times: a report's fractions repeat down its columns (rates, percentages, averages
 * of a few decimals) and its dates are a few days over and over, and working a hash out from
 * decimal digits costs several times a look here. Slots are picked by the number's 64 bits; a
 * slot holding another number is overwritten. Shared by every caller, since a number's hash is
 * the same wherever it is.
 */
const MEMO_SLOTS = 16_384;

interface HashMemo {
  seen: Float64Array;
  hashes: Int32Array;
}

const memo = (): HashMemo => ({ seen: new Float64Array(MEMO_SLOTS).fill(Number.NaN), hashes: new Int32Array(MEMO_SLOTS) });
const FRACTIONS = memo();
const DATES = memo();

/** `work(value)` through `m`. */
function memoized(m: HashMemo, value: number, work: (value: number) => number): number {
  const slot = numberSlot(value, MEMO_SLOTS);
  // NaN is never equal to itself, so a slot's first number and NaN itself are worked out.
  if (m.seen[slot] === value) return m.hashes[slot];
  const h = work(value);
  m.seen[slot] = value;
  m.hashes[slot] = h;
  return h;
}

/**
 * The hashes of the whole numbers below SMALL_WHOLES, each worked out the first time it is met (0:
 * not yet, as no hash is 0): a report's counts (views, sessions, clicks) are mostly small and
 * repeat down the rows, and a look here costs a fraction of working the digits out.
 */
const SMALL_WHOLES = 65_536;
const WHOLES = new Int32Array(SMALL_WHOLES);

const wholeWork = (value: number): number => mixed32(fnvInteger(NUMBER_KEY, value)) || 1;

/** signedCellHash of a safe integer. */
function wholeHash(value: number): number {
  if (value >= 0 && value < SMALL_WHOLES) {
    // -0 lands on 0's slot, as its hash is 0's ("0").
    const known = WHOLES[value];
    return known !== 0 ? known : (WHOLES[value] = wholeWork(value));
  }
  return wholeWork(value);
}

/** signedCellHash of a number that is not a safe integer (a fraction, mostly). */
const fractionWork = (value: number): number => mixed32(fnvDecimal(NUMBER_KEY, value) ?? fnvText(NUMBER_KEY, String(value))) || 1;
const fractionHash = (value: number): number => memoized(FRACTIONS, value, fractionWork);

/** signedCellHash of a date whose time is `time`. */
const dateWork = (time: number): number =>
  mixed32(Number.isSafeInteger(time) ? fnvInteger(DATE_KEY, time) : fnvText(DATE_KEY, String(time))) || 1;
const dateHash = (time: number): number => memoized(DATES, time, dateWork);

/**
 * A cell as getValues and getFormulas read it: its formula, else its date's time, else its type
 * and text. 0 for an empty cell ("" with no formula), which no other cell gives. Called for every
 * cell a writer sends and every cell a check reads: the common kinds (text, whole numbers) are
 * hashed without building their key, to the same hash (records stored in users' sheets keep
 * matching).
 */
export function cellHash(value: unknown, formula?: string): number {
  if (formula) return mix32(fnvText(FORMULA_KEY, formula)) || 1;
  return signedCellHash(value) >>> 0;
}

/** cellHash of a cell without a formula, as a signed word (mixed32: the writer's hashes are not boxed). */
export function signedCellHash(value: unknown): number {
  if (typeof value === 'string') return signedTextHash(value, 0);
  if (typeof value === 'number') return Number.isSafeInteger(value) ? wholeHash(value) : fractionHash(value);
  if (typeof value === 'object' && value !== null && isDateObject(value)) return dateHash((value as Date).getTime());
  return mixed32(fnvText(prefixed(`${typeof value}:`), String(value))) || 1;
}

/**
 * cellHash of the text text.slice(from), without making the slice: a cell the writer sends with
 * a protective apostrophe is hashed as the text it reads back as (cell-values.ts, readBackStart).
 */
export function textHash(text: string, from = 0): number {
  return signedTextHash(text, from) >>> 0;
}

/** textHash as a signed word (mixed32). */
export function signedTextHash(text: string, from: number): number {
  if (text.length <= from) return 0;
  return mixed32(fnvText(STRING_KEY, text, from)) || 1;
}

/**
 * A row's hash: its non-empty cells in order (`width` of them from `at`). Empty cells are left out so that a column no row
 * filled, dropped after the rows were hashed, changes no row's hash (a moved value still changes
 * its columns' hashes).
 */
export function rowHashOf(cells: ArrayLike<number>, width = cells.length, at = 0): number {
  let h = SEED;
  let filled = 0;
  for (let i = at; i < at + width; i++) {
    const c = cells[i];
    if (c === 0) continue;
    h = fold(h, c);
    filled++;
  }
  return mix32(fold(h, filled));
}

export const hex = (h: number): string => (h >>> 0).toString(36);

/** A row's hash as a record stores it in `head` and `tail` (cells from cellHash). */
export function rowHashText(cells: number[]): string {
  return hex(rowHashOf(cells));
}

/** A non-empty cell bound to the hash of the row that holds it (0 for an empty cell). */
export function cellInRow(cell: number, rowHash: number): number {
  return signedCellInRow(cell, rowHash) >>> 0;
}

/** cellInRow as a signed word (mixed32), for sums taken modulo 2^32. */
export function signedCellInRow(cell: number, rowHash: number): number {
  return cell === 0 ? 0 : mixed32(cell ^ Math.imul(rowHash, 0x9e3779b1));
}

export function bandHash(rows: ArrayLike<number>, from: number, to: number): number {
  let h = SEED;
  for (let i = from; i < to; i++) h = fold(h, rows[i]);
  return h;
}
