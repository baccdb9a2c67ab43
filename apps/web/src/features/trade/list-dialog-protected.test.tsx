import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shortenAddress } from '../../lib/format.ts';
import type { WalletAccount, WalletId } from '../wallet/wallet.types.ts';
import { NOT_YOUR_MAKER_WALLET } from './deposit-review.ts';
import { ListDialog } from './list-dialog.tsx';
import type { ListableInscription } from './listable-inscription.ts';
import {
  callsTo,
  fakeServer,
  fakeWallet,
  ok,
  renderWithWallet,
} from '../../test/trade-test-kit.tsx';
import {
  depositFixture,
  LISTED_OUTPOINT,
  protectedListingPsbt,
  SELLER,
  SELLER_MAKER,
  SELLER_PAYMENT,
  THIEF,
  THIEF_MAKER,
  walletPayload,
} from '../../test/trade-test-fixtures.ts';

// The list dialog with snipe protection (ADR 009): the inscription moves into the maker
// wallet, then is listed from there.

const LISTING_ID = '0b5e2c1a-3f4d-4e6b-8a7c-9d0e1f2a3b4c';
const INSCRIPTION_ID = `${'ef'.repeat(32)}i0`;
const FEES = { fastestFee: 12, halfHourFee: 6, hourFee: 3, economyFee: 2, minimumFee: 1 };
const MAKER = walletPayload(SELLER_MAKER, 'maker', SELLER_PAYMENT.address);
const seller: WalletAccount = {
  id: 'dev',
  paymentAddress: SELLER_PAYMENT.address,
  paymentPublicKey: SELLER_PAYMENT.publicKeyHex,
  ordinalsAddress: SELLER.address,
  ordinalsPublicKey: SELLER.publicKeyHex,
};
const item: ListableInscription = {
  inscriptionId: INSCRIPTION_ID,
  label: 'Rock #1',
  outpoint: LISTED_OUTPOINT,
};

/** What POST create answers for a protected listing of `outpoint`. */
function created(outpoint: string) {
  return ok({
    psbt: protectedListingPsbt(outpoint),
    listingIds: [LISTING_ID],
    // The server names the maker wallet: the inscription's address.
    inputsToSign: [{ index: 0, address: SELLER_MAKER.address, sighash: 0x83 }],
  });
}

function renderDialog(account: WalletAccount = seller, items = [item]) {
  const wallet = fakeWallet(account);
  renderWithWallet(<ListDialog open onClose={() => undefined} items={items} />, wallet);
  return wallet;
}

const protection = () => screen.getByRole('checkbox', { name: 'Snipe protection' });
const continueToListing = () =>
  screen.getByRole('button', { name: 'Continue to listing' }) as HTMLButtonElement;

/** GET tx status answering `status()`, and the tip the tracked move counts confirmations from. */
function moveStatus(txid: string, status: () => unknown) {
  return {
    [`GET /api/shared/tx/${txid}/status`]: () => ok(status()),
    'GET /api/shared/blocks/tip/height': ok({ height: 120 }),
  };
}
const CONFIRMED = {
  confirmed: true,
  block_height: 120,
  block_hash: 'ff'.repeat(32),
  block_time: 1,
};

/** Types the price and continues with protection on, once the fee estimate is in. */
async function enterPrice(price: string) {
  expect(await screen.findByText(/^Platform fee: 1% of the price/)).toBeTruthy();
  await userEvent.type(screen.getByLabelText('Price (BTC)'), price);
  const next = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
  await waitFor(() => expect(next.disabled).toBe(false));
  await userEvent.click(next);
}

describe('ListDialog with snipe protection', () => {
  afterEach(() => vi.useRealTimers());

  it('is on by default for the Dev wallet, with what it does', async () => {
    fakeServer({ 'GET /api/shared/fees/recommended': ok(FEES) });
    renderDialog();
    const box = (await screen.findByRole('checkbox', {
      name: 'Snipe protection',
    })) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(box.disabled).toBe(false);
    expect(screen.getByText(/sit in your maker wallet, a 2-of-2 with the platform/)).toBeTruthy();
    expect(screen.getByText(/you alone can spend after 144 blocks/)).toBeTruthy();
    expect(await screen.findByRole('radio', { name: 'Normal 6 sat/vB' })).toBeTruthy();
  });

  it.each<[string, WalletId, string, string]>([
    [
      'a wallet that cannot sign for it',
      'orange',
      SELLER_PAYMENT.publicKeyHex,
      'Not available with Orange: it cannot sign for a maker wallet.',
    ],
    [
      'an x-only payment key',
      'dev',
      SELLER_PAYMENT.publicKeyHex.slice(2),
      'Not available: your wallet’s payment key is not a 33-byte compressed key.',
    ],
  ])('is off and disabled with %s', async (_, id, paymentPublicKey, reason) => {
    const calls = fakeServer({});
    renderDialog({ ...seller, id, paymentPublicKey });
    const box = protection() as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(box.disabled).toBe(true);
    expect(screen.getByText(reason)).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Network fee rate' })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('moves the inscription into the maker wallet, then lists it from there', async () => {
    const deposit = depositFixture();
    const moved = `${deposit.txid}:0`;
    const calls = fakeServer({
      ...moveStatus(deposit.txid, () => CONFIRMED),
      'GET /api/shared/fees/recommended': ok(FEES),
      'POST /api/multisig/get-maker-wallet': ok(MAKER),
      'POST /api/multisig/deposit-inscriptions': ok(deposit),
      'POST /api/multisig/deposit-inscriptions/confirm': ok({ txId: deposit.txid }),
      'POST /api/listings/protected/create': created(moved),
      'PUT /api/listings/protected/confirm': ok({ listingIds: [LISTING_ID] }),
    });
    const wallet = renderDialog();
    await enterPrice('0.0005');

    const move = await screen.findByRole('region', { name: 'Deposit review' });
    expect(move.textContent).toContain(
      `Step 1 of 2: move the inscription to your maker wallet ${shortenAddress(SELLER_MAKER.address)}`,
    );
    expect(within(move).getByText('Rock #1').closest('div')?.textContent).toContain(
      shortenAddress(SELLER_MAKER.address),
    );
    expect(wallet.signPsbt).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Sign and move' }));
    await waitFor(() => expect(continueToListing().disabled).toBe(false));
    await userEvent.click(continueToListing());

    const listing = await screen.findByRole('region', { name: 'Listing review' });
    expect(listing.textContent).toContain('Step 2 of 2: list from your maker wallet');
    expect(within(listing).getByRole('img', { name: 'Snipe protected' })).toBeTruthy();
    expect(within(listing).getByText('0.00059500 BTC')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Sign and list' }));
    expect(await screen.findByText('Inscription(s) listed successfully')).toBeTruthy();

    const writes = calls.filter((c) => c.method !== 'GET');
    expect(writes.slice(0, 5).map((c) => [`${c.method} ${c.path}`, c.body])).toEqual([
      [
        'POST /api/multisig/get-maker-wallet',
        { userPublicKey: SELLER_PAYMENT.publicKeyHex, userAddress: SELLER_PAYMENT.address },
      ],
      [
        'POST /api/multisig/deposit-inscriptions',
        {
          inscriptionIds: [INSCRIPTION_ID],
          ordinalAddress: SELLER.address,
          ordinalPublicKey: SELLER.publicKeyHex,
          paymentAddress: SELLER_PAYMENT.address,
          paymentPublicKey: SELLER_PAYMENT.publicKeyHex,
          feeRate: 6,
        },
      ],
      ['POST /api/multisig/deposit-inscriptions/confirm', { signedPsbt: 'c2lnbmVk' }],
      [
        'POST /api/listings/protected/create',
        {
          makerPaymentAddress: SELLER_PAYMENT.address,
          makerPaymentPublicKey: SELLER_PAYMENT.publicKeyHex,
          makerOrdinalPublicKey: SELLER_PAYMENT.publicKeyHex,
          makerOrdinalAddress: SELLER_MAKER.address,
          utxos: [{ utxo: moved, price: '50000' }],
        },
      ],
      ['PUT /api/listings/protected/confirm', { listingIds: [LISTING_ID], signedPSBT: 'c2lnbmVk' }],
    ]);
    // The deposit by the keys holding its inputs, with ALL; the listing by the payment key, 0x83.
    expect(wallet.signPsbt.mock.calls.map(([request]) => request)).toEqual([
      {
        psbtBase64: deposit.psbt,
        inputsToSign: [
          { index: 0, address: SELLER.address },
          { index: 1, address: SELLER_PAYMENT.address },
        ],
        finalize: false,
      },
      {
        psbtBase64: protectedListingPsbt(moved),
        inputsToSign: [{ index: 0, address: SELLER_PAYMENT.address, sighashTypes: [0x83] }],
        finalize: false,
      },
    ]);
  });

  it('opens the listing only once the move confirms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const deposit = depositFixture();
    let status: unknown = null;
    const calls = fakeServer({
      ...moveStatus(deposit.txid, () => status ?? { confirmed: false }),
      'GET /api/shared/fees/recommended': ok(FEES),
      'POST /api/multisig/get-maker-wallet': ok(MAKER),
      'POST /api/multisig/deposit-inscriptions': ok(deposit),
      'POST /api/multisig/deposit-inscriptions/confirm': ok({ txId: deposit.txid }),
      'POST /api/listings/protected/create': created(`${deposit.txid}:0`),
    });
    renderDialog();
    await enterPrice('0.0005');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign and move' }));

    const moved = await screen.findByText(/^Moved to your maker wallet in transaction/);
    expect(moved.textContent).toContain('The listing opens once the move confirms.');
    const move = screen.getByRole('status', { name: 'Move status' });
    await waitFor(() => expect(move.textContent).toBe('0 confirmations'));
    expect(continueToListing().disabled).toBe(true);
    await userEvent.click(continueToListing());
    expect(callsTo(calls, 'POST', '/api/listings/protected/create')).toEqual([]);

    // Mined: the next poll (every 5 s) finds it confirmed.
    status = CONFIRMED;
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(move.textContent).toBe('Confirmed');
    expect(moved.textContent).toContain('The move is confirmed; it is not listed yet.');
    expect(continueToListing().disabled).toBe(false);
    await userEvent.click(continueToListing());
    expect(await screen.findByRole('region', { name: 'Listing review' })).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/listings/protected/create')).toHaveLength(1);
  });

  it('refuses to sign a deposit that sends the inscription elsewhere', async () => {
    const calls = fakeServer({
      'GET /api/shared/fees/recommended': ok(FEES),
      'POST /api/multisig/get-maker-wallet': ok(MAKER),
      'POST /api/multisig/deposit-inscriptions': ok(
        depositFixture({ tamper: 'inscription-elsewhere' }),
      ),
    });
    const wallet = renderDialog();
    await enterPrice('0.0005');
    const move = await screen.findByRole('region', { name: 'Deposit review' });
    const alert = within(move).getByRole('alert');
    expect(alert.textContent).toContain(
      `Rock #1: the inscription would go to ${THIEF.address}, not your maker wallet.`,
    );
    const sign = screen.getByRole('button', { name: 'Sign and move' }) as HTMLButtonElement;
    expect(sign.disabled).toBe(true);
    await userEvent.click(sign);
    expect(wallet.signPsbt).not.toHaveBeenCalled();
    expect(callsTo(calls, 'POST', '/api/multisig/deposit-inscriptions/confirm')).toEqual([]);
  });

  it('refuses a maker wallet that is not a 2-of-2 of the seller’s own key', async () => {
    const calls = fakeServer({
      'GET /api/shared/fees/recommended': ok(FEES),
      'POST /api/multisig/get-maker-wallet': ok(
        walletPayload(THIEF_MAKER, 'maker', SELLER_PAYMENT.address),
      ),
      'POST /api/multisig/deposit-inscriptions': ok(depositFixture({ to: THIEF_MAKER })),
    });
    const wallet = renderDialog();
    await enterPrice('0.0005');
    expect(await screen.findByText('Listing inscription failed.')).toBeTruthy();
    expect(screen.getByText(NOT_YOUR_MAKER_WALLET)).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/multisig/deposit-inscriptions')).toEqual([]);
    expect(wallet.signPsbt).not.toHaveBeenCalled();
  });

  it('lists an inscription already in the maker wallet without moving it', async () => {
    const calls = fakeServer({
      'GET /api/shared/fees/recommended': ok(FEES),
      'POST /api/multisig/get-maker-wallet': ok(MAKER),
      'POST /api/listings/protected/create': created(LISTED_OUTPOINT),
    });
    renderDialog(seller, [{ ...item, address: SELLER_MAKER.address }]);
    const box = protection() as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(box.disabled).toBe(true);
    expect(screen.getByText('Already in your maker wallet: it lists protected.')).toBeTruthy();
    await enterPrice('0.0005');
    expect(await screen.findByRole('region', { name: 'Listing review' })).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => c.path)).toEqual([
      '/api/multisig/get-maker-wallet',
      '/api/listings/protected/create',
    ]);
    expect(callsTo(calls, 'POST', '/api/listings/protected/create')[0]?.body).toMatchObject({
      makerOrdinalAddress: SELLER_MAKER.address,
      utxos: [{ utxo: LISTED_OUTPOINT, price: '50000' }],
    });
  });
});
