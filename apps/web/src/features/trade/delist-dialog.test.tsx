import { buildDelistPsbt, bytesToBase64 } from '@om/bitcoin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { WalletAccount } from '../wallet/wallet.types.ts';
import { DelistDialog } from './delist-dialog.tsx';
import { satsText } from '../../lib/trade-format.ts';
import {
  callsTo,
  failure,
  fakeServer,
  fakeWallet,
  ok,
  renderWithWallet,
} from '../../test/trade-test-kit.tsx';
import {
  INSCRIPTION_ID,
  LISTING_ID,
  NETWORK,
  SELLER,
  SELLER_PAYMENT,
  THIEF,
} from '../../test/trade-test-fixtures.ts';

const TXID = '7e'.repeat(32);
const seller: WalletAccount = {
  id: 'dev',
  paymentAddress: SELLER_PAYMENT.address,
  paymentPublicKey: SELLER_PAYMENT.publicKeyHex,
  ordinalsAddress: SELLER.address,
  ordinalsPublicKey: SELLER.publicKeyHex,
};

/** What delist/prepare answers: the inscription back to `to`, the fee from a payment coin. */
function prepared(to = SELLER.address) {
  const { psbt, fee } = delisting(to);
  return ok({
    psbt: bytesToBase64(psbt),
    inputsToSign: [
      { index: 0, address: SELLER.address },
      { index: 1, address: SELLER_PAYMENT.address },
    ],
    fee: fee.toString(),
  });
}

function delisting(to: string) {
  return buildDelistPsbt({
    inscriptionUtxo: {
      txid: 'cd'.repeat(32),
      vout: 0,
      value: 10_000n,
      script: SELLER.script,
      publicKey: SELLER.publicKey,
    },
    sellerPayment: {
      address: SELLER_PAYMENT.address,
      publicKey: SELLER_PAYMENT.publicKey,
      utxos: [
        {
          txid: 'b1'.repeat(32),
          vout: 0,
          value: 100_000n,
          script: SELLER_PAYMENT.script,
          inscribed: false,
        },
      ],
    },
    toAddress: to,
    feeRate: 6,
    network: NETWORK,
  });
}
const PREPARED_FEE = delisting(SELLER.address).fee;

function renderDialog(wallet = fakeWallet(seller), isSnipeProtected = false) {
  renderWithWallet(
    <DelistDialog
      open
      onClose={() => undefined}
      listing={{ listingId: LISTING_ID, inscriptionId: INSCRIPTION_ID, isSnipeProtected }}
      label="Rock #1"
    />,
    wallet,
  );
  return wallet;
}

describe('DelistDialog', () => {
  it("cancels off chain with a signed 'cancel {listingId}'", async () => {
    const calls = fakeServer({
      'DELETE /api/listings/protected/delistOffchain': ok({ listingId: LISTING_ID }),
    });
    const wallet = renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel off chain' }));
    expect(await screen.findByText('Inscription delisted successfully.')).toBeTruthy();
    expect(wallet.signMessage).toHaveBeenCalledWith(`cancel ${LISTING_ID}`, SELLER.address);
    expect(callsTo(calls, 'DELETE', '/api/listings/protected/delistOffchain')[0]?.body).toEqual({
      listingId: LISTING_ID,
      signedMessage: `signed(cancel ${LISTING_ID})`,
    });
    expect(wallet.signPsbt).not.toHaveBeenCalled();
  });

  it("toasts 'Failed to cancel the listing offchain.' with the server's reason", async () => {
    fakeServer({
      'DELETE /api/listings/protected/delistOffchain': failure(400, 'Invalid signature'),
    });
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel off chain' }));
    expect(await screen.findByText('Failed to cancel the listing offchain.')).toBeTruthy();
    expect(screen.getByText('Invalid signature')).toBeTruthy();
  });

  it('moves the inscription on chain and follows the transaction', async () => {
    const calls = fakeServer({
      'DELETE /api/listings/protected/delist/prepare': prepared(),
      'PUT /api/listings/protected/delist/confirm': ok({ txId: TXID }),
      [`GET /api/shared/tx/${TXID}/status`]: failure(404, `Transaction ${TXID} not found.`),
      'GET /api/shared/blocks/tip/height': ok({ height: 120 }),
    });
    const wallet = renderDialog();
    // The fee rate is chosen first, and the move's fee shown before anything is signed.
    await userEvent.click(screen.getByRole('radio', { name: /^Custom/ }));
    const custom = screen.getByLabelText('Custom fee rate (sat/vB)');
    await userEvent.clear(custom);
    await userEvent.type(custom, '6');
    await userEvent.click(screen.getByRole('button', { name: 'Move on chain' }));
    const review = await screen.findByRole('region', { name: 'Move review' });
    expect(
      within(review).getByText('Network fee (6 sat/vB)').nextElementSibling?.textContent,
    ).toContain(satsText(PREPARED_FEE));
    expect(wallet.signPsbt).not.toHaveBeenCalled();
    await userEvent.click(within(review).getByRole('button', { name: 'Sign and move' }));
    // One toast says both (only one toast shows at a time): the delisting and its transaction.
    const delisted = await screen.findByText('Inscription delisted successfully.');
    expect(delisted.closest('[data-sonner-toast]')?.textContent).toContain(
      `Transaction broadcasted: ${TXID}`,
    );
    expect(callsTo(calls, 'DELETE', '/api/listings/protected/delist/prepare')[0]?.body).toEqual({
      makerPaymentAddress: SELLER_PAYMENT.address,
      makerPaymentPublicKey: SELLER_PAYMENT.publicKeyHex,
      listingId: LISTING_ID,
      feeRate: 6,
    });
    expect(wallet.signPsbt).toHaveBeenCalledWith(
      expect.objectContaining({ finalize: false, inputsToSign: expect.any(Array) }),
    );
    expect(callsTo(calls, 'PUT', '/api/listings/protected/delist/confirm')[0]?.body).toEqual({
      listingId: LISTING_ID,
      signedPSBT: 'c2lnbmVk',
      makerPaymentAddress: SELLER_PAYMENT.address,
    });
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Transaction status' }).textContent).toBe(
        'No transaction found',
      ),
    );
  });

  it('refuses to sign a delisting that sends the inscription elsewhere', async () => {
    const calls = fakeServer({
      'DELETE /api/listings/protected/delist/prepare': prepared(THIEF.address),
    });
    const wallet = renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Move on chain' }));
    expect(await screen.findByText('Delisting failed.')).toBeTruthy();
    expect(screen.getByText(new RegExp(`would pay ${THIEF.address}`))).toBeTruthy();
    expect(wallet.signPsbt).not.toHaveBeenCalled();
    expect(callsTo(calls, 'PUT', '/api/listings/protected/delist/confirm')).toEqual([]);
  });

  it("toasts 'Failed to delist the item.' when the server refuses", async () => {
    fakeServer({
      'DELETE /api/listings/protected/delist/prepare': failure(400, 'Not enough funds'),
    });
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Move on chain' }));
    expect(await screen.findByText('Failed to delist the item.')).toBeTruthy();
    expect(screen.getByText('Not enough funds')).toBeTruthy();
  });

  it('cancels a protected listing off chain by the payment address, and only off chain', async () => {
    fakeServer({ 'DELETE /api/listings/protected/delistOffchain': ok({ listingId: LISTING_ID }) });
    const wallet = renderDialog(fakeWallet(seller), true);
    expect(screen.queryByRole('button', { name: 'Move on chain' })).toBeNull();
    expect(screen.getByText(/The inscription stays in your maker wallet/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel off chain' }));
    expect(await screen.findByText('Inscription delisted successfully.')).toBeTruthy();
    // The maker wallet cannot sign a message: the listing was signed by the payment key.
    expect(wallet.signMessage).toHaveBeenCalledWith(`cancel ${LISTING_ID}`, SELLER_PAYMENT.address);
  });
});
