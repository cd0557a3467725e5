import type { ReportDefinition, SiteView } from '../../shared/types';
import { clear, el } from './dom';

/** "All active sites". */
export const ALL = 'all';
/** A saved list of sites the single-site picker cannot show otherwise. */
export const SITE_LIST = 'site-list';

/** The report picker's site control: one site, all active sites, or the saved list. */
export interface SitePicker {
  select: HTMLSelectElement;
  hint: HTMLDivElement;
  fill(list: SiteView[]): void;
  showHint(): void;
  /** The chosen site, or the saved list of sites. */
  chosen(): string | string[];
  /** The site whose dates stand for the choice ("All sites" shares the dashboard presets: the first active site). */
  dateSite(): string | undefined;
}

export function createSitePicker(initial: ReportDefinition | undefined): SitePicker {
  let sites: SiteView[] = [];
  const select = el('select', { name: 'site' });
  const hint = el('div', { className: 'hint gray', 'data-test': 'site-url' });

  const chosen = (): string | string[] => {
    const option = select.selectedOptions[0];
    return select.value === SITE_LIST && option?.dataset.sites ? (JSON.parse(option.dataset.sites) as string[]) : select.value;
  };
  const showHint = (): void => {
    const site = sites.find((s) => s.id === select.value);
    hint.textContent = site
      ? `${site.url || 'No URL'}${site.active ? '' : ` \u00b7 ${site.status || 'inactive'}`}`
      : select.value === ALL
        ? `${sites.filter((s) => s.active).length} active sites, stacked with a Site column`
        : select.value === SITE_LIST
          ? 'The sites this report was saved with, stacked with a Site column'
          : '';
  };
  const fill = (list: SiteView[]): void => {
    const previous = select.value || (initial ? (Array.isArray(initial.siteId) ? SITE_LIST : initial.siteId) : '');
    sites = list;
    clear(select);
    const active = list.filter((s) => s.active);
    if (active.length > 1 || initial?.siteId === ALL) select.appendChild(el('option', { value: ALL, text: 'All active sites' }));
    if (Array.isArray(initial?.siteId)) {
      select.appendChild(
        el('option', { value: SITE_LIST, text: `${initial.siteId.join(', ')} (as saved)`, 'data-sites': JSON.stringify(initial.siteId) }),
      );
    }
    for (const s of list) {
      const label = `${s.name || s.id}${s.active ? '' : ' (inactive)'}`;
      select.appendChild(el('option', { value: s.id, text: label, title: s.url }));
    }
    // A saved site the credential no longer lists stays chosen: the server says what is wrong with it.
    if (initial && typeof initial.siteId === 'string' && initial.siteId !== ALL && !list.some((s) => s.id === initial.siteId)) {
      select.appendChild(el('option', { value: initial.siteId, text: `${initial.siteId} (not in your site list)` }));
    }
    const keep = Array.from(select.options).some((o) => o.value === previous);
    select.value = keep ? previous : ((active[0] ?? list[0])?.id ?? '');
    showHint();
  };
  const dateSite = (): string | undefined => {
    if (!select.value) return undefined;
    const choice = chosen();
    return select.value === ALL ? sites.find((s) => s.active)?.id : Array.isArray(choice) ? choice[0] : choice;
  };
  return { select, hint, fill, showHint, chosen, dateSite };
}
