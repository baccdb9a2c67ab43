import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, failure, ok } from '../../test/trade-test-kit.tsx';
import { BUYER_ORDINALS, BUYER_PAYMENT, THIEF } from '../../test/trade-test-fixtures.ts';
import {
  editionLaunch,
  editionOrder,
  editionQuote,
  inscribedOrder,
  ORDER_ID,
  REVEAL_TXID,
  type EditionTamper,
} from './edition-mint-fixtures.ts';
import { LAUNCH_ID, NOW } from '../../test/mint-test-fixtures.ts';
import {
  BY_SLUG,
  countInput,
  mintButton,
  renderPage,
  server,
  setCount,
} from './mint-test-server.tsx';

// Minting editions on /mint/{slug} (product.md#market-calls, core editions.api.ts), against a fake
// server.

const COMMIT_TXID = 'c0'.repeat(32);
const PRICE = 'POST /api/launchpad/editions/price';
const MINT = 'POST /api/launchpad/editions/mint';
const SUBMIT = 'POST /api/launchpad/editions/mint/submit';
const ORDER = `GET /api/launchpad/editions/order/${ORDER_ID}`;

function editionServer(routes: Parameters<typeof server>[0] = {}, tamper?: EditionTamper) {
  const payment = editionOrder({ count: 2, ...(tamper ? { tamper } : {}) });
  const order = inscribedOrder(payment, COMMIT_TXID);
  const calls = server({
    [`GET ${BY_SLUG}`]: ok(editionLaunch()),
    [PRICE]: ok(editionQuote(2)),
    [MINT]: ok(payment),
    [SUBMIT]: ok(order),
    [ORDER]: ok(order),
    [`GET /api/shared/tx/${COMMIT_TXID}/status`]: ok({ confirmed: false }),
    [`GET /api/shared/tx/${REVEAL_TXID}/status`]: ok({ confirmed: false }),
    // The orders store answers null for what the record leaves out (no inscription id here).
    'POST /api/orders': (record) =>
      ok({
        ...(record as object),
        id: '1',
        date: NOW.toISOString(),
        rewardState: 'pending',
        userId: 'u1',
        inscriptionId: null,
        auctionId: null,
      }),
    ...routes,
  });
  return { calls, payment };
}

const body = (calls: ReturnType<typeof server>, route: string) =>
  callsTo(calls, route.split(' ')[0] ?? '', route.split(' ')[1] ?? '').map((c) => c.body);
const mintReview = () => screen.findByRole('region', { name: 'Mint review' });
const panel = () => screen.findByRole('region', { name: 'Mint' });

async function startMint(count = '2') {
  await panel();
  await setCount(count);
  await userEvent.click(mintButton());
}

describe('minting editions on /mint/{slug}', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('shows the price in BTC and sats, what is left, and the progress', async () => {
    editionServer();
    renderPage();
    const mint = await panel();
    const rows = within(mint)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(rows).toEqual([
      'Price per edition: 0.00020000 BTC20,000 sats',
      'Remaining editions: 7 of 10',
    ]);
    const about = screen.getByRole('region', { name: 'About the launch' });
    expect(within(about).getByText('Editions · 10 editions')).toBeTruthy();
    expect(within(about).getByRole('progressbar', { name: 'Mint progress' })).toBeTruthy();
    expect(countInput().getAttribute('max')).toBe('20');
  });

  it('hides what is left and the progress bar when the creator asked', async () => {
    editionServer({ [`GET ${BY_SLUG}`]: ok(editionLaunch({ hide_progress: true })) });
    renderPage();
    const mint = await panel();
    expect(within(mint).queryByText('Remaining editions')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it.each([
    ['21', 'At most 20 can be minted in one transaction.'],
    ['8', 'Only 7 left to mint'],
    ['0', 'Mint at least 1.'],
  ])('refuses to mint %s: %s', async (count, message) => {
    editionServer();
    renderPage();
    await panel();
    await setCount(count);
    expect(screen.getByText(message)).toBeTruthy();
  });

  it('asks the price, creates the order, reviews it, signs, submits, records and shows the order', async () => {
    const { calls, payment } = editionServer();
    const { wallet } = renderPage();
    await startMint();

    const region = await mintReview();
    expect(body(calls, PRICE)).toEqual([{ id: LAUNCH_ID, mintCount: 2, feeRate: 6 }]);
    expect(body(calls, MINT)).toEqual([
      {
        id: LAUNCH_ID,
        mintCount: 2,
        takerOrdinalAddress: BUYER_ORDINALS.address,
        takerPaymentAddress: BUYER_PAYMENT.address,
        takerPaymentPublicKey: BUYER_PAYMENT.publicKeyHex,
        feeRate: 6,
      },
    ]);
    expect(within(region).getByText('Price').closest('div')?.textContent).toContain(
      '0.00040000 BTC',
    );
    expect(within(region).queryByRole('alert')).toBeNull();
    expect(wallet.signPsbt).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Sign and mint' }));
    expect(await screen.findByText(`Transaction broadcasted: ${COMMIT_TXID}`)).toBeTruthy();
    expect(wallet.signPsbt.mock.calls.map(([request]) => request)).toEqual([
      {
        psbtBase64: payment.psbt,
        inputsToSign: payment.inputsToSign.map(({ index, address }) => ({ index, address })),
        finalize: false,
      },
    ]);
    expect(body(calls, SUBMIT)).toEqual([{ orderId: ORDER_ID, signedPsbt: 'c2lnbmVk' }]);
    await waitFor(() =>
      expect(body(calls, 'POST /api/orders')).toEqual([
        {
          source: 'web',
          type: 'EditionsMint',
          orderId: ORDER_ID,
          address: BUYER_ORDINALS.address,
          count: 2,
          txid: COMMIT_TXID,
        },
      ]),
    );

    const order = await screen.findByRole('region', { name: 'Your order' });
    expect(screen.queryByText(`Error saving order: ${ORDER_ID}`)).toBeNull();
    expect(within(order).getByRole('status', { name: 'Order status' }).textContent).toBe(
      'Inscribed: the editions are on their way to your wallet.',
    );
    expect(within(order).getByText('Reveal')).toBeTruthy();
    // The editions link to their pages (the payment and the reveal link to their transactions).
    const editions = within(order)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href')?.startsWith('/inscriptions/'));
    expect(editions.map((link) => link.getAttribute('href'))).toEqual([
      `/inscriptions/${REVEAL_TXID}i0`,
      `/inscriptions/${REVEAL_TXID}i1`,
    ]);
  });

  it("says 'Failed to fetch price for editions' with the status, and creates no order", async () => {
    const { calls } = editionServer({ [PRICE]: failure(503, 'The inscription service is down') });
    renderPage();
    await startMint();
    expect(await screen.findByText('Failed to fetch price for editions')).toBeTruthy();
    expect(screen.getByText('Status 503: The inscription service is down')).toBeTruthy();
    expect(body(calls, MINT)).toEqual([]);
  });

  it('shows the order refusal as it comes', async () => {
    editionServer({ [MINT]: failure(409, 'Only 1 edition left') });
    const { wallet } = renderPage();
    await startMint();
    const dialog = await screen.findByRole('dialog', { name: 'Mint Moon' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Could not prepare the mint: Only 1 edition left',
    );
    expect(wallet.signPsbt).not.toHaveBeenCalled();
  });

  it('refuses to sign a payment that pays elsewhere than the order', async () => {
    const { calls } = editionServer({}, 'pays-elsewhere');
    const { wallet } = renderPage();
    await startMint();
    const alert = within(await mintReview()).getByRole('alert');
    expect(alert.textContent).toContain('Not signing: this payment does not match what you chose.');
    expect(alert.textContent).toContain(
      `Output 0 pays ${THIEF.address}, neither the charge address nor your payment address.`,
    );
    const sign = screen.getByRole('button', { name: 'Sign and mint' }) as HTMLButtonElement;
    expect(sign.disabled).toBe(true);
    await userEvent.click(sign);
    expect(wallet.signPsbt).not.toHaveBeenCalled();
    expect(body(calls, SUBMIT)).toEqual([]);
  });

  it("toasts 'Error saving order: {id}' when the order cannot be recorded", async () => {
    editionServer({ 'POST /api/orders': failure(401, 'user is not authenticated') });
    renderPage();
    await startMint();
    await mintReview();
    await userEvent.click(screen.getByRole('button', { name: 'Sign and mint' }));
    expect(await screen.findByText(`Error saving order: ${ORDER_ID}`)).toBeTruthy();
  });
});
