import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mintProofMessage } from '@om/core';
import { testConfig } from '../../test/render-app.tsx';
import { configQueries } from '../../shared/config.queries.ts';
import { callsTo, failure, ok } from '../../test/trade-test-kit.tsx';
import { BUYER_ORDINALS, BUYER_PAYMENT, PLATFORM, THIEF } from '../../test/trade-test-fixtures.ts';
import {
  allocationPayload,
  details,
  LAUNCH_ID,
  MINT_ITEMS,
  mintFixture,
  NOW,
  offerAnswer,
  TXID,
  type MintTamper,
} from '../../test/mint-test-fixtures.ts';
import {
  ALLOCATION,
  BY_SLUG,
  mintButton,
  renderPage,
  review,
  server,
  setCount,
} from './mint-test-server.tsx';

describe('minting on /mint/{slug}', () => {
  beforeEach(() => {
    // Only the clock is frozen: timers, the countdown's tick and polling run for real.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('mints: sends the offer, reviews it, signs setup then purchase, submits, records, refreshes', async () => {
    const fixture = mintFixture({ count: 2, chained: true });
    const calls = server({
      'POST /api/launchpad/offer/create': offerAnswer(fixture),
      'POST /api/launchpad/offer/submit': ok({ txId: TXID, setupTxId: null }),
    });
    const { wallet } = renderPage();
    await screen.findByRole('region', { name: 'Your allocation' });
    await setCount('2');
    await userEvent.click(mintButton());

    const region = await review();
    expect(callsTo(calls, 'POST', '/api/launchpad/offer/create')[0]?.body).toEqual({
      id: LAUNCH_ID,
      mintCount: 2,
      takerOrdinalAddress: BUYER_ORDINALS.address,
      takerPaymentAddress: BUYER_PAYMENT.address,
      takerPaymentPublicKey: BUYER_PAYMENT.publicKeyHex,
      feeRate: 6,
      satScan: false,
    });
    expect(within(region).getByText('Price').closest('div')?.textContent).toContain(
      '0.00100000 BTC',
    );
    expect(within(region).queryByRole('alert')).toBeNull();
    expect(wallet.signPsbt).not.toHaveBeenCalled();
    const beforeMint = {
      launch: callsTo(calls, 'GET', BY_SLUG).length,
      allocation: callsTo(calls, 'GET', ALLOCATION).length,
    };

    await userEvent.click(screen.getByRole('button', { name: 'Sign and mint' }));
    expect(await screen.findByText(`Transaction broadcasted: ${TXID}`)).toBeTruthy();
    expect(wallet.signPsbt.mock.calls.map(([request]) => request)).toEqual([
      {
        psbtBase64: fixture.setupPsbt,
        inputsToSign: [{ index: 0, address: BUYER_PAYMENT.address }],
        finalize: false,
      },
      {
        psbtBase64: fixture.psbt,
        inputsToSign: fixture.buyerInputs.map((index) => ({
          index,
          address: BUYER_PAYMENT.address,
        })),
        finalize: false,
      },
    ]);
    expect(callsTo(calls, 'POST', '/api/launchpad/offer/submit').map((c) => c.body)).toEqual([
      { ids: fixture.ids, signedPsbt: 'c2lnbmVk', signedSetupPsbt: 'c2lnbmVk' },
    ]);
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/api/orders').map((c) => c.body)).toEqual(
        MINT_ITEMS.map((item) => ({
          source: 'web',
          type: 'PreinscribeMint',
          orderId: item.listingId,
          address: BUYER_ORDINALS.address,
          count: 1,
          txid: TXID,
          inscriptionId: item.inscriptionId,
        })),
      ),
    );
    await waitFor(() => {
      expect(callsTo(calls, 'GET', BY_SLUG).length).toBeGreaterThan(beforeMint.launch);
      expect(callsTo(calls, 'GET', ALLOCATION).length).toBeGreaterThan(beforeMint.allocation);
    });
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Mint status' }).textContent).toBe(
        '0 confirmations',
      ),
    );
  });

  it('signs the proof of a listed ordinals address with that address before the offer', async () => {
    const calls = server({
      [`GET ${ALLOCATION}`]: ok(allocationPayload({ ordinalsProofNeeded: true })),
      'POST /api/launchpad/offer/create': offerAnswer(mintFixture()),
    });
    const { wallet } = renderPage();
    await screen.findByRole('region', { name: 'Your allocation' });
    await userEvent.click(mintButton());
    await review();
    const message = mintProofMessage({
      launchpadId: LAUNCH_ID,
      ordinalsAddress: BUYER_ORDINALS.address,
      paymentAddress: BUYER_PAYMENT.address,
    });
    expect(wallet.signMessage.mock.calls).toEqual([[message, BUYER_ORDINALS.address]]);
    expect(callsTo(calls, 'POST', '/api/launchpad/offer/create')[0]?.body).toMatchObject({
      takerOrdinalAddress: BUYER_ORDINALS.address,
      ordinalsSignature: `signed(${message})`,
    });
  });

  it.each([
    [403, 'This wallet is not on the allow list of Whitelist Sale'],
    [409, 'Allocation reached: this wallet may mint no more in Whitelist Sale'],
    [409, 'Sold out'],
    [409, 'Only 1 left to mint'],
    [409, 'No phase of this launch is open now'],
  ])('shows the server refusal %i %s as it comes', async (status, message) => {
    server({ 'POST /api/launchpad/offer/create': failure(status, message) });
    const { wallet } = renderPage();
    await screen.findByRole('region', { name: 'Your allocation' });
    await userEvent.click(mintButton());
    const dialog = await screen.findByRole('dialog', { name: 'Mint Rocks' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      `Could not prepare the mint: ${message}`,
    );
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);
    expect(wallet.signPsbt).not.toHaveBeenCalled();
  });

  it("falls back to 'Failed to create buy offer' when the server cannot be reached", async () => {
    server();
    renderPage();
    await screen.findByRole('region', { name: 'Your allocation' });
    const realFetch = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init?: RequestInit) =>
        path === '/api/launchpad/offer/create'
          ? Promise.reject(new TypeError('Failed to fetch'))
          : realFetch(path, init),
      ),
    );
    await userEvent.click(mintButton());
    expect(await screen.findByText('Failed to create buy offer')).toBeTruthy();
  });

  it('refuses to review an item whose deposit is still unconfirmed, and releases it at once', async () => {
    const [item] = MINT_ITEMS;
    const fixture = mintFixture();
    const calls = server({
      'POST /api/launchpad/offer/create': offerAnswer(fixture),
      'POST /api/launchpad/offer/release': ok({ released: fixture.ids.length }),
      [`GET /api/shared/inscriptions/details/${item.inscriptionId}`]: ok({
        ...details(item),
        isMoving: true,
        movingTxid: 'dd'.repeat(32),
      }),
    });
    const { wallet } = renderPage();
    await screen.findByRole('region', { name: 'Your allocation' });
    await userEvent.click(mintButton());
    const dialog = await screen.findByRole('dialog', { name: 'Mint Rocks' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      `Could not prepare the mint: Failed to create buy offer Inscription ${item.inscriptionId} is still moving into the launch wallet; try again after the next block.`,
    );
    expect(wallet.signPsbt).not.toHaveBeenCalled();
    // The reservation is given back now, not after it lapses (product.md#walk-through-fixes item
    // 10).
    expect(callsTo(calls, 'POST', '/api/launchpad/offer/release').map((c) => c.body)).toEqual([
      { ids: fixture.ids },
    ]);
  });

  it.each<[MintTamper, string]>([
    [
      'inscription-elsewhere',
      `The inscription would go to ${THIEF.address}, not to your ordinals address ${BUYER_ORDINALS.address}.`,
    ],
    ['fee-elsewhere', "pays an address that is neither yours nor a seller's."],
    ['price-above-phase', 'The price is now 0.00055000 BTC, not 0.00050000 BTC.'],
  ])(
    'refuses a PSBT that does not match the quote (%s) before the wallet is asked',
    async (tamper, problem) => {
      const calls = server({
        'POST /api/launchpad/offer/create': offerAnswer(mintFixture({ tamper })),
      });
      const { wallet, queryClient } = renderPage();
      // The deployment names its fee address: a fee paid anywhere else is a stranger's output.
      queryClient.setQueryData(configQueries.app().queryKey, {
        ...testConfig,
        platformFeeAddress: PLATFORM.address,
      });
      await screen.findByRole('region', { name: 'Your allocation' });
      await userEvent.click(mintButton());
      const region = await review();
      const alert = within(region).getByRole('alert');
      expect(alert.textContent).toContain(
        'Not signing: this purchase does not match what you chose.',
      );
      expect(alert.textContent).toContain(problem);
      const sign = screen.getByRole('button', { name: 'Sign and mint' }) as HTMLButtonElement;
      expect(sign.disabled).toBe(true);
      await userEvent.click(sign);
      expect(wallet.signPsbt).not.toHaveBeenCalled();
      expect(callsTo(calls, 'POST', '/api/launchpad/offer/submit')).toHaveLength(0);
    },
  );

  it("toasts 'Failed to sign psbt' when the wallet refuses, and submits nothing", async () => {
    const calls = server({ 'POST /api/launchpad/offer/create': offerAnswer(mintFixture()) });
    const { wallet } = renderPage();
    wallet.signPsbt.mockRejectedValueOnce(new Error('User rejected the request.'));
    await screen.findByRole('region', { name: 'Your allocation' });
    await userEvent.click(mintButton());
    await review();
    await userEvent.click(screen.getByRole('button', { name: 'Sign and mint' }));
    expect(await screen.findByText('Failed to sign psbt')).toBeTruthy();
    expect(screen.getByText('User rejected the request.')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/launchpad/offer/submit')).toHaveLength(0);
  });

  it('shows the submit refusal as it comes and records no order', async () => {
    const calls = server({
      'POST /api/launchpad/offer/create': offerAnswer(mintFixture()),
      'POST /api/launchpad/offer/submit': failure(409, 'Whitelist Sale is not open'),
    });
    renderPage();
    await screen.findByRole('region', { name: 'Your allocation' });
    await userEvent.click(mintButton());
    await review();
    await userEvent.click(screen.getByRole('button', { name: 'Sign and mint' }));
    expect(await screen.findByText('Whitelist Sale is not open')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/orders')).toHaveLength(0);
  });

  it("toasts 'Error saving order: {id}' when the order cannot be recorded", async () => {
    server({
      'POST /api/launchpad/offer/create': offerAnswer(mintFixture()),
      'POST /api/launchpad/offer/submit': ok({ txId: TXID, setupTxId: null }),
      'POST /api/orders': failure(401, 'user is not authenticated'),
    });
    renderPage();
    await screen.findByRole('region', { name: 'Your allocation' });
    await userEvent.click(mintButton());
    await review();
    await userEvent.click(screen.getByRole('button', { name: 'Sign and mint' }));
    expect(await screen.findByText(`Error saving order: ${MINT_ITEMS[0].listingId}`)).toBeTruthy();
  });
});
