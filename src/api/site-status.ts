/** A site the network still serves (status "Active", in any case or spacing): "all" means these. */
export function isActiveSite(status: unknown): boolean {
  return typeof status === 'string' && status.trim().toLowerCase() === 'active';
}
