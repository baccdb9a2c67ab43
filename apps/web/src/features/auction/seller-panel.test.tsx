import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SELLER, SELLER_PAYMENT } from '../../test/trade-test-fixtures.ts';
import { callsTo, failure, fakeWallet, ok } from '../../test/trade-test-kit.tsx';
import { AUCTION_PATH, renderPage, server } from './auction-test-server.tsx';
import { AUCTION_ID, auctionPayload, bidRow } from './auction-test-fixtures.ts';

// The seller on their own /auction/{slug} (ADR 012): canceling while nobody has bid, and where
// the inscription waits once the auction is canceled or unsold.

const SELLER_ACCOUNT = {
  id: 'dev' as const,
  paymentAddress: SELLER_PAYMENT.address,
  paymentPublicKey: SELLER_PAYMENT.publicKeyHex,
  ordinalsAddress: SELLER.address,
  ordinalsPublicKey: SELLER.publicKeyHex,
};
const panel = () => screen.findByRole('region', { name: 'Your auction' });

describe('SellerPanel', () => {
  it('cancels an auction nobody has bid on, after a second click, and shows it canceled', async () => {
    let status: 'active' | 'canceled' = 'active';
    const calls = server({
      [`GET ${AUCTION_PATH}`]: () => ok(auctionPayload({ status })),
      [`DELETE ${AUCTION_PATH}`]: () => {
        status = 'canceled';
        return ok({ auctionId: AUCTION_ID, status: 'canceled' });
      },
    });
    renderPage(fakeWallet(SELLER_ACCOUNT));
    await userEvent.click(within(await panel()).getByRole('button', { name: 'Cancel auction' }));
    expect(callsTo(calls, 'DELETE', AUCTION_PATH)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel the auction' }));
    expect(
      await screen.findByText('Auction canceled: the inscription is in your maker wallet'),
    ).toBeTruthy();
    expect(callsTo(calls, 'DELETE', AUCTION_PATH)).toHaveLength(1);
    const statusRegion = screen.getByRole('region', { name: 'Auction status' });
    expect(await within(statusRegion).findByText('Canceled')).toBeTruthy();
    const link = within(await panel()).getByRole('link', {
      name: 'Withdraw it from your wallet page',
    });
    expect(link.getAttribute('href')).toBe('/wallet');
    expect(screen.queryByRole('button', { name: 'Cancel auction' })).toBeNull();
  });

  it("shows the server's refusal when a bid came in meanwhile", async () => {
    server({ [`DELETE ${AUCTION_PATH}`]: failure(409, 'An auction with bids cannot be canceled') });
    renderPage(fakeWallet(SELLER_ACCOUNT));
    await userEvent.click(within(await panel()).getByRole('button', { name: 'Cancel auction' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel the auction' }));
    expect(await screen.findByText('An auction with bids cannot be canceled')).toBeTruthy();
  });

  it('is not offered once someone has bid, nor to anyone but the seller', async () => {
    server({
      [`GET ${AUCTION_PATH}`]: ok(auctionPayload({ highest_bid: '40000', bids: [bidRow()] })),
    });
    renderPage(fakeWallet(SELLER_ACCOUNT));
    await screen.findByRole('region', { name: 'Auction status' });
    expect(screen.queryByRole('region', { name: 'Your auction' })).toBeNull();
  });

  it('is not shown to a bidder', async () => {
    server();
    renderPage();
    await screen.findByRole('region', { name: 'Auction status' });
    expect(screen.queryByRole('region', { name: 'Your auction' })).toBeNull();
  });
});
