/**
 * A stand-in for the platform's clock and Utilities.formatDate (Java patterns: yyyy, MM, dd, HH,
 * mm, ss, Z), built on Intl, for unit tests that should not need the emulator.
 */
export function formatDate(date: Date, timeZone: string, pattern: string): string {
  const parts: Record<string, string> = {};
  for (const p of new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(date)) {
    parts[p.type] = p.value;
  }
  const asUtc = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
  const offset = Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const z = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
  return pattern.replace(/yyyy|MM|dd|HH|mm|ss|Z/g, (t) =>
    t === 'yyyy' ? parts.year : t === 'MM' ? parts.month : t === 'dd' ? parts.day : t === 'HH' ? parts.hour
      : t === 'mm' ? parts.minute : t === 'ss' ? parts.second : z,
  );
}

export function clockAt(iso: string) {
  let now = Date.parse(iso);
  return { now: () => now, set: (next: string) => (now = Date.parse(next)), formatDate };
}
