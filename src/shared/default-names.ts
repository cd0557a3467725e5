/**
 * The names a report gets when the user gives none. One home, because the sidebar shows them before
 * anything is sent (so the user sees where a report will go) and the server fills them in.
 */
interface Named {
  key: string;
  label: string;
}

function sitesPart(siteId: string | string[]): string {
  const sites = Array.isArray(siteId) ? siteId.join(', ') : siteId;
  return sites.toLowerCase() === 'all' ? 'all sites' : sites;
}

/** "Page performance - site-1": one sheet per report and site unless the user names another. */
export function defaultSheetName(report: Named, siteId: string | string[]): string {
  const sites = sitesPart(siteId);
  const name = report.key === 'sites' || !sites ? report.label : `${report.label} - ${sites}`;
  return name.length > 100 ? `${name.slice(0, 99)}\u2026` : name;
}

/** "Page performance: site-1": a saved report's name when the user leaves it empty. */
export function defaultReportName(report: Named, siteId: string | string[]): string {
  return `${report.label}: ${sitesPart(siteId)}`.slice(0, 100);
}
