import { harness, range } from './helpers';

const OCT = range('2026-10-01', '2026-10-31');
const PAGES = '/sites/site-1/pages/performance';

describe('paginated reports', () => {
  const h = harness();
  const page = (q: string, p = PAGES) => h.json(`${p}?${OCT}&${q}`);

  test('default page size is 100 with the catalog default sort', () => {
    const { body } = page('');
    expect(body.data).toHaveLength(100);
    expect(body.meta).toEqual({ recordCount: 1203, page: { number: 1, size: 100, prev: null, next: 2, first: 1, last: 13 } });
    const earnings = body.data.map((r: { earnings: number }) => r.earnings);
    expect(earnings).toEqual([...earnings].sort((a, b) => b - a));
  });

  test('page links: middle and last pages', () => {
    expect(page('page[number]=2&page[size]=500').body.meta.page).toEqual({ number: 2, size: 500, prev: 1, next: 3, first: 1, last: 3 });
    const last = page('page[number]=3&page[size]=500').body;
    expect(last.meta.page).toEqual({ number: 3, size: 500, prev: 2, next: null, first: 1, last: 3 });
    expect(last.data).toHaveLength(203);
  });

  test('a page past the end is empty', () => {
    const body = page('page[number]=9&page[size]=500').body;
    expect(body.data).toEqual([]);
    expect(body.meta.page.next).toBeNull();
  });

  test('pages do not overlap and cover every row', () => {
    const seen = new Set<string>();
    for (let n = 1; n <= 13; n++) for (const r of page(`page[number]=${n}&sort=pageUrl`).body.data) seen.add(r.pageUrl);
    expect(seen.size).toBe(1203);
  });

  test('page[size] above 500 is rejected; 500 is fine', () => {
    const res = page('page[size]=501');
    expect(res.status).toBe(400);
    expect(res.body.internalCode).toBe('invalid_page_size');
    expect(page('page[size]=500').body.data).toHaveLength(500);
    expect(page('page[size]=0').status).toBe(400);
    expect(page('page[number]=0').body.internalCode).toBe('invalid_page_number');
    expect(page('page[number]=x').status).toBe(400);
  });

  test('sort ascending and descending on numbers and text', () => {
    const pv = page('sort=pageviews&page[size]=500').body.data.map((r: { pageviews: number }) => r.pageviews);
    expect(pv).toEqual([...pv].sort((a, b) => a - b));
    const desc = page('sort=-pageviews&page[size]=500').body.data.map((r: { pageviews: number }) => r.pageviews);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const urls = page('sort=pageUrl').body.data.map((r: { pageUrl: string }) => r.pageUrl);
    expect(urls).toEqual([...urls].sort());
    const cpm = page('sort=-cpm').body.data.map((r: { cpm: { value: number } }) => r.cpm.value);
    expect(cpm).toEqual([...cpm].sort((a, b) => b - a));
  });

  test('an unknown sort field is invalid_sort', () => {
    const res = page('sort=-sessions');
    expect(res.status).toBe(400);
    expect(res.body.internalCode).toBe('invalid_sort');
    expect(res.body.message).toContain('pageviews');
  });

  test('nulls sort last both ways', () => {
    const asc = page('sort=rpm&page[size]=500&page[number]=3').body.data;
    expect(asc[asc.length - 1].rpm).toBeNull();
    const desc = page('sort=-rpm&page[size]=500&page[number]=3').body.data;
    expect(desc[desc.length - 1].rpm).toBeNull();
  });

  test('traffic/pages is paginated and sorted by pageviews by default', () => {
    const body = page('page[size]=50', '/sites/site-3/traffic/pages').body;
    expect(body.meta.recordCount).toBe(300);
    expect(body.meta.page.last).toBe(6);
    const pv = body.data.map((r: { pageviews: number }) => r.pageviews);
    expect(pv).toEqual([...pv].sort((a, b) => b - a));
  });

  test('the small site has about 40 pages', () => {
    expect(page('', '/sites/site-2/pages/performance').body.meta.recordCount).toBe(40);
  });

  test('non-paginated reports ignore page parameters and return every row', () => {
    const res = h.json(`/sites/site-1/earnings?${OCT}&page[size]=5`);
    expect(res.body.data).toHaveLength(31);
    expect(res.body.meta).toEqual({ recordCount: 31 });
  });

  test('/sites: page[size]=0 is everything in one page', () => {
    expect(h.json('/sites?page[size]=0').body.meta).toEqual({
      totalItemCount: 5,
      page: { number: 1, size: 0, prev: null, next: null, first: 1, last: 1 },
    });
    const two = h.json('/sites?page[size]=2&page[number]=2').body;
    expect(two.data.map((s: { id: string }) => s.id)).toEqual(['site-3', 'site-big']);
    expect(two.meta.page).toMatchObject({ next: 3, last: 3 });
  });
});

describe('the big site', () => {
  test('120,000 page rows; later pages reuse the generated table and sort order', () => {
    const h = harness();
    const q = `${range('2024-01-01', '2026-11-19')}&page[size]=500`;
    for (const p of ['/sites/site-big/pages/performance', '/sites/site-big/traffic/pages']) {
      const first = h.json(`${p}?${q}&page[number]=1`).body;
      expect(first.meta.recordCount).toBe(120_000);
      expect(first.meta.page.last).toBe(240);
      // What made a page fast is that nothing is generated or sorted again: count that, not milliseconds.
      const built = { tables: h.api.stats.pageTablesBuilt, orders: h.api.stats.pageOrdersBuilt };
      for (const n of [2, 120, 240]) {
        const res = h.get(`${p}?${q}&page[number]=${n}`);
        expect(JSON.parse(res.body).data).toHaveLength(500);
      }
      expect({ tables: h.api.stats.pageTablesBuilt, orders: h.api.stats.pageOrdersBuilt }).toEqual(built);
    }
  });

  test('a first request (cold cache, another sort) generates one table and sorts it once', () => {
    const h = harness(3);
    const res = h.json(`/sites/site-big/pages/performance?${range('2026-01-01', '2026-06-30')}&page[size]=500&sort=author`);
    expect(res.body.data).toHaveLength(500);
    expect({ tables: h.api.stats.pageTablesBuilt, orders: h.api.stats.pageOrdersBuilt }).toEqual({ tables: 1, orders: 1 });
  });
});
