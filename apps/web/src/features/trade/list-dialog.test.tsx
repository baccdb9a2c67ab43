import { buildListingPsbt, bytesToBase64 } from '@om/bitcoin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { WalletAccount } from '../wallet/wallet.types.ts';
import { ListDialog } from './list-dialog.tsx';
import {
  callsTo,
  failure,
  fakeServer,
  fakeWallet,
  ok,
  renderWithWallet,
} from '../../test/trade-test-kit.tsx';
import {
  LISTED_OUTPOINT,
  NETWORK,
  SELLER,
  SELLER_PAYMENT,
  THIEF,
} from '../../test/trade-test-fixtures.ts';

const LISTING_ID = '0b5e2c1a-3f4d-4e6b-8a7c-9d0e1f2a3b4c';
const INSCRIPTION_ID = `${'ef'.repeat(32)}i0`;
const OUTPOINT = LISTED_OUTPOINT;
const seller: WalletAccount = {
  id: 'dev',
  paymentAddress: SELLER_PAYMENT.address,
  paymentPublicKey: SELLER_PAYMENT.publicKeyHex,
  ordinalsAddress: SELLER.address,
  ordinalsPublicKey: SELLER.publicKeyHex,
};

/** What POST create answers: the listing PSBT at 0.0005 BTC, 1% fee, paid to `payTo`. */
function created(payTo = SELLER_PAYMENT.address) {
  const { psbt } = buildListingPsbt({
    items: [
      {
        inscriptionUtxo: { txid: 'cd'.repeat(32), vout: 1, value: 10_000n, script: SELLER.script },
        price: 50_000n,
        payoutAddress: payTo,
      },
    ],
    makerFeeBps: 100,
    network: NETWORK,
  });
  return ok({
    psbt: bytesToBase64(psbt),
    listingIds: [LISTING_ID],
    inputsToSign: [{ index: 0, address: SELLER.address, sighash: 0x83 }],
  });
}

const order = {
  id: '1',
  source: 'web',
  type: 'ListInscription',
  orderId: LISTING_ID,
  address: SELLER.address,
  date: '2026-01-01T00:00:00Z',
  rewardState: 'pending',
  userId: 'u1',
  count: 1,
  txid: null,
  inscriptionId: INSCRIPTION_ID,
  auctionId: null,
};

function renderDialog(wallet = fakeWallet(seller)) {
  renderWithWallet(
    <ListDialog
      open
      onClose={() => undefined}
      items={[{ inscriptionId: INSCRIPTION_ID, label: 'Rock #1', outpoint: OUTPOINT }]}
    />,
    wallet,
  );
  return wallet;
}

/** Types the price and continues, unprotected: the box starts checked for the Dev wallet. */
async function enterPrice(price: string) {
  expect(await screen.findByText(/^Platform fee: 1% of the price/)).toBeTruthy();
  await userEvent.click(screen.getByRole('checkbox', { name: 'Snipe protection' }));
  await userEvent.type(screen.getByLabelText('Price (BTC)'), price);
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('ListDialog without snipe protection', () => {
  it('creates, shows the payout and fee, signs with SIGHASH 0x83, confirms and records', async () => {
    const calls = fakeServer({
      'POST /api/listings/protected/create': created(),
      'PUT /api/listings/protected/confirm': ok({ listingIds: [LISTING_ID] }),
      'POST /api/orders': ok(order),
    });
    const wallet = renderDialog();
    await enterPrice('0.0005');

    const review = await screen.findByRole('region', { name: 'Listing review' });
    expect(callsTo(calls, 'POST', '/api/listings/protected/create')[0]?.body).toEqual({
      makerPaymentAddress: SELLER_PAYMENT.address,
      makerPaymentPublicKey: SELLER_PAYMENT.publicKeyHex,
      makerOrdinalPublicKey: SELLER.publicKeyHex,
      makerOrdinalAddress: SELLER.address,
      utxos: [{ utxo: OUTPOINT, price: '50000' }],
    });
    expect(within(review).getByText('0.00050000 BTC')).toBeTruthy();
    expect(within(review).getByText('0.00000500 BTC')).toBeTruthy();
    expect(within(review).getByText('0.00059500 BTC')).toBeTruthy();
    expect(wallet.signPsbt).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Sign and list' }));
    expect(await screen.findByText('Inscription(s) listed successfully')).toBeTruthy();
    expect(wallet.signPsbt).toHaveBeenCalledWith({
      psbtBase64: expect.any(String),
      inputsToSign: [{ index: 0, address: SELLER.address, sighashTypes: [131] }],
      finalize: false,
    });
    expect(callsTo(calls, 'PUT', '/api/listings/protected/confirm')[0]?.body).toEqual({
      listingIds: [LISTING_ID],
      signedPSBT: 'c2lnbmVk',
    });
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/api/orders')[0]?.body).toEqual({
        source: 'web',
        type: 'ListInscription',
        orderId: LISTING_ID,
        address: SELLER.address,
        count: 1,
        inscriptionId: INSCRIPTION_ID,
      }),
    );
    // Only the fee estimate was read for the protection the seller turned off.
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/listings/protected/create',
      'PUT /api/listings/protected/confirm',
      'POST /api/orders',
    ]);
  });

  it('refuses to sign a listing that would pay someone else', async () => {
    fakeServer({ 'POST /api/listings/protected/create': created(THIEF.address) });
    const wallet = renderDialog();
    await enterPrice('0.0005');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(`the sale would pay ${THIEF.address}, not your wallet`);
    const sign = screen.getByRole('button', { name: 'Sign and list' }) as HTMLButtonElement;
    expect(sign.disabled).toBe(true);
    expect(wallet.signPsbt).not.toHaveBeenCalled();
  });

  it('checks the price before asking the server', async () => {
    const calls = fakeServer({});
    renderDialog();
    await enterPrice('0.000001');
    expect(await screen.findByText('Price must be at least 0.00001 BTC.')).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it.each([
    [
      'the server refuses',
      { 'POST /api/listings/protected/create': failure(400, 'utxo is not at makerOrdinalAddress') },
      false,
      'utxo is not at makerOrdinalAddress',
    ],
    [
      'confirming fails',
      {
        'POST /api/listings/protected/create': created(),
        'PUT /api/listings/protected/confirm': failure(400, 'signature does not verify'),
      },
      true,
      'signature does not verify',
    ],
  ])("toasts 'Listing inscription failed.' when %s", async (_, routes, signs, description) => {
    fakeServer(routes);
    renderDialog();
    await enterPrice('0.0005');
    if (signs) await userEvent.click(await screen.findByRole('button', { name: 'Sign and list' }));
    expect(await screen.findByText('Listing inscription failed.')).toBeTruthy();
    expect(screen.getByText(description)).toBeTruthy();
  });

  it("toasts 'Failed to sign psbt' when the wallet refuses", async () => {
    const calls = fakeServer({ 'POST /api/listings/protected/create': created() });
    const wallet = fakeWallet(seller);
    wallet.signPsbt.mockRejectedValue(new Error('User canceled the request'));
    renderDialog(wallet);
    await enterPrice('0.0005');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign and list' }));
    expect(await screen.findByText('Failed to sign psbt')).toBeTruthy();
    expect(screen.getByText('User canceled the request')).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/api/listings/protected/confirm')).toEqual([]);
  });

  it("says 'Error saving order: {id}' when the order record fails, the listing standing", async () => {
    fakeServer({
      'POST /api/listings/protected/create': created(),
      'PUT /api/listings/protected/confirm': ok({ listingIds: [LISTING_ID] }),
      'POST /api/orders': failure(401, 'user is not authenticated'),
    });
    renderDialog();
    await enterPrice('0.0005');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign and list' }));
    expect(await screen.findByText('Inscription(s) listed successfully')).toBeTruthy();
    expect(await screen.findByText(`Error saving order: ${LISTING_ID}`)).toBeTruthy();
  });
});
