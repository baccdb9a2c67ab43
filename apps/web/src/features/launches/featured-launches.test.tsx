import type { FeaturedLaunches as FeaturedPayload, LaunchSummary } from '@om/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';
import {
  callsTo,
  failure,
  fakeServer,
  fakeWallet,
  ok,
  renderWithWallet,
} from '../../test/trade-test-kit.tsx';
import { FeaturedLaunches } from './featured-launches.tsx';

const NOW = new Date('2026-03-01T12:00:00Z');
const T = NOW.getTime() / 1000;

let ids = 0;
function launch(
  name: string,
  changes: Partial<LaunchSummary> & { window?: [number, number | null] },
): LaunchSummary {
  const { window = [-600, 3600], ...rest } = changes;
  ids += 1;
  const id = `00000000-0000-4000-8000-${String(ids).padStart(12, '0')}`;
  return {
    id,
    slug: name.toLowerCase().replace(/ /g, '-'),
    status: 'active',
    launchpad_type: 'psbt',
    total_inscriptions: 10,
    remaining_inscriptions: 7,
    minted: 3,
    meta_data: { presold_inscriptions: null, total_sold_override: null },
    hide_progress: false,
    created_at: '2026-02-28T12:00:00Z',
    name,
    icon: null,
    phases: [
      {
        id: `${id}-p1`,
        launchpad_id: id,
        name: 'Public Sale',
        phase_number: 1,
        start_date: T + window[0],
        end_date: window[1] === null ? null : T + window[1],
        status: 'active',
        total_inscriptions: 10,
        remaining_inscriptions: 7,
        is_public: true,
        price: '50000',
        allocation: null,
      },
    ],
    ...rest,
  };
}

const FEATURED: FeaturedPayload = {
  psbt: [
    launch('Live Rocks', {}),
    launch('Gone Gems', { remaining_inscriptions: 0, minted: 10 }),
    launch('Soon Shells', { window: [3600, null] }),
    launch('Old Owls', { window: [-7200, -3600], hide_progress: true }),
  ],
  editions: [
    launch('Edition Eels', { launchpad_type: 'editions', window: [-600, null] }),
    // Editions are live only while the launchpad is active (product.md#market-screens).
    launch('Paused Pandas', {
      launchpad_type: 'editions',
      status: 'canceled',
      window: [-600, null],
    }),
  ],
};

const card = (name: string) => screen.getByRole('link', { name });
const badgeOf = (name: string) => card(name).querySelector('[data-status]')?.textContent;

describe('FeaturedLaunches', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('shows two rows of cards with their badge, price, progress and mint link', async () => {
    fakeServer({ 'GET /api/launchpad/featured': ok(FEATURED) });
    renderWithWallet(<FeaturedLaunches />, fakeWallet(null));

    const psbt = await screen.findByRole('list', { name: 'Pre-inscribed' });
    expect(
      within(psbt)
        .getAllByRole('link')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Live Rocks', 'Gone Gems', 'Soon Shells', 'Old Owls']);
    const editions = screen.getByRole('list', { name: 'Editions' });
    expect(within(editions).getAllByRole('link')).toHaveLength(2);

    expect(badgeOf('Live Rocks')).toBe('Live');
    expect(badgeOf('Gone Gems')).toBe('Sold out');
    expect(badgeOf('Soon Shells')).toBe('Coming soon');
    expect(badgeOf('Old Owls')).toBe('Ended');
    expect(badgeOf('Edition Eels')).toBe('Live');
    expect(badgeOf('Paused Pandas')).toBe('Ended');

    const live = card('Live Rocks');
    expect(live.getAttribute('href')).toBe('/mint/live-rocks');
    expect(within(live).getByText('0.00050000 BTC')).toBeTruthy();
    expect(within(live).getByText('3 / 10 minted · 7 remaining')).toBeTruthy();
    expect(
      within(live)
        .getByRole('progressbar', { name: 'Live Rocks progress' })
        .getAttribute('aria-valuenow'),
    ).toBe('30');
    // The next phase's price before it opens; none once every phase is over.
    expect(within(card('Soon Shells')).getByText('0.00050000 BTC')).toBeTruthy();
    expect(within(card('Old Owls')).getByText('No phase to come')).toBeTruthy();
    expect(within(card('Old Owls')).queryByRole('progressbar')).toBeNull();
  });

  it('turns a card to Live when its phase opens', async () => {
    fakeServer({
      'GET /api/launchpad/featured': ok({
        psbt: [launch('Soon Shells', { window: [2, null] })],
        editions: [],
      }),
    });
    renderWithWallet(<FeaturedLaunches />, fakeWallet(null));
    await screen.findByRole('list', { name: 'Pre-inscribed' });
    expect(badgeOf('Soon Shells')).toBe('Coming soon');
    expect(screen.queryByRole('list', { name: 'Editions' })).toBeNull();
    vi.setSystemTime(new Date(NOW.getTime() + 3_000));
    await waitFor(() => expect(badgeOf('Soon Shells')).toBe('Live'), { timeout: 2500 });
  });

  it.each([
    ['both lists are empty', ok({ psbt: [], editions: [] })],
    ['the call fails', failure(500, 'Database unavailable')],
  ])('renders nothing when %s', async (_, answer) => {
    const calls = fakeServer({ 'GET /api/launchpad/featured': answer });
    const { queryClient } = renderWithWallet(<FeaturedLaunches />, fakeWallet(null));
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/launchpad/featured')).toHaveLength(1));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByRole('region', { name: 'Featured launches' })).toBeNull();
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('heads /collections, and a card opens the mint page', async () => {
    fakeServer({ 'GET /api/launchpad/featured': ok(FEATURED) });
    const { router } = renderApp({ path: '/collections' });
    const strip = await screen.findByRole('region', { name: 'Featured launches' });
    await userEvent.click(within(strip).getByRole('link', { name: 'Live Rocks' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mint/live-rocks'));
  });
});
