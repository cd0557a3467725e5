/**
 * Counting and showing sizes, the same way everywhere. Both avoid runtime services on purpose:
 * Apps Script's V8 may lack locale data (toLocaleString) and has no TextEncoder.
 */

/** "120,000"; with `decimals`, rounded to that many places ("1,234.50"). */
export function thousands(n: number, decimals?: number): string {
  const [whole, fraction] = (decimals === undefined ? String(n) : n.toFixed(decimals)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** The UTF-8 size of a text, as the property and cache stores count their limits. */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // Each half of a surrogate pair counts 2, so the pair counts the 4 bytes UTF-8 gives it.
    bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c <= 0xdfff ? 2 : 3;
  }
  return bytes;
}
