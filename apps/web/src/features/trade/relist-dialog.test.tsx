import { buildListingPsbt, bytesToBase64 } from '@om/bitcoin';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { WalletAccount } from '../wallet/wallet.types.ts';
import { RELIST_EXPLANATION, RelistDialog } from './relist-dialog.tsx';
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
  INSCRIPTION_OUTPOINT,
  LISTING_ID,
  NETWORK,
  protectedListingPsbt,
  SELLER,
  SELLER_MAKER,
  SELLER_PAYMENT,
  walletPayload,
} from '../../test/trade-test-fixtures.ts';

const seller: WalletAccount = {
  id: 'dev',
  paymentAddress: SELLER_PAYMENT.address,
  paymentPublicKey: SELLER_PAYMENT.publicKeyHex,
  ordinalsAddress: SELLER.address,
  ordinalsPublicKey: SELLER.publicKeyHex,
};

function relistAnswer(confirmed: boolean) {
  const [txid = '', vout = '0'] = INSCRIPTION_OUTPOINT.split(':');
  const { psbt } = buildListingPsbt({
    items: [
      {
        inscriptionUtxo: { txid, vout: Number(vout), value: 10_000n, script: SELLER.script },
        price: 80_000n,
        payoutAddress: SELLER_PAYMENT.address,
      },
    ],
    makerFeeBps: 100,
    network: NETWORK,
  });
  return ok({
    psbt: bytesToBase64(psbt),
    listingId: LISTING_ID,
    inputsToSign: [{ index: 0, address: SELLER.address, sighash: 0x83 }],
    confirmed,
  });
}

function renderDialog(wallet = fakeWallet(seller), isSnipeProtected = false, price = '50000') {
  renderWithWallet(
    <RelistDialog
      open
      onClose={() => undefined}
      label="Rock #1"
      listing={{
        listingId: LISTING_ID,
        inscriptionId: INSCRIPTION_ID,
        outpoint: INSCRIPTION_OUTPOINT,
        price,
        isSnipeProtected,
      }}
    />,
    wallet,
  );
  return wallet;
}

async function changePrice(price: string) {
  const input = screen.getByLabelText('New price (BTC)');
  await userEvent.clear(input);
  await userEvent.type(input, price);
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('RelistDialog', () => {
  it('asks for the PSBT at the new price, reviews it, signs it 0x83 and relists with it', async () => {
    const calls = fakeServer({
      'POST /api/listings/protected/relist': (body) =>
        relistAnswer((body as { signedPsbt?: string }).signedPsbt !== undefined),
    });
    const wallet = renderDialog();
    expect(screen.getByText(RELIST_EXPLANATION)).toBeTruthy();
    expect((screen.getByLabelText('New price (BTC)') as HTMLInputElement).value).toBe('0.0005');
    await changePrice('0.0008');

    expect(await screen.findByText('0.00089200 BTC')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Sign new price' }));
    expect(await screen.findByText('Inscription price changed successfully.')).toBeTruthy();
    expect(wallet.signPsbt).toHaveBeenCalledWith({
      psbtBase64: expect.any(String),
      inputsToSign: [{ index: 0, address: SELLER.address, sighashTypes: [131] }],
      finalize: false,
    });
    const bodies = callsTo(calls, 'POST', '/api/listings/protected/relist').map((c) => c.body);
    const request = {
      makerPaymentAddress: SELLER_PAYMENT.address,
      makerPaymentPublicKey: SELLER_PAYMENT.publicKeyHex,
      makerOrdinalPublicKey: SELLER.publicKeyHex,
      price: '80000',
      listingId: LISTING_ID,
    };
    expect(bodies).toEqual([request, { ...request, signedPsbt: 'c2lnbmVk' }]);
  });

  it("toasts 'Listing price update failed.' with the server's reason", async () => {
    fakeServer({
      'POST /api/listings/protected/relist': failure(409, 'The listing is no longer active'),
    });
    renderDialog();
    await changePrice('0.0008');
    expect(await screen.findByText('Listing price update failed.')).toBeTruthy();
    expect(screen.getByText('The listing is no longer active')).toBeTruthy();
  });

  it('relists a protected listing with the payment key, its input checked as the maker wallet’s', async () => {
    const calls = fakeServer({
      'POST /api/multisig/get-maker-wallet': ok(
        walletPayload(SELLER_MAKER, 'maker', SELLER_PAYMENT.address),
      ),
      'POST /api/listings/protected/relist': (body) =>
        ok({
          psbt: protectedListingPsbt(INSCRIPTION_OUTPOINT),
          listingId: LISTING_ID,
          inputsToSign: [{ index: 0, address: SELLER_MAKER.address, sighash: 0x83 }],
          confirmed: (body as { signedPsbt?: string }).signedPsbt !== undefined,
        }),
    });
    // Listed at 0.0006, lowered to the 0.0005 the maker wallet's PSBT asks.
    const wallet = renderDialog(fakeWallet(seller), true, '60000');
    await changePrice('0.0005');
    expect(await screen.findByText('0.00059500 BTC')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Sign new price' }));
    expect(await screen.findByText('Inscription price changed successfully.')).toBeTruthy();
    expect(wallet.signPsbt).toHaveBeenCalledWith({
      psbtBase64: expect.any(String),
      inputsToSign: [{ index: 0, address: SELLER_PAYMENT.address, sighashTypes: [131] }],
      finalize: false,
    });
    expect(callsTo(calls, 'POST', '/api/listings/protected/relist')[0]?.body).toMatchObject({
      makerPaymentPublicKey: SELLER_PAYMENT.publicKeyHex,
      makerOrdinalPublicKey: SELLER_PAYMENT.publicKeyHex,
    });
  });

  it('says the price is unchanged and asks for no signature when it is', async () => {
    const calls = fakeServer({});
    const wallet = renderDialog();
    await changePrice('0.0005');
    expect(
      await screen.findByText(
        'The price is unchanged: Rock #1 is already listed at 0.00050000 BTC.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign new price' })).toBeNull();
    expect(calls).toEqual([]);
    expect(wallet.signPsbt).not.toHaveBeenCalled();
  });
});
