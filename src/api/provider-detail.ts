/**
 * The one place a provider's own words (an error's `detail`, `message`, `title`) are made fit for a
 * user's message: one short line, no markup or dumps, and nothing secret. Every path that quotes
 * the provider goes through `cleanDetail`, so a stricter scrubber plugs in here.
 */

/** Longer details are cut at a word boundary: a message is read in a cell's hover or a status row. */
const MAX_DETAIL = 160;
/** Runs that look like credentials or tokens (long unbroken base64/hex/JWT-ish text). */
const TOKEN_LIKE = /[A-Za-z0-9_\-+/=.]{32,}/g;

/** `raw` as one clean sentence, or undefined when nothing safe and useful is left. */
export function cleanDetail(raw: unknown, clean: (text: string) => boolean): string | undefined {
  if (typeof raw !== 'string') return undefined;
  let text = raw
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  // HTML, JSON dumps and stack traces explain nothing to a user and may carry internals.
  // (Square brackets stay: the API's own parameter names have them, `page[size]`.)
  if (/<[a-z!/]|[{}\\`]|\bat [\w.$]+ \(/i.test(text)) return undefined;
  // Any part of a secret form (secret-forms.ts) drops the whole sentence: a cut echo is no safer.
  if (!clean(text)) return undefined;
  text = text.replace(TOKEN_LIKE, '[hidden]');
  if (text.replace(/\[hidden\]/g, '').replace(/[^A-Za-z]/g, '').length < 3) return undefined;
  if (text.length > MAX_DETAIL) {
    const cut = text.slice(0, MAX_DETAIL);
    const space = cut.lastIndexOf(' ');
    text = `${(space > MAX_DETAIL / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
  }
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

/** The first usable detail among several candidates (JSON:API `detail` before `title`, ...). */
export function firstDetail(candidates: unknown[], clean: (text: string) => boolean): string | undefined {
  for (const candidate of candidates) {
    const detail = cleanDetail(candidate, clean);
    if (detail) return detail;
  }
  return undefined;
}
