/** "120,000": without toLocaleString, whose locale data a runtime may lack. */
export function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
