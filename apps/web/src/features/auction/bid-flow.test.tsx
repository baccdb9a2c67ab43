import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, failure, fakeWallet, ok } from '../../test/trade-test-kit.tsx';
import {
  AUCTION_ID,
  auctionPayload,
  BID_ID,
  BIDDER,
  INSCRIPTION_ID,
  placedBid,
} from './auction-test-fixtures.ts';
import {
  AUCTION_PATH,
  BID_PATH,
  CONFIRM_BID_PATH,
  renderPage,
  server,
} from './auction-test-server.tsx';

// Bidding on /auction/{slug} (product.md#market-calls "Auctions", product.md#errors; ADR 012):
// the bid asked for, its settlement PSBT reviewed, signed, confirmed, recorded; and every refusal
// on the way.

const OTHER = 'bcrt1p' + 'q'.repeat(58);
const standingBid = (bidder: string) => ({
  id: 'b0',
  amount: '40000',
  bidder_ordinal_address: bidder,
  time: 1_700_000_000,
  status: 'standing' as const,
});

const bidInput = () => screen.getByLabelText('Bid (BTC)');
const bidButton = () => screen.getByRole('button', { name: 'Bid' });
const dialog = () => screen.findByRole('dialog', { name: 'Place your bid' });
const errorOf = () => {
  const described = bidInput().getAttribute('aria-describedby');
  return described ? document.getElementById(described)?.textContent : undefined;
};

async function bid(btc: string) {
  await screen.findByRole('region', { name: 'Place a bid' });
  await waitFor(() => expect(bidButton()).toHaveProperty('disabled', false));
  await userEvent.clear(bidInput());
  await userEvent.type(bidInput(), btc);
  await userEvent.click(bidButton());
}

describe('bidding', () => {
  it('asks for the bid, reviews it, signs the bidder’s inputs, confirms and records the order', async () => {
    let auction = auctionPayload();
    const calls = server({
      [`GET ${AUCTION_PATH}`]: () => ok(auction),
      [`PUT ${CONFIRM_BID_PATH}`]: () => {
        auction = { ...auction, highest_bid: '40000', minimum_bid: '42000' };
        return ok({ bidId: BID_ID, status: 'standing', amount: '40000', minimumBid: '42000' });
      },
    });
    const { wallet } = renderPage();
    await bid('0.0004');

    const review = await screen.findByRole('region', { name: 'Bid review' });
    expect(callsTo(calls, 'POST', BID_PATH).map((c) => c.body)).toEqual([
      {
        amount: '40000',
        bidderPublicKey: BIDDER.paymentPublicKey,
        bidderOrdinalAddress: BIDDER.ordinalsAddress,
        feeRate: 6,
      },
    ]);
    const rows = within(review)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    const placed = placedBid();
    const total = BigInt(placed.total).toLocaleString('en-US');
    expect(rows).toEqual([
      'Your bid: 0.00040000 BTC40,000 sats',
      'The seller gets: 0.00039600 BTC39,600 sats',
      'Platform fee: 0.00000400 BTC400 sats',
      'Inscription output: 0.00010000 BTC10,000 sats',
      expect.stringMatching(/^Network fee \(6(\.\d+)? sat\/vB\): /),
      expect.stringMatching(new RegExp(`^From your multisig wallet if you win: .*${total} sats$`)),
      expect.stringMatching(/^Inscription goes to: /),
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Sign and bid' }));

    expect(await screen.findByText('Your bid stands as the highest.')).toBeTruthy();
    const [request] = wallet.signPsbt.mock.calls.map(([r]) => r);
    expect(request).toEqual({
      psbtBase64: placed.psbt,
      inputsToSign: [
        { index: 0, address: BIDDER.paymentAddress },
        { index: 1, address: BIDDER.paymentAddress },
        { index: 3, address: BIDDER.paymentAddress },
      ],
      finalize: false,
    });
    expect(callsTo(calls, 'PUT', CONFIRM_BID_PATH).map((c) => c.body)).toEqual([
      { signedPsbt: 'c2lnbmVk' },
    ]);
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/orders')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/orders')[0]?.body).toEqual({
      source: 'web',
      type: 'AuctionBid',
      orderId: BID_ID,
      address: BIDDER.ordinalsAddress,
      count: 1,
      inscriptionId: INSCRIPTION_ID,
      auctionId: AUCTION_ID,
      psbt: 'c2lnbmVk',
    });
    expect(within(await dialog()).getByRole('status').textContent).toMatch(
      /^Your bid stands as the highest\./,
    );
    // The auction is read again: the form follows the new minimum.
    expect(callsTo(calls, 'GET', AUCTION_PATH).length).toBeGreaterThan(1);
    await waitFor(() => expect(bidInput()).toHaveProperty('value', '0.00042'));
  });

  it("toasts 'Error saving bid order' when the order record fails, the bid standing", async () => {
    server({ 'POST /api/orders': failure(503, 'The orders store is down') });
    renderPage();
    await bid('0.0004');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign and bid' }));
    expect(await screen.findByText('Error saving bid order')).toBeTruthy();
    expect(screen.getByText('Your bid stands as the highest.')).toBeTruthy();
  });

  it('refuses to sign a bid whose inscription would go to someone else', async () => {
    const calls = server({ [`POST ${BID_PATH}`]: ok(placedBid(40_000n, 'inscription-elsewhere')) });
    const { wallet } = renderPage();
    await bid('0.0004');
    const refusal = await within(await dialog()).findByRole('alert');
    expect(within(refusal).getByText(/^Do not sign/).textContent).toBe(
      'Do not sign: this bid does not do what you asked.',
    );
    expect(refusal.textContent).toContain('not to your ordinals address');
    expect(screen.getByRole('button', { name: 'Sign and bid' })).toHaveProperty('disabled', true);
    expect(wallet.signPsbt).not.toHaveBeenCalled();
    expect(callsTo(calls, 'PUT', CONFIRM_BID_PATH)).toEqual([]);
  });

  it('shows the first message of the errors, with the way to the multisig wallet', async () => {
    const padding = 'Set up padding in your multisig wallet first: a bid needs 2 padding outputs';
    server({
      [`POST ${BID_PATH}`]: [
        400,
        {
          success: false,
          error: 'Bad Request',
          errors: [{ msg: padding }, { msg: 'bidderPublicKey' }],
        },
      ],
    });
    renderPage();
    await bid('0.0004');
    const alert = await within(await dialog()).findByRole('alert');
    expect(alert.textContent).toContain(`Could not prepare the bid: ${padding}`);
    const link = within(alert).getByRole('link', {
      name: 'Set up padding in your multisig wallet',
    });
    expect(link.getAttribute('href')).toBe('/wallet');
    // The toast: the message alone.
    expect(screen.getByText(padding)).toBeTruthy();
    expect(screen.queryByText('bidderPublicKey')).toBeNull();
  });

  it('says when a higher bid was placed meanwhile', async () => {
    const higher = 'A higher bid was placed: the minimum bid is now 42000 sats';
    server({ [`PUT ${CONFIRM_BID_PATH}`]: failure(409, higher) });
    renderPage();
    await bid('0.0004');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign and bid' }));
    expect(await screen.findByText(higher)).toBeTruthy();
    expect(screen.queryByText('Your bid stands as the highest.')).toBeNull();
  });

  it("says 'Failed to sign psbt' with the wallet's reason", async () => {
    const calls = server();
    const wallet = fakeWallet(BIDDER);
    wallet.signPsbt.mockRejectedValue(new Error('User rejected the request.'));
    renderPage(wallet);
    await bid('0.0004');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign and bid' }));
    expect(await screen.findByText('Failed to sign psbt')).toBeTruthy();
    expect(screen.getByText('User rejected the request.')).toBeTruthy();
    expect(callsTo(calls, 'PUT', CONFIRM_BID_PATH)).toEqual([]);
  });

  it.each([
    // The field is in BTC: so is the minimum.
    [auctionPayload(), '0.0001', 'The minimum bid is 0.00030000 BTC.'],
    [auctionPayload(), '0', 'The minimum bid is 0.00030000 BTC.'],
    [
      auctionPayload({ highest_bid: '40000', minimum_bid: '42000', bids: [standingBid(OTHER)] }),
      '0.0004',
      'The highest bid is 0.00040000 BTC: bid at least 0.00042000 BTC.',
    ],
    // Raising one's own standing bid: it is not someone else's higher bid.
    [
      auctionPayload({
        highest_bid: '40000',
        minimum_bid: '42000',
        bids: [standingBid(BIDDER.ordinalsAddress)],
      }),
      '0.00041',
      'You are the highest bidder at 0.00040000 BTC. To raise your bid, bid at least 0.00042000 BTC.',
    ],
    [auctionPayload(), '', 'Enter your bid in BTC.'],
  ])(
    'refuses a bid below the minimum before asking the server (%#)',
    async (auction, btc, message) => {
      const calls = server({ [`GET ${AUCTION_PATH}`]: ok(auction) });
      renderPage();
      await screen.findByRole('region', { name: 'Place a bid' });
      await userEvent.clear(bidInput());
      if (btc) await userEvent.type(bidInput(), btc);
      expect(errorOf()).toBe(message);
      await userEvent.click(bidButton());
      expect(callsTo(calls, 'POST', BID_PATH)).toEqual([]);
    },
  );

  it('does not let the seller bid, and asks a visitor to connect a wallet', async () => {
    server({
      [`GET ${AUCTION_PATH}`]: ok(
        auctionPayload({ seller_ordinal_address: BIDDER.ordinalsAddress }),
      ),
    });
    const { unmount } = renderPage();
    expect(await screen.findByText('The seller cannot bid on their own auction')).toBeTruthy();
    expect(bidButton()).toHaveProperty('disabled', true);
    unmount();

    const calls = server();
    renderPage(fakeWallet(null));
    await screen.findByRole('region', { name: 'Place a bid' });
    await waitFor(() => expect(bidButton()).toHaveProperty('disabled', false));
    await userEvent.click(bidButton());
    expect(await screen.findByText('Please connect wallet.')).toBeTruthy();
    expect(callsTo(calls, 'POST', BID_PATH)).toEqual([]);
  });
});
