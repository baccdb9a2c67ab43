import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, failure, fakeWallet, ok } from '../../test/trade-test-kit.tsx';
import { AUCTION_PATH, renderPage, server } from './auction-test-server.tsx';
import {
  auctionPayload,
  bidRow,
  BIDDER,
  INSCRIPTION_ID,
  SETTLEMENT_TXID,
} from './auction-test-fixtures.ts';

// /auction/{slug} (product.md#wizard-screens, #market-screens, #records "Transaction display"; ADR
// 012): the inscription, the seller, prices, countdown, status, the bids and the settlement.

const rowsOf = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((row) => row.textContent);
const prices = () =>
  within(screen.getByLabelText('Prices'))
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
const now = () => Math.floor(Date.now() / 1000);

afterEach(() => vi.useRealTimers());

describe('AuctionPage', () => {
  it('shows the inscription, the seller, the prices and the countdown of a live auction', async () => {
    server();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Rock Auction' })).toBeTruthy();
    const viewer = screen.getByRole('figure', { name: 'Inscription content' });
    expect(within(viewer).getByRole('img').getAttribute('src')).toBe(`/content/${INSCRIPTION_ID}`);
    const about = screen.getByRole('region', { name: 'About the auction' });
    expect(within(about).getByText('One rock, to the highest bidder, on regtest.')).toBeTruthy();
    expect(within(about).getByText(/^Hal · /)).toBeTruthy();
    const status = screen.getByRole('region', { name: 'Auction status' });
    expect(within(status).getByText('Live')).toBeTruthy();
    expect(within(status).getByRole('timer').textContent).toMatch(
      /^Ends in (23h 59m \d+s|1d 0h 0m)$/,
    );
    expect(prices()).toEqual([
      'Start price: 0.00020000 BTC20,000 sats',
      'Reserve price: 0.00030000 BTC30,000 sats',
      'Highest bid: No bids yet',
      'Minimum next bid: 0.00030000 BTC30,000 sats',
    ]);
    expect(screen.getByText('No bids yet.')).toBeTruthy();
    expect(screen.getByLabelText('Bid (BTC)')).toHaveProperty('value', '0.0003');
    expect(screen.queryByRole('region', { name: 'Settlement' })).toBeNull();
  });

  it('lists the bids, the highest bid and the minimum next bid', async () => {
    server({
      [`GET ${AUCTION_PATH}`]: ok(
        auctionPayload({
          highest_bid: '40000',
          minimum_bid: '42000',
          bids: [
            bidRow(),
            bidRow({
              id: '0a1b2c3d-4e5f-4a6b-8c7d-9e8f7a6b5c4d',
              amount: '30000',
              status: 'outbid',
              bidder_ordinal_address: BIDDER.ordinalsAddress,
            }),
          ],
        }),
      ),
    });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Rock Auction' });
    expect(prices().slice(2)).toEqual([
      'Highest bid: 0.00040000 BTC40,000 sats',
      'Minimum next bid: 0.00042000 BTC42,000 sats',
    ]);
    const rows = rowsOf('Bids');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/^Highest.*0\.00040000 BTC40,000 sats$/);
    expect(rows[1]).toMatch(/^Outbid.*\(you\).*0\.00030000 BTC30,000 sats$/);
    expect(screen.getByLabelText('Bid (BTC)')).toHaveProperty('value', '0.00042');
  });

  it('counts down to the start of an upcoming auction, which takes no bid yet', async () => {
    server({
      [`GET ${AUCTION_PATH}`]: ok(
        auctionPayload({ start_date: now() + 7_230, end_date: now() + 90_000 }),
      ),
    });
    renderPage();
    const status = await screen.findByRole('region', { name: 'Auction status' });
    expect(within(status).getByText('Upcoming')).toBeTruthy();
    expect(within(status).getByRole('timer').textContent).toMatch(/^Starts in 2h 0m \d+s$/);
    expect(screen.getByText('The auction has not started yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bid' })).toHaveProperty('disabled', true);
  });

  it("follows the settlement: 'No transaction found', then its confirmations, then confirmed", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers: [number, unknown][] = [
      ok({ confirmed: false }),
      ok({ confirmed: true, block_height: 120, block_hash: 'ff'.repeat(32), block_time: 1 }),
    ];
    let auction = auctionPayload({ start_date: now() - 7_200, end_date: now() - 10 });
    server({
      [`GET ${AUCTION_PATH}`]: () => ok(auction),
      [`GET /api/shared/tx/${SETTLEMENT_TXID}/status`]: () => answers.shift() ?? answers[0]!,
    });
    renderPage();
    const settlement = await screen.findByRole('region', { name: 'Settlement' });
    expect(
      within(screen.getByRole('region', { name: 'Auction status' })).getByText('Ended'),
    ).toBeTruthy();
    expect(within(settlement).getByRole('status').textContent).toBe('No transaction found');
    expect(screen.queryByRole('region', { name: 'Place a bid' })).toBeNull();

    auction = { ...auction, status: 'settled', settlement_txid: SETTLEMENT_TXID };
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    const tx = () => screen.getByRole('status', { name: 'Settlement status' }).textContent;
    await waitFor(() => expect(tx()).toBe('0 confirmations'));
    expect(screen.getByText('Settled')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(tx()).toBe('Confirmed'));
  });

  it('says when no bid could settle', async () => {
    server({
      [`GET ${AUCTION_PATH}`]: ok(
        auctionPayload({ status: 'unsold', start_date: now() - 7_200, end_date: now() - 60 }),
      ),
    });
    renderPage();
    const settlement = await screen.findByRole('region', { name: 'Settlement' });
    expect(screen.getByText('Unsold')).toBeTruthy();
    expect(within(settlement).getByRole('status').textContent).toBe('No transaction found');
    expect(
      within(settlement).getByText(
        'No bid could settle: the inscription stays in the seller’s maker wallet.',
      ),
    ).toBeTruthy();
  });

  it('says when the seller withdrew the item from escrow, before the end', async () => {
    server({
      [`GET ${AUCTION_PATH}`]: ok(
        auctionPayload({ status: 'withdrawn', start_date: now() - 3_600, end_date: now() + 3_600 }),
      ),
    });
    renderPage();
    const settlement = await screen.findByRole('region', { name: 'Settlement' });
    expect(screen.getByText('Withdrawn')).toBeTruthy();
    expect(within(settlement).getByRole('status').textContent).toBe(
      'The seller withdrew the item from escrow: this auction is closed and takes no bids',
    );
    expect(screen.queryByText(/^Ends in/)).toBeNull();
  });

  it('asks again every 5 s while live, and shows a new highest bid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let auction = auctionPayload();
    const calls = server({ [`GET ${AUCTION_PATH}`]: () => ok(auction) });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Rock Auction' });
    expect(callsTo(calls, 'GET', AUCTION_PATH)).toHaveLength(1);
    auction = {
      ...auction,
      highest_bid: '50000',
      minimum_bid: '52500',
      bids: [bidRow({ amount: '50000' })],
    };
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(callsTo(calls, 'GET', AUCTION_PATH)).toHaveLength(2);
    await waitFor(() => expect(prices()[2]).toBe('Highest bid: 0.00050000 BTC50,000 sats'));
  });

  it('says when there is no such auction', async () => {
    server({ [`GET ${AUCTION_PATH}`]: failure(404, 'Auction rock-auction not found') });
    renderPage(fakeWallet(null));
    expect(await screen.findByText('Auction not found')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Auction' })).toBeTruthy();
  });
});
