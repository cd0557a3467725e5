/**
 * Sites as people read them: "Wander Far Travel (site-2)", "site-1, site-2", "all active sites".
 * The saved cards, the status sheet and the dashboard's title all say it this way; `nameOf` gives a
 * site's name where the caller knows it (the ID alone otherwise).
 */
export function sitesInWords(siteId: string | string[], nameOf: (id: string) => string | undefined = () => undefined): string {
  if (siteId === 'all') return 'all active sites';
  return ([] as string[])
    .concat(siteId)
    .map((id) => {
      const name = nameOf(id);
      return name ? `${name} (${id})` : id;
    })
    .join(', ');
}

/**
 * One site as a picker or a list shows it: its name beside its ID (people know the name, the forms
 * and formulas ask for the ID), and a site the API lists as not active says so.
 */
export function siteLabel(site: { id: string; name?: string; active?: boolean; status?: string }): string {
  const words = sitesInWords(site.id, () => (site.name && site.name !== site.id ? site.name : undefined));
  if (site.active !== false) return words;
  return `${words} \u00b7 ${(site.status || 'inactive').trim().toLowerCase()}`;
}
