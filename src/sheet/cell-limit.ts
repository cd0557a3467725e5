/**
 * Sheets refuses a cell over 50,000 characters, and refuses the whole setValues call with it. A
 * page title or an API field that long must not block a report forever: it is clipped, visibly (the
 * cell says so), and the block's note counts the clipped cells.
 */
export const MAX_CELL_CHARS = 50_000;
/** Room for the protective apostrophe and the marker. */
export const KEEP_CHARS = MAX_CELL_CHARS - 100;

export function clipMarker(originalLength: number): string {
  return ` … [clipped: ${String(originalLength).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} characters, Sheets holds 50,000 in a cell]`;
}

/** The text itself when it fits; else its start and a marker naming its real length. */
export function clipText(text: string): string {
  if (text.length <= KEEP_CHARS) return text;
  // Never cut between the two halves of an emoji or other astral character.
  const end = /[\ud800-\udbff]/.test(text.charAt(KEEP_CHARS - 1)) ? KEEP_CHARS - 1 : KEEP_CHARS;
  return text.slice(0, end) + clipMarker(text.length);
}
