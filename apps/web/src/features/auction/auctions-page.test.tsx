import { formatDateTime, type AuctionSummary } from '@om/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';
import { fakeServer, ok } from '../../test/trade-test-kit.tsx';

// /auctions (product.md#walk-through-fixes item 4): live, upcoming and ended auctions, paged,
// against a fake server.

const START = 1_767_225_600; // 2026-01-01T00:00:00Z
function auction(slug: string, changes: Partial<AuctionSummary> = {}): AuctionSummary {
  return {
    id: `id-${slug}`,
    slug,
    status: 'active',
    inscription_id: `${'c'.repeat(64)}i0`,
    content_type: 'image/png',
    name: `Auction ${slug}`,
    start_price: '100000',
    highest_bid: null,
    start_date: START,
    end_date: START + 7200,
    ...changes,
  };
}

const AUCTIONS = [
  auction('rare-sat', { highest_bid: '150000' }),
  auction('no-name', { name: null, end_date: START + 3600 }),
];
const listCalls = (calls: ReturnType<typeof fakeServer>) =>
  calls.filter((c) => c.path.startsWith('/api/launchpad/auctions?')).map((c) => c.path);
const rows = () =>
  within(screen.getByRole('table', { name: 'Auctions' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('/auctions', () => {
  it('lists the live auctions with prices and end, and asks again by tab and page', async () => {
    const calls = fakeServer({
      'GET /api/launchpad/auctions': ok({ auctions: AUCTIONS, total: 41 }),
    });
    renderApp({ path: '/auctions' });
    await screen.findByRole('table', { name: 'Auctions' });
    expect(screen.getByRole('columnheader', { name: 'Ends' })).toBeTruthy();
    expect(rows()).toEqual([
      [
        'Auction rare-sat',
        '0.00100000 BTC',
        '0.00150000 BTC',
        formatDateTime(new Date((START + 7200) * 1000)),
      ],
      ['no-name', '0.00100000 BTC', 'No bid', formatDateTime(new Date((START + 3600) * 1000))],
    ]);
    expect(listCalls(calls)).toEqual(['/api/launchpad/auctions?status=live&limit=20&offset=0']);

    await userEvent.click(screen.getByRole('tab', { name: 'Upcoming' }));
    expect(await screen.findByRole('columnheader', { name: 'Starts' })).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Ended' }));
    expect(await screen.findByRole('columnheader', { name: 'Ended' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    await waitFor(() =>
      expect(listCalls(calls)).toEqual([
        '/api/launchpad/auctions?status=live&limit=20&offset=0',
        '/api/launchpad/auctions?status=upcoming&limit=20&offset=0',
        '/api/launchpad/auctions?status=ended&limit=20&offset=0',
        '/api/launchpad/auctions?status=ended&limit=20&offset=20',
      ]),
    );
  });

  it('opens an auction on its page', async () => {
    fakeServer({ 'GET /api/launchpad/auctions': ok({ auctions: AUCTIONS, total: 2 }) });
    const { router } = renderApp({ path: '/auctions?status=ended' });
    await userEvent.click(await screen.findByRole('link', { name: 'Auction rare-sat' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auction/rare-sat'));
  });

  it('says when a tab has no auction', async () => {
    fakeServer({ 'GET /api/launchpad/auctions': ok({ auctions: [], total: 0 }) });
    renderApp({ path: '/auctions?status=upcoming' });
    expect(await screen.findByText('No upcoming auction')).toBeTruthy();
  });
});
