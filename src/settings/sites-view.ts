import { createClient } from '../api/client';
import { isActiveSite } from '../api/site-status';
import type { SiteRow } from '../api/types';
import type { Execution } from '../platform/execution';
import { loadCredential } from './credential';
import type { SiteView } from '../shared/types';

export function toSiteView(site: SiteRow): SiteView {
  const status = typeof site.status === 'string' ? site.status : '';
  return {
    id: String(site.id ?? ''),
    name: typeof site.name === 'string' ? site.name : '',
    url: typeof site.url === 'string' ? site.url : '',
    status,
    active: isActiveSite(status),
  };
}

/** Active sites first (the ones a user reports on), each group in the API's order. */
export function listSiteViews(execution: Execution): SiteView[] {
  const client = createClient(execution, loadCredential(execution, 'user'));
  const views = client.listSites().map(toSiteView);
  return [...views.filter((s) => s.active), ...views.filter((s) => !s.active)];
}
