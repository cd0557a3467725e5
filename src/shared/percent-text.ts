import { thousands } from './text-size';

/**
 * A fraction as a percent in words, written as the sheet's own cells show percents ("0.00%",
 * "+0.0%"): no space before the sign, so an e-mail, a card and the status sheet read like the
 * numbers beside them. `places` fixed ("58.40%") where the text stands for a cell's value, or at
 * most that many ("20%", "4.4%") where it is a threshold or a change; `plus` marks a rise.
 */
export function percentText(fraction: number, opts: { places: number; fixed?: boolean; plus?: boolean }): string {
  const scale = 10 ** opts.places;
  const points = Math.round(Math.abs(fraction) * 100 * scale) / scale;
  // Rounded to nothing is no change either way: "0%", never "-0%" or "+0%".
  const sign = points === 0 ? '' : fraction < 0 ? '-' : opts.plus ? '+' : '';
  return `${sign}${thousands(points, opts.fixed ? opts.places : undefined)}%`;
}
