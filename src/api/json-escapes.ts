/**
 * How a secret may be written inside a page's JSON text. The page is checked before it is parsed
 * (secret-forms.ts), but an encoder may escape characters of an echoed credential: PHP writes every
 * `/` as `\/` by default, Gson writes `=` as `\u003d`, any encoder may write any character as a
 * `\u` escape. Parsing undoes all of them, so a check of the raw text alone would let such an echo
 * through to a cell.
 */

/** The ways an encoder writes `form` whole: as is, JSON's own escapes, and with `/` escaped too. */
export function writtenForms(form: string): string[] {
  const escaped = JSON.stringify(form).slice(1, -1);
  return [...new Set([form, escaped, escaped.replace(/\//g, '\\/')])];
}

/** A JSON string's escapes, undone; for a slice of a page (an escape cut at its edge stays as is). */
export function unescapeJson(text: string): string {
  return text.replace(/\\(u[0-9a-fA-F]{4}|["\\/bfnrt])/g, (_, code: string) => {
    if (code.length === 5) return String.fromCharCode(Number.parseInt(code.slice(1), 16));
    return ({ b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' } as Record<string, string>)[code] ?? code;
  });
}

/**
 * Raw characters either side of a `\u` escape whose decoded text is checked: an echo of the
 * longest run the check must see (2 × 8 - 1 characters), every character written as a six-character
 * escape, fits on either side.
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
    for (let at = text.indexOf('\\u'); at >= 0; at = text.indexOf('\\u', at + 2)) {
      if (!codes.has(text.slice(at + 2, at + 6).toLowerCase())) continue;
      if (held(unescapeJson(text.slice(Math.max(0, at - AROUND), at + AROUND)))) return true;
    }
    return false;
  };
}
