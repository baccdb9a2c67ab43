import {
  INVALID_CHART_PERIOD,
  PRICE_BELOW_MINIMUM,
  type CollectionPayload,
  type MarketInscription,
  type TradeActivity,
} from '@om/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';
import { mountFloorChart } from './floor-chart-canvas.ts';
import { MIN_ABOVE_MAX } from './inscription-filters.ts';
import { failure, FakeEventSource, mockMarketServer, ok } from '../../test/market-test-server.ts';
import { MARKET_REFRESH_DELAY_MS } from './use-market-events.ts';

// jsdom draws no canvas: the chart library is replaced by a handle that records its points.
const chart = vi.hoisted(() => ({ setPoints: vi.fn(), dispose: vi.fn() }));
vi.mock('./floor-chart-canvas.ts', () => ({ mountFloorChart: vi.fn(async () => chart) }));

const SLUG = 'block-punks';
const BASE = `/api/collections/${SLUG}`;
const id = (n: number) => `${n.toString(16).padStart(64, '0')}i0`;

const detail: CollectionPayload = {
  collection: {
    id: 1,
    slug: SLUG,
    name: 'Block Punks',
    description: 'Pixel punks, one per block.',
    icon: `/content/${id(999)}`,
    bannerImage: null,
    inscriptionIcon: id(999),
    discordLink: null,
    telegramLink: null,
    twitterLink: 'https://x.com/blockpunks',
    instagramLink: null,
    websiteLink: 'https://blockpunks.example',
    category: 'PFP',
    isTradable: true,
    isUnderReview: false,
    isZeroFee: false,
    displayGrafana: false,
    extraMetadata: {},
  },
  stats: {
    floorPrice: '125000',
    percentChange: -4.5,
    volume1d: '300000',
    volume7d: '1200000',
    volume30d: '5000000',
    volumeAll: '250000000',
    sales1d: 2,
    salesAll: 40,
    listed: 7,
    supply: 1000,
    owners: 321,
  },
};

const item = (n: number, changes: Partial<MarketInscription> = {}): MarketInscription => ({
  inscriptionId: id(n),
  number: 1000 + n,
  name: `Block Punk #${n}`,
  contentType: 'image/png',
  owner: 'bcrt1powner',
  listingId: null,
  price: null,
  isSnipeProtected: false,
  listedAt: null,
  ...changes,
});

const firstItems = [
  item(1, {
    listingId: 'l-1',
    price: '125000',
    isSnipeProtected: true,
    listedAt: '2024-05-01T00:00:00Z',
  }),
  item(2),
];

const trade = (changes: Partial<TradeActivity>): TradeActivity => ({
  id: 't',
  listingId: 'l-1',
  inscriptionId: id(1),
  price: '125000',
  state: 'confirmed',
  finalized: true,
  txId: 'ab'.repeat(32),
  makerOrdinalAddress: 'bcrt1pmaker000000000000000000000000000000000000000000000000',
  takerOrdinalAddress: 'bcrt1ptaker000000000000000000000000000000000000000000000000',
  feeRate: 5,
  thumbnailUrl: null,
  inscriptionName: 'Block Punk #1',
  collectionSlug: SLUG,
  sniperFeeRate: null,
  isSnipeProtected: false,
  blockHeight: 120,
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  ...changes,
});

function server(
  inscriptions: (url: URL) => MarketInscription[] = () => firstItems,
  options: { total?: number } = {},
) {
  return mockMarketServer({
    [BASE]: ok(detail),
    [`${BASE}/floor-chart`]: (url) =>
      ['1 day', '7 days', '30 days', '6 months'].includes(url.searchParams.get('period') ?? '')
        ? ok({
            period: url.searchParams.get('period'),
            bucket: '5 minutes',
            points: [
              { timestamp: '2024-05-01T00:00:00.000Z', value: '120000' },
              { timestamp: '2024-05-01T00:05:00.000Z', value: '125000' },
            ],
          })
        : failure(400, INVALID_CHART_PERIOD),
    [`${BASE}/inscriptions`]: (url) =>
      ok({ inscriptions: inscriptions(url), total: options.total ?? 2 }),
    [`${BASE}/traits`]: ok({
      traits: [
        {
          category: 'Background',
          values: [
            { value: 'Blue', count: 12 },
            { value: 'Red', count: 3 },
          ],
        },
        { category: 'Eyes', values: [{ value: 'Laser', count: 1 }] },
      ],
    }),
    '/api/activity': (url) =>
      ok({
        activity:
          url.searchParams.get('interval') === '1 day'
            ? [
                trade({ id: 'a', state: 'mempool', finalized: false, txId: null }),
                trade({ id: 'b', state: 'canceled' }),
                trade({ id: 'c', state: 'sniped', finalized: true }),
              ]
            : [trade({ id: 'z' })],
      }),
  });
}

const cards = () => screen.findAllByTestId('inscription-card');

describe('/collections/:slug', () => {
  beforeEach(() => {
    chart.setPoints.mockClear();
  });

  it('shows the header, the stats row, the chart and the items', async () => {
    server();
    renderApp({ path: `/collections/${SLUG}` });

    expect(await screen.findByRole('heading', { level: 1, name: 'Block Punks' })).toBeTruthy();
    expect(screen.getByText('Pixel punks, one per block.')).toBeTruthy();
    const links = within(screen.getByRole('list', { name: 'Links' })).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Website', 'https://blockpunks.example'],
      ['X', 'https://x.com/blockpunks'],
    ]);

    expect(screen.getByTestId('stat-floor').textContent).toBe('Floor0.00125000 BTC');
    const stats = within(screen.getByLabelText('Collection stats'));
    expect(stats.getByText('-4.50%').className).toContain('text-red-400');
    expect(stats.getByText('2.50000000 BTC')).toBeTruthy(); // all-time volume
    expect(stats.getByText('321')).toBeTruthy();
    expect(stats.getByText('1,000')).toBeTruthy();

    const [listed, unlisted] = await cards();
    expect(within(listed!).getByTestId('inscription-price').textContent).toBe('0.00125000 BTC');
    expect(within(listed!).getByText('Listed')).toBeTruthy();
    expect(within(listed!).getByRole('img', { name: 'Snipe protected' })).toBeTruthy();
    expect(within(unlisted!).queryByRole('img', { name: 'Snipe protected' })).toBeNull();
    expect(within(listed!).getByRole('link').getAttribute('href')).toBe(`/inscriptions/${id(1)}`);
    expect(within(unlisted!).getByTestId('inscription-price').textContent).toBe('Not listed');
    expect(within(unlisted!).queryByText('Listed')).toBeNull();
    expect(screen.getByText('2 results')).toBeTruthy();

    await waitFor(() => expect(chart.setPoints).toHaveBeenCalled());
    expect(chart.setPoints).toHaveBeenLastCalledWith([
      { time: 1714521600, value: 0.0012 },
      { time: 1714521900, value: 0.00125 },
    ]);
  });

  it('asks for listed items only once the Listed filter is chosen, and puts it in the URL', async () => {
    const { to } = server();
    const { router } = renderApp({ path: `/collections/${SLUG}` });
    await cards();
    expect(to(`${BASE}/inscriptions`)[0]!.searchParams.get('status')).toBe('all');

    await userEvent.click(screen.getByRole('radio', { name: 'Listed' }));

    await waitFor(() =>
      expect(to(`${BASE}/inscriptions`).at(-1)!.searchParams.get('status')).toBe('listed'),
    );
    const last = to(`${BASE}/inscriptions`).at(-1)!;
    expect(last.searchParams.get('limit')).toBe('20');
    expect(last.searchParams.get('offset')).toBe('0');
    expect(router.state.location.search).toBe('?status=listed');
  });

  it('shows the server message for a period the chart does not accept', async () => {
    const { to } = server();
    renderApp({ path: `/collections/${SLUG}?period=2%20days` });
    const chartSection = (await screen.findByRole('heading', { name: 'Floor price' })).closest(
      'section',
    )!;
    expect((await within(chartSection).findByRole('alert')).textContent).toBe(INVALID_CHART_PERIOD);
    expect(to(`${BASE}/floor-chart`)[0]!.searchParams.get('period')).toBe('2 days');
    expect(
      within(chartSection).getByRole('button', { name: '1D' }).getAttribute('aria-pressed'),
    ).toBe('false');
  });

  it('switches the chart period from its tabs', async () => {
    const { to } = server();
    const { router } = renderApp({ path: `/collections/${SLUG}` });
    await userEvent.click(await screen.findByRole('button', { name: '7D' }));
    await waitFor(() =>
      expect(to(`${BASE}/floor-chart`).at(-1)!.searchParams.get('period')).toBe('7 days'),
    );
    expect(new URLSearchParams(router.state.location.search).get('period')).toBe('7 days');
  });

  it('imports the chart library only once the chart comes near the viewport', async () => {
    // A browser's IntersectionObserver, driven by hand (setup.ts unstubs it): the chart's box is
    // off screen until told.
    const observed = new Map<Element, IntersectionObserverCallback>();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        readonly callback: IntersectionObserverCallback;
        constructor(callback: IntersectionObserverCallback) {
          this.callback = callback;
        }
        observe(element: Element) {
          observed.set(element, this.callback);
        }
        disconnect() {}
      },
    );
    vi.mocked(mountFloorChart).mockClear();
    server();
    renderApp({ path: `/collections/${SLUG}` });
    const box = await screen.findByTestId('floor-chart');
    await cards();
    expect(mountFloorChart).not.toHaveBeenCalled();
    expect(chart.setPoints).not.toHaveBeenCalled();

    const entry = { isIntersecting: true, target: box } as unknown as IntersectionObserverEntry;
    act(() => observed.get(box)!([entry], {} as IntersectionObserver));

    await waitFor(() => expect(chart.setPoints).toHaveBeenCalled());
    expect(mountFloorChart).toHaveBeenCalledExactlyOnceWith(box);
    expect(chart.setPoints).toHaveBeenLastCalledWith([
      { time: 1714521600, value: 0.0012 },
      { time: 1714521900, value: 0.00125 },
    ]);
  });

  it('validates the price range before asking, then sends it in sats', async () => {
    const { to } = server();
    const { router } = renderApp({ path: `/collections/${SLUG}` });
    await cards();
    const min = screen.getByLabelText('Min price (BTC)');
    const max = screen.getByLabelText('Max price (BTC)');

    await userEvent.type(min, '0.000001');
    await userEvent.click(screen.getByRole('button', { name: 'Apply price' }));
    expect((await screen.findByRole('alert')).textContent).toBe(PRICE_BELOW_MINIMUM);

    await userEvent.clear(min);
    await userEvent.type(min, '0.2');
    await userEvent.type(max, '0.1');
    await userEvent.click(screen.getByRole('button', { name: 'Apply price' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MIN_ABOVE_MAX);
    expect(min.getAttribute('aria-invalid')).toBe('true');
    expect(to(`${BASE}/inscriptions`).some((u) => u.searchParams.has('minPrice'))).toBe(false);

    await userEvent.clear(max);
    await userEvent.type(max, '0.5');
    await userEvent.click(screen.getByRole('button', { name: 'Apply price' }));
    await waitFor(() =>
      expect(to(`${BASE}/inscriptions`).at(-1)!.searchParams.get('minPrice')).toBe('20000000'),
    );
    expect(to(`${BASE}/inscriptions`).at(-1)!.searchParams.get('maxPrice')).toBe('50000000');
    expect(router.state.location.search).toBe('?min=0.2&max=0.5');
  });

  it('filters by trait values, one trait parameter each', async () => {
    const { to } = server();
    const { router } = renderApp({ path: `/collections/${SLUG}` });
    await cards();
    await userEvent.click(await screen.findByText('Background'));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Background: Blue' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Background: Red' }));
    await waitFor(() =>
      expect(to(`${BASE}/inscriptions`).at(-1)!.searchParams.getAll('trait')).toEqual([
        'Background:Blue',
        'Background:Red',
      ]),
    );
    expect(new URLSearchParams(router.state.location.search).getAll('trait')).toEqual([
      'Background:Blue',
      'Background:Red',
    ]);
  });

  it('reads the filters from a shared link', async () => {
    const { to } = server();
    renderApp({
      path: `/collections/${SLUG}?status=unlisted&min=0.001&sort=number_desc&trait=Eyes:Laser`,
    });
    await cards();
    const query = to(`${BASE}/inscriptions`)[0]!.searchParams;
    expect(query.get('status')).toBe('unlisted');
    expect(query.get('minPrice')).toBe('100000');
    expect(query.get('sort')).toBe('number_desc');
    expect(query.getAll('trait')).toEqual(['Eyes:Laser']);
    expect((screen.getByRole('radio', { name: 'Unlisted' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((screen.getByLabelText('Min price (BTC)') as HTMLInputElement).value).toBe('0.001');
    expect(
      (screen.getByRole('checkbox', { name: 'Eyes: Laser' }) as HTMLInputElement).checked,
    ).toBe(true);
  });

  it('asks for the next 20 only while the last page was full', async () => {
    const full = Array.from({ length: 20 }, (_, i) => item(i + 1));
    const { to } = server(
      (url) => (url.searchParams.get('offset') === '0' ? full : [item(21), item(22)]),
      { total: 22 },
    );
    renderApp({ path: `/collections/${SLUG}` });
    expect(await cards()).toHaveLength(20);

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(async () => expect(await cards()).toHaveLength(22));
    expect(to(`${BASE}/inscriptions`).map((u) => u.searchParams.get('offset'))).toEqual([
      '0',
      '20',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it("lists the collection's trades without canceled ones, and all of them in pages of 20", async () => {
    const { to } = server();
    renderApp({ path: `/collections/${SLUG}` });
    await userEvent.click(await screen.findByRole('tab', { name: 'Activity' }));

    const rows = await screen.findAllByTestId('activity-row');
    expect(rows.map((row) => row.getAttribute('data-status'))).toEqual([
      'pending',
      'completed-sniped',
    ]);
    const cells = [...rows[0]!.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells).toEqual([
      'Block Punk #1',
      '0.00125000 BTC',
      'Pending',
      'bcrt1p…0000→ to bcrt1p…0000',
      '5 minutes ago',
      '—',
    ]);
    // The transaction links to its page (our /tx/ view on regtest, the explorer elsewhere).
    const tx = within(rows[1]!).getByRole('link', { name: `Transaction ${'ab'.repeat(32)}` });
    expect(tx.textContent).toBe('abababab…abababab');
    expect(tx.getAttribute('href')).toBe(`/tx/${'ab'.repeat(32)}`);
    expect(within(rows[1]!).getByRole('button', { name: 'Copy transaction ID' })).toBeTruthy();
    const first = to('/api/activity')[0]!.searchParams;
    expect(Object.fromEntries(first)).toEqual({
      interval: '1 day',
      limit: '100',
      offset: '0',
      slug: SLUG,
    });

    await userEvent.selectOptions(screen.getByLabelText('Activity window'), 'All time');
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(1));
    expect(Object.fromEntries(to('/api/activity').at(-1)!.searchParams)).toEqual({
      interval: '10 years',
      limit: '20',
      offset: '0',
      slug: SLUG,
    });
  });

  it('says so when the collection does not exist', async () => {
    mockMarketServer({});
    renderApp({ path: '/collections/nope' });
    expect(await screen.findByText('Collection not found')).toBeTruthy();
  });
});

describe('live market events', () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    FakeEventSource.instances = [];
  });

  it('refreshes the page on a listing of this collection, on one stream shared with the layout', async () => {
    const { to } = server();
    const { unmount } = renderApp({ path: `/collections/${SLUG}` });
    await cards();
    expect(FakeEventSource.instances).toHaveLength(1);
    const source = FakeEventSource.instances[0]!;
    const itemRequests = () => to(`${BASE}/inscriptions`).length;
    const before = { items: itemRequests(), detail: to(BASE).length };

    source.emit('listing', {
      listingId: 'l-9',
      inscriptionId: id(9),
      status: 'active',
      price: '1000',
      collectionSlug: 'another-collection',
    });
    await new Promise((resolve) => setTimeout(resolve, MARKET_REFRESH_DELAY_MS + 100));
    expect(itemRequests()).toBe(before.items);

    source.emit('listing', {
      listingId: 'l-2',
      inscriptionId: id(2),
      status: 'active',
      price: '130000',
      collectionSlug: SLUG,
    });
    source.emit('trade', {
      orderId: 'l-1',
      tradeStatus: 'mempool',
      txId: null,
      inscriptionId: id(1),
      collectionSlug: SLUG,
    });
    // A burst is one refresh of the stats, the chart and the items.
    await waitFor(() => expect(itemRequests()).toBe(before.items + 1));
    expect(to(BASE).length).toBe(before.detail + 1);

    source.emit('block', {
      height: 121,
      hash: '00',
      inscriptionsCreated: 0,
      inscriptionsMoved: [],
    });
    await waitFor(() => expect(itemRequests()).toBe(before.items + 2));

    unmount();
    expect(source.isClosed).toBe(true);
  });
});
