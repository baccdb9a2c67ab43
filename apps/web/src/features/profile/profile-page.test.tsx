import { buildListingPsbt, bytesToBase64 } from '@om/bitcoin';
import type { AddressInscription, Listing, TradeActivity } from '@om/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveAuthSession } from '../../lib/auth-session.ts';
import { renderApp } from '../../test/render-app.tsx';
import { callsTo, failure, fakeServer, ok } from '../../test/trade-test-kit.tsx';
import {
  NETWORK,
  SELLER,
  SELLER_MAKER,
  SELLER_PAYMENT,
  walletPayload,
} from '../../test/trade-test-fixtures.ts';
import type { WalletAccount, WalletAdapter } from '../wallet/wallet.types.ts';

const wallet: WalletAccount = {
  id: 'dev',
  paymentAddress: SELLER_PAYMENT.address,
  paymentPublicKey: SELLER_PAYMENT.publicKeyHex,
  ordinalsAddress: SELLER.address,
  ordinalsPublicKey: SELLER.publicKeyHex,
};
const ADDRESS = SELLER.address;
const IDS = [`${'a1'.repeat(32)}i0`, `${'a2'.repeat(32)}i0`, `${'a3'.repeat(32)}i0`];
const OUTPOINTS = [`${'b1'.repeat(32)}:0`, `${'b2'.repeat(32)}:1`, `${'b3'.repeat(32)}:0`];
const LISTING_IDS = [
  '11111111-1111-4111-8111-111111111111',
  '22222222-2222-4222-8222-222222222222',
];

const inscriptions: AddressInscription[] = [
  {
    inscriptionId: IDS[0]!,
    number: 7,
    name: 'Rock #7',
    contentType: 'image/png',
    collectionSlug: 'regtest-rocks',
    outpoint: OUTPOINTS[0]!,
    isMoving: false,
    isTradable: true,
    listingId: null,
    price: null,
  },
  {
    inscriptionId: IDS[1]!,
    number: 8,
    name: null,
    contentType: 'image/png',
    collectionSlug: 'regtest-rocks',
    outpoint: OUTPOINTS[1]!,
    isMoving: false,
    isTradable: true,
    listingId: null,
    price: null,
  },
  {
    inscriptionId: IDS[2]!,
    number: 9,
    name: 'Rock #9',
    contentType: 'image/png',
    collectionSlug: 'regtest-rocks',
    outpoint: OUTPOINTS[2]!,
    isMoving: false,
    isTradable: true,
    listingId: LISTING_IDS[0]!,
    price: '70000',
  },
  {
    inscriptionId: `${'a4'.repeat(32)}i0`,
    number: 10,
    name: 'Rock #10',
    contentType: 'image/png',
    collectionSlug: 'regtest-rocks',
    outpoint: `${'b4'.repeat(32)}:0`,
    isMoving: true,
    isTradable: true,
    listingId: null,
    price: null,
  },
  {
    // Minted from a launch whose collection is still under review (product.md#walk-through-fixes
    // item 8).
    inscriptionId: `${'a5'.repeat(32)}i0`,
    number: 11,
    name: 'Fresh #1',
    contentType: 'image/png',
    collectionSlug: 'fresh-launch',
    outpoint: `${'b5'.repeat(32)}:0`,
    isMoving: false,
    isTradable: false,
    listingId: null,
    price: null,
  },
];

const listing: Listing = {
  listingId: LISTING_IDS[0]!,
  inscriptionId: IDS[2]!,
  price: '70000',
  status: 'active',
  outpoint: OUTPOINTS[2]!,
  collectionSlug: 'regtest-rocks',
  inscriptionName: 'Rock #9',
  contentType: 'image/png',
  makerOrdinalAddress: ADDRESS,
  makerPaymentAddress: SELLER_PAYMENT.address,
  makerFee: '700',
  isSnipeProtected: false,
  txId: null,
  listedAt: '2026-01-01T10:00:00.000Z',
  createdAt: '2026-01-01T10:00:00.000Z',
};

const trade: TradeActivity = {
  id: 't1',
  listingId: LISTING_IDS[1]!,
  inscriptionId: IDS[0]!,
  price: '42000',
  state: 'mempool',
  finalized: false,
  txId: '3c'.repeat(32),
  makerOrdinalAddress: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080',
  takerOrdinalAddress: ADDRESS,
  feeRate: 6,
  thumbnailUrl: null,
  inscriptionName: 'Rock #7',
  collectionSlug: 'regtest-rocks',
  sniperFeeRate: null,
  isSnipeProtected: false,
  blockHeight: null,
  createdAt: '2026-01-02T10:00:00.000Z',
};

const INSCRIPTIONS = `GET /api/address/${ADDRESS}/inscriptions`;
const LISTINGS = `GET /api/listings?maker=${ADDRESS}&status=active&limit=100`;
const ACTIVITY = `GET /api/profile/activity?addresses=${ADDRESS},${SELLER_PAYMENT.address}&limit=100`;

/** The listing PSBT for the first two inscriptions, one input and output each. */
function createdListing(prices: bigint[]) {
  const { psbt } = buildListingPsbt({
    items: OUTPOINTS.slice(0, 2).map((outpoint, i) => {
      const [txid = '', vout = '0'] = outpoint.split(':');
      return {
        inscriptionUtxo: { txid, vout: Number(vout), value: 10_000n, script: SELLER.script },
        price: prices[i] ?? 0n,
        payoutAddress: SELLER_PAYMENT.address,
      };
    }),
    makerFeeBps: 100,
    network: NETWORK,
  });
  return ok({
    psbt: bytesToBase64(psbt),
    listingIds: LISTING_IDS,
    inputsToSign: [0, 1].map((index) => ({ index, address: ADDRESS, sighash: 0x83 })),
  });
}

function fakeAdapter(): WalletAdapter {
  return {
    connect: vi.fn(async () => wallet),
    signMessage: vi.fn(async () => 'sig'),
    signPsbt: vi.fn(async () => 'c2lnbmVk'),
    disconnect: vi.fn(),
  };
}

function renderProfile(path = '/profile', adapter = fakeAdapter()) {
  saveAuthSession({ token: 'jwt', expiresAt: '2999-01-01T00:00:00Z', wallet });
  renderApp({ path, createAdapter: async () => adapter });
  return adapter;
}

describe('/profile', () => {
  beforeEach(() => {
    toast.dismiss();
  });

  it("asks for a wallet: 'Please connect your wallet' (product.md#errors, no period)", async () => {
    fakeServer({});
    renderApp({ path: '/profile' });
    // The page is a lazy route: its first import can pass 1 s on a busy machine.
    expect(
      await screen.findByText('Please connect your wallet', {}, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('lists several selected inscriptions with one signature', async () => {
    const calls = fakeServer({
      [INSCRIPTIONS]: ok({ inscriptions }),
      'POST /api/listings/protected/create': createdListing([50_000n, 60_000n]),
      'PUT /api/listings/protected/confirm': ok({ listingIds: LISTING_IDS }),
      'POST /api/orders': failure(401, 'user is not authenticated'),
    });
    const adapter = renderProfile();
    const list = await screen.findByRole('list', { name: 'My inscriptions' });
    const listed = within(list).getByRole('checkbox', { name: 'Select Rock #9' });
    expect((listed as HTMLInputElement).disabled).toBe(true);
    const moving = within(list).getByRole('checkbox', { name: 'Select Rock #10' });
    expect((moving as HTMLInputElement).disabled).toBe(true);
    expect(within(list).getByText('Moving')).toBeTruthy();
    const inReview = within(list).getByRole('checkbox', { name: 'Select Fresh #1' });
    expect((inReview as HTMLInputElement).disabled).toBe(true);
    expect(within(list).getByText('In review')).toBeTruthy();
    const listSelected = screen.getByRole('button', { name: 'List selected' });
    expect((listSelected as HTMLButtonElement).disabled).toBe(true);

    await userEvent.click(within(list).getByRole('checkbox', { name: 'Select Rock #7' }));
    await userEvent.click(within(list).getByRole('checkbox', { name: 'Select Inscription #8' }));
    await userEvent.click(listSelected);
    const dialog = await screen.findByRole('dialog', { name: 'List 2 inscriptions' });
    await userEvent.type(within(dialog).getByLabelText('Price of Rock #7 (BTC)'), '0.0005');
    await userEvent.type(within(dialog).getByLabelText('Price of Inscription #8 (BTC)'), '0.0006');
    // Unprotected: listed from the ordinals address (the protected flow is list-dialog-protected).
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Snipe protection' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Sign and list' }));

    expect(await screen.findByText('Inscription(s) listed successfully')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/listings/protected/create')[0]?.body).toMatchObject({
      utxos: [
        { utxo: OUTPOINTS[0], price: '50000' },
        { utxo: OUTPOINTS[1], price: '60000' },
      ],
    });
    expect(adapter.signPsbt).toHaveBeenCalledTimes(1);
    expect(adapter.signPsbt).toHaveBeenCalledWith(
      expect.objectContaining({
        inputsToSign: [
          { index: 0, address: ADDRESS, sighashTypes: [131] },
          { index: 1, address: ADDRESS, sighashTypes: [131] },
        ],
      }),
    );
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/orders')).toHaveLength(2));
  });

  it('shows a purchase on its way and lists an inscription of the maker wallet (issue 21 item 7)', async () => {
    const bought: TradeActivity = {
      ...trade,
      inscriptionId: `${'c1'.repeat(32)}i0`,
      inscriptionName: 'Rock #21',
    };
    const parked: AddressInscription = {
      ...inscriptions[0]!,
      inscriptionId: `${'c2'.repeat(32)}i0`,
      name: 'Rock #22',
      outpoint: `${'c3'.repeat(32)}:0`,
      listingId: null,
      price: null,
      isMoving: false,
      isTradable: true,
    };
    fakeServer({
      [INSCRIPTIONS]: ok({ inscriptions: [] }),
      [ACTIVITY]: ok({ activity: [bought] }),
      'POST /api/multisig/get-maker-wallet': ok(
        walletPayload(SELLER_MAKER, 'maker', SELLER_PAYMENT.address),
      ),
      [`GET /api/address/${SELLER_MAKER.address}/inscriptions`]: ok({ inscriptions: [parked] }),
    });
    renderProfile();
    const incoming = await screen.findByRole('region', { name: 'On their way to you' });
    expect(within(incoming).getByText('Rock #21')).toBeTruthy();
    expect(within(incoming).getByText('Purchase pending: waiting for a block')).toBeTruthy();
    const maker = await screen.findByRole('region', { name: 'In your maker wallet' });
    await userEvent.click(within(maker).getByRole('button', { name: 'List' }));
    const dialog = await screen.findByRole('dialog', { name: /Rock #22/ });
    expect(within(dialog).getByLabelText('Price (BTC)')).toBeTruthy();
    expect(screen.getByText('No inscriptions yet')).toBeTruthy();
  });

  it('shows the active listings with Change price and Delist', async () => {
    fakeServer({ [LISTINGS]: ok({ listings: [listing] }) });
    renderProfile('/profile?tab=listings');
    const row = await screen.findByRole('listitem', { name: 'Rock #9' });
    expect(within(row).getByText('0.00070000 BTC')).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: 'Change price' }));
    expect(await screen.findByRole('dialog', { name: 'Change the price of Rock #9' })).toBeTruthy();
  });

  it('shows the protected listings of the maker wallet too, with their badge', async () => {
    const held: Listing = {
      ...listing,
      listingId: LISTING_IDS[1]!,
      inscriptionId: IDS[0]!,
      inscriptionName: 'Rock #7',
      price: '90000',
      makerOrdinalAddress: SELLER_MAKER.address,
      isSnipeProtected: true,
    };
    const calls = fakeServer({
      [LISTINGS]: ok({ listings: [listing] }),
      'POST /api/multisig/get-maker-wallet': ok(
        walletPayload(SELLER_MAKER, 'maker', SELLER_PAYMENT.address),
      ),
      [`GET /api/listings?maker=${SELLER_MAKER.address}&status=active&limit=100`]: ok({
        listings: [held],
      }),
    });
    renderProfile('/profile?tab=listings');
    const row = await screen.findByRole('listitem', { name: 'Rock #7' });
    expect(within(row).getByText('0.00090000 BTC')).toBeTruthy();
    expect(within(row).getByRole('img', { name: 'Snipe protected' })).toBeTruthy();
    const plain = screen.getByRole('listitem', { name: 'Rock #9' });
    expect(within(plain).queryByRole('img', { name: 'Snipe protected' })).toBeNull();
    expect(callsTo(calls, 'POST', '/api/multisig/get-maker-wallet')[0]?.body).toEqual({
      userPublicKey: SELLER_PAYMENT.publicKeyHex,
      userAddress: SELLER_PAYMENT.address,
    });
  });

  it('warns of an exposed listing with the on-chain delist only (issue 13 finding 2)', async () => {
    const exposed: Listing = { ...listing, status: 'exposed' };
    fakeServer({
      [LISTINGS]: ok({ listings: [] }),
      [`GET /api/listings?maker=${ADDRESS}&status=exposed&limit=100`]: ok({ listings: [exposed] }),
    });
    renderProfile('/profile?tab=listings');
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText(
        'A purchase of your listing went out and never confirmed, so your listing signature is public: anyone can still buy this inscription at 0.00070000 BTC until it moves. Delist on chain to end it.',
      ),
    ).toBeTruthy();
    await userEvent.click(within(alert).getByRole('button', { name: 'Delist on chain' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delist Rock #9' });
    expect(within(dialog).getByRole('button', { name: 'Move on chain' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Cancel off chain' })).toBeNull();
  });

  it("shows the address's trades", async () => {
    fakeServer({ [ACTIVITY]: ok({ activity: [trade] }) });
    renderProfile();
    await userEvent.click(await screen.findByRole('tab', { name: 'Activity' }));
    const table = await screen.findByRole('table', { name: 'My trades' });
    expect(within(table).getByText('Rock #7')).toBeTruthy();
    expect(within(table).getByText('Pending')).toBeTruthy();
  });
});
