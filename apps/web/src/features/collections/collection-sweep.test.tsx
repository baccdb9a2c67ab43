import type { InscriptionDetailsPayload, MarketInscription } from '@om/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { shortenAddress } from '../../lib/format.ts';
import type { WalletAccount } from '../wallet/wallet.types.ts';
import {
  BUYER_ORDINALS,
  BUYER_PAYMENT,
  LISTINGS,
  purchaseFixture,
  THIEF,
  type FixtureListing,
  type PurchaseFixture,
} from '../../test/trade-test-fixtures.ts';
import {
  callsTo,
  fakeServer,
  fakeWallet,
  ok,
  renderWithWallet,
} from '../../test/trade-test-kit.tsx';
import { CollectionItems } from './collection-items.tsx';

// The sweep cart on /collections/:slug: listed cards of others are selected and bought in one
// transaction, reviewed from real PSBTs (trade-test-fixtures.ts) before the wallet signs.

const SLUG = 'rocks';
const TXID = '9f'.repeat(32);
const FEES = { fastestFee: 12, halfHourFee: 6, hourFee: 3, economyFee: 2, minimumFee: 1 };
const [ROCK_1, ROCK_2] = LISTINGS;
const buyer: WalletAccount = {
  id: 'dev',
  paymentAddress: BUYER_PAYMENT.address,
  paymentPublicKey: BUYER_PAYMENT.publicKeyHex,
  ordinalsAddress: BUYER_ORDINALS.address,
  ordinalsPublicKey: BUYER_ORDINALS.publicKeyHex,
};

const card = (n: number, changes: Partial<MarketInscription> = {}): MarketInscription => ({
  inscriptionId: `${n.toString(16).padStart(64, '0')}i0`,
  number: n,
  name: `Rock #${n}`,
  contentType: 'image/png',
  owner: 'bcrt1pseller',
  listingId: null,
  price: null,
  isSnipeProtected: false,
  listedAt: null,
  ...changes,
});
const listed = (n: number, listing: FixtureListing) =>
  card(n, {
    inscriptionId: listing.inscriptionId,
    listingId: listing.listingId,
    price: listing.price.toString(),
    listedAt: '2026-01-01T00:00:00Z',
  });

const GRID = [
  listed(1, ROCK_1),
  listed(2, ROCK_2),
  card(3),
  card(4, { listingId: 'own', price: '90000', owner: BUYER_ORDINALS.address }),
];

/** The indexer's answer for a listed inscription: at offset 0 of its listed output. */
function details(listing: FixtureListing): InscriptionDetailsPayload {
  return {
    inscriptionId: listing.inscriptionId,
    number: 1,
    sequence: 1,
    contentType: 'image/png',
    contentLength: 100,
    contentEncoding: null,
    metaprotocol: null,
    charms: [],
    parents: [],
    delegate: null,
    genesisHeight: 100,
    genesisTxid: listing.inscriptionId.slice(0, 64),
    genesisFee: '1000',
    timestamp: '2026-01-01T00:00:00Z',
    satpoint: `${listing.outpoint}:0`,
    address: 'bcrt1pseller',
    outputValue: '10000',
    collectionSlug: SLUG,
    name: null,
    collection: null,
    traits: [],
    edition: null,
    isMoving: false,
    movingTxid: null,
  };
}

function offer(fixture: PurchaseFixture) {
  return ok({
    psbt: fixture.psbt,
    inputsToSign: fixture.buyerInputs.map((index) => ({ index, address: BUYER_PAYMENT.address })),
    setupPsbt: null,
    setupInputsToSign: [],
    quote: fixture.quote,
  });
}

function market(fixture: PurchaseFixture, grid: MarketInscription[] = GRID) {
  return fakeServer({
    [`GET /api/collections/${SLUG}/inscriptions`]: ok({ inscriptions: grid, total: grid.length }),
    [`GET /api/collections/${SLUG}/traits`]: ok({ traits: [] }),
    'GET /api/shared/fees/recommended': ok(FEES),
    [`GET /api/shared/inscriptions/details/${ROCK_1.inscriptionId}`]: ok(details(ROCK_1)),
    [`GET /api/shared/inscriptions/details/${ROCK_2.inscriptionId}`]: ok(details(ROCK_2)),
    'POST /api/listings/protected/createOffer': offer(fixture),
    'PUT /api/listings/protected/submitOffer': ok({ txId: TXID, setupTxId: null }),
    'POST /api/orders': (body) =>
      ok({
        ...(body as object),
        id: '1',
        date: '2026-01-01T00:00:00Z',
        rewardState: 'pending',
        userId: 'u1',
        auctionId: null,
      }),
    [`GET /api/shared/tx/${TXID}/status`]: ok({ confirmed: false }),
    'GET /api/shared/blocks/tip/height': ok({ height: 120 }),
  });
}

function renderGrid(wallet = fakeWallet(buyer)) {
  renderWithWallet(<CollectionItems slug={SLUG} />, wallet);
  return wallet;
}

const selectedBar = () => screen.queryByRole('region', { name: 'Selected items' });

async function selectBothRocks() {
  await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Rock #1' }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Select Rock #2' }));
}

async function openReview() {
  await userEvent.click(screen.getByRole('button', { name: 'Buy selected' }));
  const dialog = await screen.findByRole('dialog', { name: 'Buy 2 items' });
  return within(dialog).findByRole('region', { name: 'Purchase review' });
}

describe('sweeping a collection', () => {
  it('buys two selected listings in one transaction, then clears the selection', async () => {
    const fixture = purchaseFixture({ listings: [ROCK_1, ROCK_2] });
    const calls = market(fixture);
    const wallet = renderGrid();

    await selectBothRocks();
    expect(screen.queryByRole('checkbox', { name: 'Select Rock #3' })).toBeNull(); // not listed
    expect(screen.queryByRole('checkbox', { name: 'Select Rock #4' })).toBeNull(); // own listing
    expect(selectedBar()?.textContent).toContain('2 selected · total 0.00130000 BTC');

    const review = await openReview();
    expect(callsTo(calls, 'POST', '/api/listings/protected/createOffer')).toHaveLength(1);
    expect(callsTo(calls, 'POST', '/api/listings/protected/createOffer')[0]?.body).toEqual({
      ids: [ROCK_1.listingId, ROCK_2.listingId],
      takerPaymentAddress: BUYER_PAYMENT.address,
      takerPaymentPublicKey: BUYER_PAYMENT.publicKeyHex,
      takerOrdinalAddress: BUYER_ORDINALS.address,
      feeRate: 6,
      satScan: false,
    });
    // Each listed output is read from the indexer, not taken from the offer.
    for (const { inscriptionId } of [ROCK_1, ROCK_2]) {
      const path = `/api/shared/inscriptions/details/${inscriptionId}`;
      expect(callsTo(calls, 'GET', path)).toHaveLength(1);
    }
    const items = within(within(review).getByRole('list', { name: '2 items' })).getAllByRole(
      'listitem',
    );
    const to = `${shortenAddress(BUYER_ORDINALS.address)} (your ordinals address)`;
    expect(items.map((item) => item.textContent)).toEqual([
      `Rock #1Output 1 → ${to}0.00050000 BTC`,
      `Rock #2Output 2 → ${to}0.00080000 BTC`,
    ]);
    const price = within(review).getByText('Price').closest('div');
    expect(price?.textContent).toContain('0.00130000 BTC');
    expect(within(review).queryByRole('alert')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Sign and buy' }));
    expect(await screen.findByText(`Transaction broadcasted: ${TXID}`)).toBeTruthy();
    expect(wallet.signPsbt).toHaveBeenCalledTimes(1);
    expect(wallet.signPsbt).toHaveBeenCalledWith({
      psbtBase64: fixture.psbt,
      inputsToSign: fixture.buyerInputs.map((index) => ({ index, address: BUYER_PAYMENT.address })),
      finalize: false,
    });
    expect(callsTo(calls, 'PUT', '/api/listings/protected/submitOffer')[0]?.body).toMatchObject({
      ids: [ROCK_1.listingId, ROCK_2.listingId],
    });
    await waitFor(() =>
      expect(
        callsTo(calls, 'POST', '/api/orders').map((c) => (c.body as { orderId: string }).orderId),
      ).toEqual([ROCK_1.listingId, ROCK_2.listingId]),
    );
    // The selection is gone; the dialog stays to follow the transaction.
    expect(selectedBar()).toBeNull();
    expect(
      (screen.getByRole('checkbox', { name: 'Select Rock #1' }) as HTMLInputElement).checked,
    ).toBe(false);
    expect(await screen.findByRole('status', { name: 'Purchase status' })).toBeTruthy();
  });

  it('refuses a sweep whose PSBT sends one of the inscriptions elsewhere', async () => {
    market(purchaseFixture({ listings: [ROCK_1, ROCK_2], tamper: 'inscription-elsewhere' }));
    const wallet = renderGrid();
    await selectBothRocks();
    const review = await openReview();

    const [first, second] = within(review).getAllByRole('listitem');
    expect(first?.textContent).toContain('(your ordinals address)');
    expect(second?.textContent).toContain(`${shortenAddress(THIEF.address)} (not yours)`);
    const alert = within(review).getByRole('alert');
    expect(alert.textContent).toContain(
      `The inscription would go to ${THIEF.address}, not to your ordinals address ${BUYER_ORDINALS.address}.`,
    );
    const sign = screen.getByRole('button', { name: 'Sign and buy' }) as HTMLButtonElement;
    expect(sign.disabled).toBe(true);
    await userEvent.click(sign);
    expect(wallet.signPsbt).not.toHaveBeenCalled();
  });

  it('clears the selection when the filters change', async () => {
    market(purchaseFixture());
    renderGrid();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Rock #1' }));
    expect(selectedBar()?.textContent).toContain('1 selected');

    await userEvent.selectOptions(screen.getByLabelText('Sort items'), 'number_desc');
    await waitFor(() => expect(selectedBar()).toBeNull());
    expect(
      (screen.getByRole('checkbox', { name: 'Select Rock #1' }) as HTMLInputElement).checked,
    ).toBe(false);
  });

  it('buys at most 20 items at once', async () => {
    const grid = Array.from({ length: 21 }, (_, i) =>
      card(i + 10, { listingId: `l-${i}`, price: '1000' }),
    );
    market(purchaseFixture(), grid);
    renderGrid();
    for (const item of grid) {
      await userEvent.click(await screen.findByRole('checkbox', { name: `Select ${item.name}` }));
    }
    expect(within(selectedBar()!).getByRole('alert').textContent).toBe(
      'One transaction buys at most 20 items: deselect 1 item.',
    );
    const buy = screen.getByRole('button', { name: 'Buy selected' }) as HTMLButtonElement;
    expect(buy.disabled).toBe(true);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Rock #10' }));
    expect(within(selectedBar()!).queryByRole('alert')).toBeNull();
    expect(buy.disabled).toBe(false);
    // 22 role queries over a 21-card grid take jsdom over the default 5 s on a busy machine.
  }, 15_000);

  it('offers no selection without a connected wallet', async () => {
    market(purchaseFixture());
    renderGrid(fakeWallet(null));
    expect(await screen.findAllByTestId('inscription-card')).toHaveLength(GRID.length);
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
  });
});
