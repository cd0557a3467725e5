/** The printf subset Logger.log(format, ...) and Utilities.formatString accept. */
export function formatString(template: string, args: unknown[]): string {
  let i = 0;
  return template.replace(/%(-?\d*)(?:\.(\d+))?([sdfi%])/g, (whole, width: string, precision: string | undefined, conv: string) => {
    if (conv === '%') return '%';
    if (i >= args.length) return whole;
    const arg = args[i++];
    let s: string;
    if (conv === 's') s = stringify(arg);
    else if (conv === 'd' || conv === 'i') s = String(Math.trunc(Number(arg)));
    else s = precision !== undefined ? Number(arg).toFixed(Number(precision)) : String(Number(arg));
    const w = Math.abs(Number(width || 0));
    return width.startsWith('-') ? s.padEnd(w) : s.padStart(w);
  });
}

/** How Logger/console print a value: objects as JSON (close enough to Apps Script's log view). */
export function stringify(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return 'undefined';
  if (value instanceof Error || Object.prototype.toString.call(value) === '[object Error]') {
    return String((value as Error).stack ?? value);
  }
  if (value !== null && typeof value === 'object' && Object.prototype.toString.call(value) !== '[object Date]') {
    try {
      return JSON.stringify(value);
    } catch (_) {
      return String(value);
    }
  }
  return String(value);
}
