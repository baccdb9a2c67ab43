import type { CollectionPayload } from '@om/core';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';
import { collectionQueries } from './collections.queries.ts';
import { COLLECTION_SEED_ID, takeCollectionSeed } from './collection-seed.ts';
import { mockMarketServer, ok } from '../../test/market-test-server.ts';

// product.md#scale-and-delivery, LCP: the server inlines GET /api/collections/:slug's payload in
// index.html (apps/server's http/web-static-head.ts); the page renders from it and refetches when
// stale.

vi.mock('./floor-chart-canvas.ts', () => ({
  mountFloorChart: vi.fn(async () => ({ setPoints: vi.fn(), dispose: vi.fn() })),
}));

const SLUG = 'block-punks';
const detail = (name: string): CollectionPayload => ({
  collection: {
    id: 1,
    slug: SLUG,
    name,
    description: null,
    icon: null,
    bannerImage: null,
    inscriptionIcon: null,
    discordLink: null,
    telegramLink: null,
    twitterLink: null,
    instagramLink: null,
    websiteLink: null,
    category: null,
    isTradable: true,
    isUnderReview: false,
    isZeroFee: false,
    displayGrafana: false,
    extraMetadata: {},
  },
  stats: {
    floorPrice: null,
    percentChange: 0,
    volume1d: '0',
    volume7d: '0',
    volume30d: '0',
    volumeAll: '0',
    sales1d: 0,
    salesAll: 0,
    listed: 0,
    supply: 10,
    owners: 3,
  },
});

/** The element as the server writes it (its JSON escaped the same way). */
function inline(text: string): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = COLLECTION_SEED_ID;
  element.textContent = text;
  document.head.append(element);
}
const seedJson = (seed: unknown) => JSON.stringify(seed).replace(/</g, '\\u003c');

afterEach(() => document.getElementById(COLLECTION_SEED_ID)?.remove());

describe('takeCollectionSeed', () => {
  it('reads the payload once, with the read time, and removes the element', () => {
    const name = 'Block "Punks" </script>';
    inline(seedJson({ slug: SLUG, readAt: 1_000, payload: detail(name) }));
    expect(takeCollectionSeed(SLUG)).toEqual({ payload: detail(name), updatedAt: 1_000 });
    expect(document.getElementById(COLLECTION_SEED_ID)).toBeNull();
    expect(takeCollectionSeed(SLUG)).toBeUndefined();
  });

  it('never dates the seed after the browser clock', () => {
    inline(seedJson({ slug: SLUG, readAt: Date.now() + 60_000, payload: detail('x') }));
    expect(takeCollectionSeed(SLUG)!.updatedAt).toBeLessThanOrEqual(Date.now());
  });

  it.each([
    ['another collection', seedJson({ slug: 'other', readAt: 1, payload: detail('x') })],
    ['not the payload schema', seedJson({ slug: SLUG, readAt: 1, payload: { collection: {} } })],
    ['no read time', seedJson({ slug: SLUG, payload: detail('x') })],
    ['not JSON', '{"slug":'],
  ])('ignores %s', (_, text) => {
    inline(text);
    expect(takeCollectionSeed(SLUG)).toBeUndefined();
  });
});

describe('/collections/:slug seeded from index.html', () => {
  it('renders the header before the read answers, then refetches the stale seed', async () => {
    let answer: () => void = () => undefined;
    const { to } = mockMarketServer({ [`/api/collections/${SLUG}`]: ok(detail('Fresh Punks')) });
    const served = vi.mocked(fetch);
    // The detail read waits until the test lets it through: the header cannot come from it.
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await served(input, init);
      if (!String(input).endsWith(`/api/collections/${SLUG}`)) return response;
      return new Promise<Response>((resolve) => (answer = () => resolve(response)));
    });
    inline(seedJson({ slug: SLUG, readAt: Date.now() - 60_000, payload: detail('Seeded Punks') }));

    const { queryClient } = renderApp({ path: `/collections/${SLUG}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Seeded Punks' })).toBeTruthy();
    const key = collectionQueries.detail(SLUG).queryKey;
    expect(queryClient.getQueryState(key)!.dataUpdatedAt).toBeLessThan(Date.now() - 59_000);

    // A minute old: stale, so the page asked for it on mount, as it would without the seed.
    await waitFor(() => expect(to(`/api/collections/${SLUG}`)).toHaveLength(1));
    answer();
    expect(await screen.findByRole('heading', { level: 1, name: 'Fresh Punks' })).toBeTruthy();
  });

  it('reads the API as before when the page has no seed', async () => {
    const { to } = mockMarketServer({ [`/api/collections/${SLUG}`]: ok(detail('Fresh Punks')) });
    renderApp({ path: `/collections/${SLUG}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Fresh Punks' })).toBeTruthy();
    expect(to(`/api/collections/${SLUG}`)).toHaveLength(1);
  });
});
