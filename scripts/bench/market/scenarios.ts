import { CHART_PERIODS } from '@om/core';
import { collectionSizes, slugOf, type Plan } from './generate.ts';

export interface Scenario {
  /** 'page-computed': a page row served with the page cache off (PAGE_CACHE_MB=0). */
  group: 'page' | 'page-computed' | 'chart' | 'stats' | 'list' | 'activity';
  label: string;
  path: string;
}

const trait = (category: string, value: number) =>
  `trait=${encodeURIComponent(`${category}:${category} ${value}`)}`;

/**
 * What a collection page asks, on the largest collection and on one of typical size, then the
 * charts, the stats row, the list and the activity (on the largest collection, the worst case).
 */
export function scenarios(plan: Plan): { scenarios: Scenario[]; largest: string; typical: string } {
  const { big, bigSize, restSize } = collectionSizes(plan);
  const largest = slugOf(1);
  const typical = slugOf(big + Math.round((plan.collections - big) / 2));
  const pages = (slug: string, size: number): Scenario[] => [
    {
      group: 'page',
      label: `page, no filter (${size.toLocaleString('en')} items)`,
      path: `/api/collections/${slug}/inscriptions`,
    },
    {
      group: 'page',
      label: `page, listed, 20,000-2,000,000 sats (${size.toLocaleString('en')} items)`,
      path: `/api/collections/${slug}/inscriptions?status=listed&minPrice=20000&maxPrice=2000000`,
    },
    {
      group: 'page',
      label: `page, 2 traits (${size.toLocaleString('en')} items)`,
      path: `/api/collections/${slug}/inscriptions?${trait('Background', 3)}&${trait('Body', 7)}`,
    },
  ];
  // Each page row twice: answered again from the page cache while nothing on it changes (what a
  // popular page costs), and computed on every request (a first view, or after any change).
  const computed = (s: Scenario): Scenario => ({
    ...s,
    group: 'page-computed',
    label: `${s.label}, computed`,
  });
  const allPages = [...pages(typical, restSize), ...pages(largest, bigSize)];
  return {
    largest,
    typical,
    scenarios: [
      ...allPages,
      ...allPages.map(computed),
      ...CHART_PERIODS.map((period): Scenario => ({
        group: 'chart',
        label: `floor chart, ${period}`,
        path: `/api/collections/${largest}/floor-chart?period=${encodeURIComponent(period)}`,
      })),
      { group: 'stats', label: 'collection and stats', path: `/api/collections/${largest}` },
      { group: 'list', label: 'collection list (50)', path: '/api/collections?limit=50' },
      { group: 'activity', label: 'activity, 1 day (100)', path: '/api/activity' },
    ],
  };
}
