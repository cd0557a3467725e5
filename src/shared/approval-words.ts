/**
 * How a refresh outcome says a report waits for its runner's approval: the server writes it
 * (reports/identity.ts) and both the menu's summary and the sidebar tell it apart from a report the
 * run did not reach in time, which refreshing again would finish (approval never comes by itself).
 */
export const APPROVAL_PREFIX = 'Needs approval by ';

export function isApprovalMessage(message: string | undefined): boolean {
  return message?.startsWith(APPROVAL_PREFIX) === true;
}
