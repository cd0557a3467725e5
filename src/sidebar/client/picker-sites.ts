import type { SiteView } from '../../shared/types';
import { siteLabel } from '../../shared/site-words';
import { clear, el } from './dom';

/** "All active sites". */
export const ALL = 'all';
/** A saved list of sites the single-site picker cannot show otherwise. */
export const SITE_LIST = 'site-list';

/**
 * The one site control of the sidebar: the builder, the saved-report editor, Alerts and Dashboard
 * all pick a site here, each site shown by name and ID, inactive ones marked.
 */
export interface SitePicker {
  select: HTMLSelectElement;
  hint: HTMLDivElement;
  fill(list: SiteView[]): void;
  showHint(): void;
  /** The chosen site, or the saved list of sites. */
  chosen(): string | string[];
  /** The site whose dates stand for the choice ("All sites" shares the dashboard presets: the first active site). */
  dateSite(): string | undefined;
  /** Chooses a site (an alert being edited); one the list lacks is added, so the server says what is wrong with it. */
  choose(siteId: string): void;
}

export interface SitePickerOptions {
  /** The form field's name (the builder's is "site"). */
  name?: string;
  /** What a saved report or alert holds: chosen once the list is in, kept when the list lacks it. */
  saved?: string | string[];
  /** Offer "All active sites" (where the form takes "all"). Default true. */
  all?: boolean;
  /** Inactive sites are shown, marked, but cannot be chosen (a dashboard or an alert refuses them). */
  activeOnly?: boolean;
}

export function createSitePicker(opts: SitePickerOptions = {}): SitePicker {
  const { saved, all = true, activeOnly = false } = opts;
  let sites: SiteView[] = [];
  const name = opts.name ?? 'site';
  const select = el('select', { name });
  const hint = el('div', { className: 'hint gray', 'data-test': `${name}-url` });

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
    const previous = select.value || (saved === undefined ? '' : Array.isArray(saved) ? SITE_LIST : saved);
    sites = list;
    clear(select);
    const active = list.filter((s) => s.active);
    if (all && (active.length > 1 || saved === ALL)) select.appendChild(el('option', { value: ALL, text: 'All active sites' }));
    if (Array.isArray(saved)) {
      select.appendChild(el('option', { value: SITE_LIST, text: `${saved.join(', ')} (as saved)`, 'data-sites': JSON.stringify(saved) }));
    }
    for (const s of list) {
      select.appendChild(el('option', { value: s.id, text: siteLabel(s), title: s.url, disabled: activeOnly && !s.active }));
    }
    // A saved site the credential no longer lists stays chosen: the server says what is wrong with it.
    if (typeof saved === 'string' && saved !== '' && saved !== ALL && !list.some((s) => s.id === saved)) {
      select.appendChild(el('option', { value: saved, text: `${saved} (not in your site list)` }));
    }
    const keep = Array.from(select.options).some((o) => o.value === previous && !o.disabled);
    select.value = keep ? previous : ((active[0] ?? (activeOnly ? undefined : list[0]))?.id ?? '');
    showHint();
  };
  const dateSite = (): string | undefined => {
    if (!select.value) return undefined;
    const choice = chosen();
    return select.value === ALL ? sites.find((s) => s.active)?.id : Array.isArray(choice) ? choice[0] : choice;
  };
  const choose = (siteId: string): void => {
    if (!Array.from(select.options).some((o) => o.value === siteId)) {
      select.appendChild(el('option', { value: siteId, text: siteId === ALL ? 'All active sites' : `${siteId} (not in your site list)` }));
    }
    select.value = siteId;
    showHint();
  };
  select.addEventListener('change', showHint);
  return { select, hint, fill, showHint, chosen, dateSite, choose };
}
