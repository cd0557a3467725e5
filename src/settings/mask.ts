const DOTS = '••••••••';
/** Below this length the last four characters would give away too much of the secret. */
const MIN_LENGTH_TO_SHOW_TAIL = 16;

/** What the sidebar shows for a stored secret: enough to recognise it, never enough to use it. */
export function maskSecret(secret: string): string {
  if (!secret) return '';
  return secret.length >= MIN_LENGTH_TO_SHOW_TAIL ? DOTS + secret.slice(-4) : DOTS;
}
