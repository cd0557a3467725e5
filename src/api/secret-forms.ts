import { heldSecrets, rememberSecret, type Execution } from '../platform/execution';
import { escapedEchoCheck, writtenForms } from './json-escapes';
import { needleSearch } from './needle-search';

/**
 * Every form of a secret this execution holds: the client secret, the Basic credentials
 * (base64 of "id:secret") and each bearer token used. A provider (or a proxy in front of it) may
 * echo any of them, whole or cut, inside an error code or sentence; a provider string that holds
 * any run of MIN_PART characters of one of them is never shown anywhere.
 */
const MIN_PART = 8;

export function holdSecrets(execution: Execution, forms: string[]): void {
  for (const form of forms) rememberSecret(execution, form);
}

/** True when `text` shares no run of MIN_PART characters (or a whole shorter form) with a form. */
export function freeOfSecrets(text: string, forms: string[]): boolean {
  for (const form of forms) {
    if (form.length <= MIN_PART) {
      if (text.includes(form)) return false;
      continue;
    }
    for (let i = 0; i + MIN_PART <= form.length; i++) if (text.includes(form.slice(i, i + MIN_PART))) return false;
  }
  return true;
}

/** The check for this execution's secrets (those held so far, plus any passed here). */
export function secretCheck(execution: Execution, extra: string[] = []): (text: string) => boolean {
  const forms = secretForms(execution, extra);
  return (text) => freeOfSecrets(text, forms);
}

/** What a data value that held part of a credential shows instead. */
export const HIDDEN_SECRET = '(hidden: the API sent part of your credential here)';

/**
 * A test of whether a page's JSON text may hold a secret form: its aligned runs of MIN_PART
 * characters, as an encoder may write them (json-escapes.ts), so any echo of 2 × MIN_PART - 1
 * characters or more is caught. One pass over the page for all the runs (needle-search.ts), its
 * table built once for every page of a batch: cheap enough for every page of a pull, and only a
 * hit pays for the walk of hideEchoedSecrets. A `\u` escape of a form's character is decoded where
 * it stands and checked like a parsed string.
 */
export function secretMatcher(forms: string[]): (text: string) => boolean {
  const short: string[] = [];
  const runs: string[] = [];
  // The same forms and runs as parsing leaves them: what the text around a `\u` escape is decoded into.
  const plainShort: string[] = [];
  const plainRuns: string[] = [];
  for (const form of forms) {
    if (form.length <= MIN_PART) {
      plainShort.push(form);
      short.push(...writtenForms(form));
      continue;
    }
    for (let i = 0; i < form.length; i += MIN_PART) {
      const at = Math.min(i, form.length - MIN_PART);
      const run = form.slice(at, at + MIN_PART);
      plainRuns.push(run);
      // A run as the page writes it is MIN_PART characters or more; its first MIN_PART tell it.
      for (const written of writtenForms(run)) runs.push(written.slice(0, MIN_PART));
    }
  }
  const search = runs.length > 0 ? needleSearch(runs, MIN_PART) : null;
  const plain = plainRuns.length > 0 ? needleSearch(plainRuns, MIN_PART) : null;
  const escaped = escapedEchoCheck(
    forms,
    (decoded) => plainShort.some((form) => decoded.includes(form)) || plain?.foundIn(decoded) === true,
  );
  return (text) => short.some((form) => text.includes(form)) || search?.foundIn(text) === true || escaped(text);
}

/** Whether `text` may hold a secret form (secretMatcher, for one text). */
export function mayHoldSecret(text: string, forms: string[]): boolean {
  return secretMatcher(forms)(text);
}

/**
 * A parsed answer with every string that holds a secret form replaced (HIDDEN_SECRET) and every
 * field named with one left out: an API that echoes the bearer token or the client secret inside
 * its data (a site name, a URL's query, a debug field) must not bring it into a cell.
 */
export function hideEchoedSecrets(body: unknown, forms: string[]): unknown {
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return freeOfSecrets(value, forms) ? value : HIDDEN_SECRET;
    // A secret of digits arrives as a number, and a cell or a message would show its digits.
    if (typeof value === 'number') return freeOfSecrets(String(value), forms) ? value : HIDDEN_SECRET;
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value !== 'object' || value === null) return value;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      if (!freeOfSecrets(key, forms)) continue;
      // defineProperty: a field named __proto__ stays a field.
      Object.defineProperty(out, key, {
        value: walk((value as Record<string, unknown>)[key]),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  };
  return walk(body);
}

/**
 * This execution's secret forms (those held so far, plus any passed here), each also in every
 * Unicode normal form: an API may echo "é" composed where the secret holds "e" and an accent, and
 * a cell shows the two alike.
 */
export function secretForms(execution: Execution, extra: string[] = []): string[] {
  const held = heldSecrets(execution).concat(extra.filter((f) => f !== ''));
  return [...new Set(held.flatMap((f) => [f, f.normalize('NFC'), f.normalize('NFD'), f.normalize('NFKC'), f.normalize('NFKD')]))];
}
