/**
 * How a secret may be written inside a page's JSON text. The page is checked before it is parsed
 * (secret-forms.ts), but an encoder may escape characters of an echoed credential: PHP writes every
 * `/` as `\/` by default, Gson writes `=` as `\u003d`, any encoder may write any character as a
 * `\u` escape. Parsing undoes all of them, so a check of the raw text alone would let such an echo
 * through to a cell.
 */

/** A character as JSON must write it inside a string (`"`, `\\` and control characters escaped). */
function mustWrite(c: string): string {
  return c === '"' || c === '\\' || c < ' ' ? JSON.stringify(c).slice(1, -1) : c;
}

/**
 * The ways an encoder may write `text` inside a JSON string, `\u` escapes aside: JSON's own
 * escapes, and each `/` as it is or as `\/`. PHP escapes every `/`; a hostile API may escape some
 * and not others, so every mix is listed (an aligned run of a secret holds a few `/` at most).
 */
export function writtenForms(text: string): string[] {
  const parts = [...text].map(mustWrite);
  const slashes = parts.flatMap((part, i) => (part === '/' ? [i] : []));
  const forms: string[] = [];
  for (let mask = 0; mask < 2 ** slashes.length; mask++) {
    const written = [...parts];
    slashes.forEach((at, bit) => {
      if (mask & (2 ** bit)) written[at] = '\\/';
    });
    forms.push(written.join(''));
  }
  return forms;
}

/** A JSON string's escapes, undone; for a slice of a page (an escape cut at its edge stays as is). */
export function unescapeJson(text: string): string {
  return text.replace(/\\(u[0-9a-fA-F]{4}|["\\/bfnrt])/g, (_, code: string) => {
    if (code.length === 5) return String.fromCharCode(Number.parseInt(code.slice(1), 16));
    return ({ b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' } as Record<string, string>)[code] ?? code;
  });
}

/**
 * Raw characters before a `\u` escape whose decoded text is checked: an echo of the longest run
 * the check must see (2 × 8 - 1 characters), every character written as a six-character escape,
 * fits in them. A window reaches as far again after the escape, so the escapes in its first half
 * are checked by it and skipped.
 */
const AROUND = 96;

/**
 * A test of whether a page writes, through `\u` escapes, text that `held` finds. Only an escape of
 * a character some form holds counts, and only the text around it is decoded, so a page whose
 * encoder escapes `&` or `=` everywhere (Go, Gson) is not walked whole for it.
 */
export function escapedEchoCheck(forms: string[], held: (decoded: string) => boolean): (text: string) => boolean {
  const codes = new Set<string>();
  for (const form of forms) for (let i = 0; i < form.length; i++) codes.add(form.charCodeAt(i).toString(16).padStart(4, '0'));
  return (text) => {
    // Escapes before `checked` lie in the first half of a window already decoded.
    let checked = 0;
    for (let at = text.indexOf('\\u'); at >= 0; at = text.indexOf('\\u', at + 2)) {
      if (at < checked || !codes.has(text.slice(at + 2, at + 6).toLowerCase())) continue;
      if (held(unescapeJson(text.slice(Math.max(0, at - AROUND), at + 3 * AROUND)))) return true;
      checked = at + 2 * AROUND;
    }
    return false;
  };
}
