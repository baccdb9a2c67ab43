import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { shortenAddress } from '../../lib/format.ts';
import type { WalletAccount } from '../wallet/wallet.types.ts';
import { BuyDialog } from './buy-dialog.tsx';
import type { BuyItem } from './purchase.mutations.ts';
import { btcText } from '../../lib/trade-format.ts';
import {
  callsTo,
  failure,
  fakeServer,
  fakeWallet,
  ok,
  renderWithWallet,
} from '../../test/trade-test-kit.tsx';
import {
  BUYER_MULTISIG,
  BUYER_ORDINALS,
  BUYER_PAYMENT,
  INSCRIPTION_ID,
  LISTING_ID,
  purchaseFixture,
  purchaseItem,
  THIEF,
  walletPayload,
  type PurchaseFixture,
} from '../../test/trade-test-fixtures.ts';

const TXID = '9f'.repeat(32);
const buyer: WalletAccount = {
  id: 'dev',
  paymentAddress: BUYER_PAYMENT.address,
  paymentPublicKey: BUYER_PAYMENT.publicKeyHex,
  ordinalsAddress: BUYER_ORDINALS.address,
  ordinalsPublicKey: BUYER_ORDINALS.publicKeyHex,
};
const FEES = { fastestFee: 12, halfHourFee: 6, hourFee: 3, economyFee: 2, minimumFee: 1 };

function offer(fixture: PurchaseFixture) {
  return ok({
    psbt: fixture.psbt,
    inputsToSign: [
      { index: 0, address: BUYER_PAYMENT.address },
      { index: 1, address: BUYER_PAYMENT.address },
      { index: 4, address: BUYER_PAYMENT.address },
    ],
    setupPsbt: fixture.setupPsbt,
    setupInputsToSign: fixture.setupPsbt ? [{ index: 0, address: BUYER_PAYMENT.address }] : [],
    quote: fixture.quote,
  });
}

function renderDialog(wallet = fakeWallet(buyer), item: BuyItem = purchaseItem) {
  renderWithWallet(
    <BuyDialog open onClose={() => undefined} items={[item]} label="Rock #1" />,
    wallet,
  );
  return wallet;
}

const review = () => screen.findByRole('region', { name: 'Purchase review' });
const row = (region: HTMLElement, term: string) =>
  within(region).getByText(term).closest('div') as HTMLElement;

describe('BuyDialog', () => {
  it('reviews the PSBT before signing, then signs, submits, records and follows the tx', async () => {
    const fixture = purchaseFixture({ feeRate: 6 });
    const calls = fakeServer({
      'GET /api/shared/fees/recommended': ok(FEES),
      'POST /api/listings/protected/createOffer': offer(fixture),
      'PUT /api/listings/protected/submitOffer': ok({ txId: TXID, setupTxId: null }),
      'POST /api/orders': ok({
        id: '1',
        source: 'web',
        type: 'BuyListing',
        orderId: LISTING_ID,
        address: BUYER_ORDINALS.address,
        date: '2026-01-01T00:00:00Z',
        rewardState: 'pending',
        userId: 'u1',
        count: 1,
        txid: TXID,
        inscriptionId: INSCRIPTION_ID,
        auctionId: null,
      }),
      [`GET /api/shared/tx/${TXID}/status`]: ok({ confirmed: false }),
      'GET /api/shared/blocks/tip/height': ok({ height: 120 }),
    });
    const wallet = renderDialog();

    const region = await review();
    expect(callsTo(calls, 'POST', '/api/listings/protected/createOffer')[0]?.body).toEqual({
      ids: [LISTING_ID],
      takerPaymentAddress: BUYER_PAYMENT.address,
      takerPaymentPublicKey: BUYER_PAYMENT.publicKeyHex,
      takerOrdinalAddress: BUYER_ORDINALS.address,
      feeRate: 6,
      satScan: false,
    });
    expect(row(region, 'Price').textContent).toContain('0.00050000 BTC');
    expect(row(region, 'Network fee (6 sat/vB)').textContent).toContain(
      btcText(fixture.networkFee),
    );
    expect(row(region, 'Platform fee').textContent).toContain('0.00000500 BTC');
    expect(row(region, 'Total').textContent).toContain(btcText(fixture.total));
    // product.md#walk-through-fixes item 20: the total is price + network fee; the platform fee,
    // which the seller pays out of the price, comes after it and says so.
    expect(fixture.total).toBe(50_000n + fixture.networkFee);
    const terms = within(region)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms.slice(0, 4)).toEqual(['Price', 'Network fee (6 sat/vB)', 'Total', 'Platform fee']);
    expect(row(region, 'Platform fee').textContent).toBe(
      'Platform fee0.00000500 BTC500 satsPaid by the seller out of the price: not part of your total.',
    );
    expect(row(region, 'Inscription goes to').textContent).toBe(
      `Inscription goes to${shortenAddress(BUYER_ORDINALS.address)}`,
    );
    expect(wallet.signPsbt).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Sign and buy' }));
    expect(await screen.findByText(`Transaction broadcasted: ${TXID}`)).toBeTruthy();
    expect(wallet.signPsbt).toHaveBeenCalledTimes(1);
    expect(wallet.signPsbt).toHaveBeenCalledWith({
      psbtBase64: fixture.psbt,
      inputsToSign: expect.arrayContaining([{ index: 0, address: BUYER_PAYMENT.address }]),
      finalize: false,
    });
    expect(callsTo(calls, 'PUT', '/api/listings/protected/submitOffer')[0]?.body).toEqual({
      ids: [LISTING_ID],
      signedPSBTBase64: 'c2lnbmVk',
      takerPaymentAddress: BUYER_PAYMENT.address,
      takerOrdinalAddress: BUYER_ORDINALS.address,
    });
    expect(
      await screen.findByRole('status', { name: 'Purchase status' }, { timeout: 2000 }),
    ).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Purchase status' }).textContent).toBe(
        '0 confirmations',
      ),
    );
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/api/orders')[0]?.body).toEqual({
        source: 'web',
        type: 'BuyListing',
        orderId: LISTING_ID,
        address: BUYER_ORDINALS.address,
        count: 1,
        txid: TXID,
        inscriptionId: INSCRIPTION_ID,
      }),
    );
  });

  it('signs a chained padding setup in the same session and sends both', async () => {
    const fixture = purchaseFixture({ feeRate: 6, chained: true });
    const calls = fakeServer({
      'GET /api/shared/fees/recommended': ok(FEES),
      'POST /api/listings/protected/createOffer': offer(fixture),
      'PUT /api/listings/protected/submitOffer': ok({ txId: TXID, setupTxId: 'aa'.repeat(32) }),
    });
    const wallet = renderDialog();
    await review();
    expect(screen.getByText(/a setup transaction creating them is signed/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Sign and buy' }));
    expect(await screen.findByText(`Transaction broadcasted: ${TXID}`)).toBeTruthy();
    expect(wallet.signPsbt.mock.calls.map(([request]) => request.psbtBase64)).toEqual([
      fixture.setupPsbt,
      fixture.psbt,
    ]);
    expect(callsTo(calls, 'PUT', '/api/listings/protected/submitOffer')[0]?.body).toMatchObject({
      signedPSBTBase64: 'c2lnbmVk',
      signedSetupPSBTBase64: 'c2lnbmVk',
    });
  });

  it('refuses to sign a PSBT whose output pays the inscription elsewhere', async () => {
    const fixture = purchaseFixture({ tamper: 'inscription-elsewhere' });
    fakeServer({
      'GET /api/shared/fees/recommended': ok(FEES),
      'POST /api/listings/protected/createOffer': offer(fixture),
    });
    const wallet = renderDialog();
    const region = await review();
    const alert = within(region).getByRole('alert');
    expect(alert.textContent).toContain(
      'Not signing: this purchase does not match what you chose.',
    );
    expect(alert.textContent).toContain(
      `The inscription would go to ${THIEF.address}, not to your ordinals address ${BUYER_ORDINALS.address}.`,
    );
    const sign = screen.getByRole('button', { name: 'Sign and buy' }) as HTMLButtonElement;
    expect(sign.disabled).toBe(true);
    await userEvent.click(sign);
    expect(wallet.signPsbt).not.toHaveBeenCalled();
  });

  it('asks for a new offer when the fee rate changes', async () => {
    const calls = fakeServer({
      'GET /api/shared/fees/recommended': ok(FEES),
      'POST /api/listings/protected/createOffer': (body) =>
        offer(purchaseFixture({ feeRate: (body as { feeRate: number }).feeRate })),
    });
    renderDialog();
    await review();
    await userEvent.click(screen.getByRole('radio', { name: 'Fast 12 sat/vB' }));
    await waitFor(() =>
      expect(
        callsTo(calls, 'POST', '/api/listings/protected/createOffer').map(
          (c) => (c.body as { feeRate: number }).feeRate,
        ),
      ).toEqual([6, 12]),
    );
    expect(await screen.findByText('Network fee (12 sat/vB)')).toBeTruthy();
  });

  it('applies a typed custom rate at once, so the first "Sign and buy" signs at it', async () => {
    const calls = fakeServer({
      'GET /api/shared/fees/recommended': ok(FEES),
      'POST /api/listings/protected/createOffer': (body) =>
        offer(purchaseFixture({ feeRate: (body as { feeRate: number }).feeRate })),
    });
    const wallet = renderDialog();
    await review();
    await userEvent.click(screen.getByRole('radio', { name: 'Custom' }));
    const field = screen.getByLabelText('Custom fee rate (sat/vB)');
    await userEvent.clear(field);
    await userEvent.type(field, '25');
    expect(await screen.findByText('Network fee (25 sat/vB)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Sign and buy' }));
    await waitFor(() => expect(wallet.signPsbt).toHaveBeenCalledTimes(1));
    expect(wallet.signPsbt.mock.calls[0]?.[0].psbtBase64).toBe(
      purchaseFixture({ feeRate: 25 }).psbt,
    );
    expect(
      callsTo(calls, 'POST', '/api/listings/protected/createOffer').map(
        (c) => (c.body as { feeRate: number }).feeRate,
      ),
    ).toEqual([6, 2, 25]);
  });

  it("refuses a custom rate above the server's cap in the field, asking no offer at it", async () => {
    const calls = fakeServer({
      'GET /api/shared/fees/recommended': ok(FEES),
      'POST /api/listings/protected/createOffer': (body) =>
        offer(purchaseFixture({ feeRate: (body as { feeRate: number }).feeRate })),
    });
    renderDialog();
    await review();
    await userEvent.click(screen.getByRole('radio', { name: 'Custom' }));
    const field = screen.getByLabelText('Custom fee rate (sat/vB)');
    expect(field.getAttribute('max')).toBe('500');
    await userEvent.clear(field);
    await userEvent.type(field, '10000');
    expect(screen.getByRole('alert').textContent).toBe(
      'The fee rate can be at most 500 sat/vB: this server does not build transactions above it.',
    );
    const rates = callsTo(calls, 'POST', '/api/listings/protected/createOffer').map(
      (c) => (c.body as { feeRate: number }).feeRate,
    );
    expect(rates.every((rate) => rate <= 500)).toBe(true);
    expect(screen.queryByText('Failed to buy listing')).toBeNull();
  });

  it('starts at 6 sat/vB when the node has no estimate', async () => {
    const calls = fakeServer({
      'GET /api/shared/fees/recommended': failure(503, 'Chain unavailable'),
      'POST /api/listings/protected/createOffer': offer(purchaseFixture({ feeRate: 6 })),
    });
    renderDialog();
    await review();
    expect(callsTo(calls, 'POST', '/api/listings/protected/createOffer')[0]?.body).toMatchObject({
      feeRate: 6,
    });
  });

  it.each([
    [
      'createOffer',
      { 'POST /api/listings/protected/createOffer': failure(400, 'Not enough funds') },
      'Failed to buy listing',
      'Not enough funds',
    ],
    [
      'submitOffer',
      {
        'POST /api/listings/protected/createOffer': offer(purchaseFixture()),
        'PUT /api/listings/protected/submitOffer': failure(409, 'The listing was sold'),
      },
      'Failed to submit listing purchase',
      'The listing was sold',
    ],
  ])('toasts the server message when %s fails', async (step, routes, title, description) => {
    fakeServer({ 'GET /api/shared/fees/recommended': ok(FEES), ...routes });
    renderDialog();
    if (step === 'submitOffer') {
      await review();
      await userEvent.click(screen.getByRole('button', { name: 'Sign and buy' }));
    }
    expect(await screen.findByText(title)).toBeTruthy();
    expect(screen.getAllByText(description, { exact: false }).length).toBeGreaterThan(0);
  });

  it("toasts 'Failed to sign psbt' when the wallet refuses", async () => {
    const calls = fakeServer({
      'GET /api/shared/fees/recommended': ok(FEES),
      'POST /api/listings/protected/createOffer': offer(purchaseFixture()),
    });
    const wallet = fakeWallet(buyer);
    wallet.signPsbt.mockRejectedValue(new Error('User canceled the request'));
    renderDialog(wallet);
    await review();
    await userEvent.click(screen.getByRole('button', { name: 'Sign and buy' }));
    expect(await screen.findByText('Failed to sign psbt')).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/api/listings/protected/submitOffer')).toEqual([]);
  });

  it('says a protected purchase is co-signed by the platform and cannot be sniped', async () => {
    fakeServer({
      'GET /api/shared/fees/recommended': ok(FEES),
      'POST /api/listings/protected/createOffer': offer(purchaseFixture({ isProtected: true })),
    });
    renderDialog(fakeWallet(buyer), { ...purchaseItem, isSnipeProtected: true });
    const region = await review();
    expect(within(region).queryByRole('alert')).toBeNull();
    const note = screen.getByText(/^This purchase is co-signed by the platform/);
    expect(note.textContent).toBe(
      'This purchase is co-signed by the platform and cannot be sniped: no one can replace your transaction with a higher fee.',
    );
    expect(screen.getByRole('img', { name: 'Snipe protected' })).toBeTruthy();
  });

  it('says nothing of protection for an ordinary listing', async () => {
    fakeServer({
      'GET /api/shared/fees/recommended': ok(FEES),
      'POST /api/listings/protected/createOffer': offer(purchaseFixture()),
    });
    renderDialog();
    await review();
    expect(screen.queryByRole('img', { name: 'Snipe protected' })).toBeNull();
  });

  it("reviews and signs a purchase whose paddings come from the buyer's multisig wallet", async () => {
    const fixture = purchaseFixture({ multisig: true, isProtected: true });
    const [padding0, padding1, ...payments] = fixture.buyerInputs;
    const calls = fakeServer({
      'GET /api/shared/fees/recommended': ok(FEES),
      'POST /api/multisig/get-wallet': ok(
        walletPayload(BUYER_MULTISIG, 'multisig', BUYER_PAYMENT.address),
      ),
      'POST /api/listings/protected/createOffer': ok({
        psbt: fixture.psbt,
        inputsToSign: [
          { index: padding0, address: BUYER_MULTISIG.address },
          { index: padding1, address: BUYER_MULTISIG.address },
          ...payments.map((index) => ({ index, address: BUYER_PAYMENT.address })),
        ],
        setupPsbt: null,
        setupInputsToSign: [],
        quote: fixture.quote,
      }),
      'PUT /api/listings/protected/submitOffer': ok({ txId: TXID, setupTxId: null }),
    });
    const wallet = renderDialog(fakeWallet(buyer), { ...purchaseItem, isSnipeProtected: true });
    const region = await review();
    expect(within(region).queryByRole('alert')).toBeNull();
    expect(callsTo(calls, 'POST', '/api/multisig/get-wallet')[0]?.body).toEqual({
      userPublicKey: BUYER_PAYMENT.publicKeyHex,
      userAddress: BUYER_PAYMENT.address,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Sign and buy' }));
    expect(await screen.findByText(`Transaction broadcasted: ${TXID}`)).toBeTruthy();
    // The multisig paddings are signed by their user key, the payment key.
    expect(wallet.signPsbt.mock.calls[0]?.[0].inputsToSign).toEqual(
      fixture.buyerInputs.map((index) => ({ index, address: BUYER_PAYMENT.address })),
    );
  });

  it("refuses multisig paddings when the buyer's multisig wallet is unknown", async () => {
    const fixture = purchaseFixture({ multisig: true });
    fakeServer({
      'GET /api/shared/fees/recommended': ok(FEES),
      'POST /api/listings/protected/createOffer': offer(fixture),
    });
    const wallet = renderDialog();
    const region = await review();
    expect(within(region).getByRole('alert').textContent).toContain(
      'Input 0 is not from your wallet.',
    );
    expect(
      (screen.getByRole('button', { name: 'Sign and buy' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(wallet.signPsbt).not.toHaveBeenCalled();
  });
});
