import type { CollectionSummary } from '@om/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setViewportWidth } from '../../test/match-media.ts';
import { renderApp } from '../../test/render-app.tsx';
import { CATEGORY_CHIP_LIMIT } from './collections-page.tsx';
import { mockMarketServer, ok } from '../../test/market-test-server.ts';

const summary = (changes: Partial<CollectionSummary>): CollectionSummary => ({
  id: 1,
  slug: 'block-punks',
  name: 'Block Punks',
  icon: null,
  category: 'PFP',
  isZeroFee: false,
  floorPrice: '125000',
  volume: '250000000',
  volume1d: '300000',
  listedCount: 7,
  supply: 1000,
  owners: 321,
  percentChange: 12.5,
  ...changes,
});

const collections = [
  summary({}),
  summary({
    id: 2,
    slug: 'mempool-moons',
    name: 'Mempool Moons',
    floorPrice: null,
    percentChange: -3,
    volume: '0',
    volume1d: '0',
  }),
];

function server(options: { categoryCount?: number } = {}) {
  const categoryCount = options.categoryCount ?? 2;
  const categories = Array.from({ length: categoryCount }, (_, i) => ({
    category: i === 0 ? 'Art' : i === 1 ? 'PFP' : `Category ${i}`,
    count: 1,
  }));
  return mockMarketServer({
    '/api/collections': (url) =>
      ok({
        collections: url.searchParams.get('search') === 'zzz' ? [] : collections,
        total: url.searchParams.get('search') === 'zzz' ? 0 : 2,
      }),
    '/api/collections/categories': (url) => {
      const offset = Number(url.searchParams.get('offset'));
      return ok({ categories: categories.slice(offset, offset + 1000) });
    },
  });
}

describe('/collections', () => {
  it('lists the collections with their figures and a count', async () => {
    const { to } = server();
    renderApp({ path: '/collections' });

    const table = await screen.findByRole('table', { name: 'Collections' });
    expect(screen.getByText('2 collections')).toBeTruthy();
    const [, first, second] = within(table).getAllByRole('row');
    expect([...first!.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      'BBlock Punks',
      '0.00125000',
      '+12.50%',
      '0.00300000',
      '2.50000000',
      '7',
      '321',
      '1,000',
    ]);
    expect(within(first!).getByRole('link').getAttribute('href')).toBe('/collections/block-punks');
    expect(within(first!).getByText('+12.50%').className).toContain('text-emerald-400');
    expect(within(second!).getByText('-3.00%').className).toContain('text-red-400');
    expect(second!.querySelectorAll('td')[1]!.textContent).toBe('—');
    expect(Object.fromEntries(to('/api/collections')[0]!.searchParams)).toEqual({
      limit: '50',
      offset: '0',
      sort: 'volume_desc',
    });
  });

  it('fetches the categories in batches of 1000 until one is short, and filters by one', async () => {
    const { to } = server({ categoryCount: 1002 });
    const { router } = renderApp({ path: '/collections' });
    const chips = await screen.findByRole('list', { name: 'Categories' });
    expect(chips.querySelectorAll('li')).toHaveLength(1 + CATEGORY_CHIP_LIMIT); // All + the biggest
    const more = screen.getByRole('combobox', { name: 'More categories' });
    expect(more.querySelectorAll('option')).toHaveLength(1 + 1002 - CATEGORY_CHIP_LIMIT);
    expect(to('/api/collections/categories').map((u) => u.searchParams.get('offset'))).toEqual([
      '0',
      '1000',
    ]);

    await userEvent.click(within(chips).getByRole('button', { name: 'Art' }));
    await waitFor(() =>
      expect(to('/api/collections').at(-1)!.searchParams.get('category')).toBe('Art'),
    );
    expect(router.state.location.search).toBe('?category=Art');
    expect(within(chips).getByRole('button', { name: 'Art' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    await userEvent.selectOptions(more, 'Category 1001');
    await waitFor(() =>
      expect(to('/api/collections').at(-1)!.searchParams.get('category')).toBe('Category 1001'),
    );
  });

  it('searches once typing pauses, and keeps the search in the URL', async () => {
    const { to } = server();
    const { router } = renderApp({ path: '/collections' });
    await screen.findByRole('table', { name: 'Collections' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search collections' }), 'zzz');

    expect(await screen.findByText('No collections match')).toBeTruthy();
    expect(router.state.location.search).toBe('?q=zzz');
    const searches = to('/api/collections').map((u) => u.searchParams.get('search'));
    expect(searches).toEqual([null, 'zzz']);
  });

  it('sorts by a column header, floor both ways', async () => {
    const { to } = server();
    const { router } = renderApp({ path: '/collections' });
    await screen.findByRole('table', { name: 'Collections' });
    const floor = () => screen.getByRole('button', { name: /Floor \(BTC\)/ });

    await userEvent.click(floor());
    await waitFor(() =>
      expect(to('/api/collections').at(-1)!.searchParams.get('sort')).toBe('floor_asc'),
    );
    expect(floor().closest('th')!.getAttribute('aria-sort')).toBe('ascending');
    await userEvent.click(floor());
    await waitFor(() =>
      expect(to('/api/collections').at(-1)!.searchParams.get('sort')).toBe('floor_desc'),
    );
    expect(router.state.location.search).toBe('?sort=floor_desc');
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('floor_desc');
  });

  it('shows cards instead of a table on a phone', async () => {
    setViewportWidth(500);
    server();
    renderApp({ path: '/collections' });
    const list = await screen.findByRole('list', { name: 'Collections' });
    expect(within(list).getAllByTestId('collection-row')).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
  });
});
