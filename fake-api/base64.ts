const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * Base64 to text (UTF-8), in plain JavaScript: the add-on's demo mode runs this API inside Apps
 * Script, which has neither Buffer nor atob.
 */
export function base64ToText(base64: string): string {
  const clean = base64.replace(/[^A-Za-z0-9+/]/g, '');
  const bytes: number[] = [];
  for (let i = 0; i + 1 < clean.length; i += 4) {
    const n = [0, 1, 2, 3].map((k) => (i + k < clean.length ? ALPHABET.indexOf(clean[i + k]) : 0));
    const chunk = (n[0] << 18) | (n[1] << 12) | (n[2] << 6) | n[3];
    bytes.push((chunk >> 16) & 255);
    if (i + 2 < clean.length) bytes.push((chunk >> 8) & 255);
    if (i + 3 < clean.length) bytes.push(chunk & 255);
  }
  return decodeURIComponent(bytes.map((b) => `%${b.toString(16).padStart(2, '0')}`).join(''));
}
