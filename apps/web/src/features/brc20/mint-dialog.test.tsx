import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../test/render-app.tsx';
import { configQueries } from '../../shared/config.queries.ts';
import { BUYER_ORDINALS, BUYER_PAYMENT } from '../../test/trade-test-fixtures.ts';
import { fakeWallet } from '../../test/trade-test-kit.tsx';
import {
  CHARGE_ADDRESS,
  ORDER_ID,
  order,
  paymentPsbt,
  token,
} from '../../test/brc20-test-fixtures.ts';
import {
  bodies,
  fill,
  INSCRIBE,
  ORDER,
  PAY,
  PAYMENT_PSBT,
  PAYMENT_TXID,
  PRICE,
  raw,
  refused,
  renderToken,
  tokenServer,
} from './brc20-test-kit.tsx';
import { readMintRecords } from './mint-records.ts';

// Minting a BRC-20 token from its page through the inscription service, against a fake server.

const dialog = () => screen.findByRole('dialog', { name: 'Mint ordi' });
const openMint = async (user: Pick<UserEvent, 'click'> = userEvent) => {
  await user.click(screen.getByRole('button', { name: 'Mint' }));
  return dialog();
};
const rows = (region: HTMLElement) =>
  within(region)
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);

describe('the Mint dialog on /brc20/{tick}', () => {
  afterEach(() => vi.useRealTimers());

  it("says 'Please connect wallet.' and offers no mint without a wallet", () => {
    tokenServer();
    renderToken(token(), fakeWallet(null));
    expect(screen.getByText('Please connect wallet.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Mint' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it.each([
    ['1001', 0, 'At most 1,000 (the limit per mint).'],
    ['1.5', 0, 'This token has no decimals: enter a whole amount.'],
    ['0.123', 2, 'This token has 2 decimals: enter at most 2 digits after the point.'],
    ['0', 0, 'Enter an amount above 0.'],
  ])('refuses %s as the amount per mint (decimals %i)', async (amt, decimals, message) => {
    const calls = tokenServer();
    renderToken(token({ decimals, limitPerMint: decimals ? '1000.00' : '1000' }));
    await openMint();
    await fill('Amount per mint', amt);
    expect(await screen.findByText(message)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Get price' }));
    expect(bodies(calls, PRICE)).toEqual([]);
  });

  it('refuses 1001 mints', async () => {
    tokenServer();
    renderToken();
    await openMint();
    await fill('Number of mints', '1001');
    expect(await screen.findByText('Enter a whole number of mints from 1 to 1000.')).toBeTruthy();
  });

  it("refuses a fee rate above the server's cap as it is typed, and prices at the cap itself", async () => {
    const calls = tokenServer();
    const { queryClient } = renderToken();
    // A cap other than the fallback's 500: the field reads this deployment's /api/config.
    act(() => {
      queryClient.setQueryData(configQueries.app().queryKey, { ...testConfig, maxFeeRate: 250 });
    });
    const view = await openMint();
    expect(within(view).getByLabelText('Fee rate (sat/vB)').getAttribute('max')).toBe('250');
    await fill('Fee rate (sat/vB)', '251');
    const refusal =
      'The fee rate can be at most 250 sat/vB: this server does not build transactions above it.';
    expect(await within(view).findByText(refusal)).toBeTruthy();
    await userEvent.click(within(view).getByRole('button', { name: 'Get price' }));
    expect(bodies(calls, PRICE)).toEqual([]);
    await fill('Fee rate (sat/vB)', '250');
    await waitFor(() => expect(within(view).queryByText(refusal)).toBeNull());
    await userEvent.click(within(view).getByRole('button', { name: 'Get price' }));
    await screen.findByRole('region', { name: 'Order price' });
    expect(bodies(calls, PRICE)).toMatchObject([{ fee: 250 }]);
  });

  it('prices, creates the order, polls it, reviews the payment, signs, pays and records the mint until it completes', async () => {
    let state: 'waiting-payment' | 'completed' = 'waiting-payment';
    const mint = (i: number, status: 'valid' | 'clipped') => ({
      name: `mint-${i}.txt`,
      type: 'text/plain;charset=utf-8',
      inscriptionId: `${'9a'.repeat(32)}i${i}`,
      tx: { commit: 'c0'.repeat(32), reveal: '9a'.repeat(32) },
      brc20: { status, amount: status === 'valid' ? '1000' : '400' },
    });
    const calls = tokenServer({
      [ORDER]: () =>
        raw(
          order(
            state === 'completed'
              ? { state, files: [mint(0, 'valid'), mint(1, 'clipped')] }
              : { state },
          ),
        ),
    });
    const { wallet } = renderToken();
    const view = await openMint();
    await fill('Number of mints', '2');
    await userEvent.click(within(view).getByRole('button', { name: 'Get price' }));

    const priced = await screen.findByRole('region', { name: 'Order price' });
    const request = {
      brc20: { tick: 'ordi', amt: '1000', count: 2 },
      receiveAddress: BUYER_ORDINALS.address,
      fee: 6,
    };
    expect(bodies(calls, PRICE)).toEqual([request]);
    expect(rows(priced)).toEqual([
      'Commit size: 154 vB',
      'Reveal size: 446 vB',
      'Inscribing fees (6 sat/vB): 0.00003600 BTC3,600 sats',
      'Postage (546 sats × 2): 0.00001092 BTC1,092 sats',
      'Service fee: 0.00001000 BTC1,000 sats',
      'Total: 0.00005692 BTC5,692 sats',
    ]);
    expect(bodies(calls, INSCRIBE)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    const review = await screen.findByRole('region', { name: 'Payment review' });
    expect(bodies(calls, INSCRIBE)).toEqual([request]);
    expect(calls.filter((c) => `${c.method} ${c.path}` === ORDER)).toHaveLength(1);
    expect(bodies(calls, PAYMENT_PSBT)).toEqual([
      {
        id: ORDER_ID,
        paymentAddress: BUYER_PAYMENT.address,
        paymentPublicKey: BUYER_PAYMENT.publicKeyHex,
        feeRate: 6,
      },
    ]);
    expect(within(review).queryByRole('alert')).toBeNull();
    expect(within(review).getByTitle(CHARGE_ADDRESS)).toBeTruthy();
    expect(wallet.signPsbt).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Sign and pay' }));
    expect(await screen.findByText(`Transaction broadcasted: ${PAYMENT_TXID}`)).toBeTruthy();
    const payment = paymentPsbt();
    expect(wallet.signPsbt.mock.calls.map(([r]) => r)).toEqual([
      {
        psbtBase64: payment.psbt,
        inputsToSign: payment.inputsToSign.map((index) => ({
          index,
          address: BUYER_PAYMENT.address,
        })),
        finalize: false,
      },
    ]);
    expect(bodies(calls, PAY)).toEqual([{ id: ORDER_ID, signedPsbt: 'c2lnbmVk' }]);
    const [record] = readMintRecords('regtest');
    expect(record).toMatchObject({
      orderId: ORDER_ID,
      ticker: 'ordi',
      txId: PAYMENT_TXID,
      mintsAmount: 2,
      tokensAmount: '2000',
      feeRate: 6,
      status: 'pending',
      receiverAddress: BUYER_ORDINALS.address,
    });
    const mints = screen.getByRole('region', { name: 'My mints' });
    const status = () => within(mints).getAllByRole('row')[1]?.lastElementChild?.textContent;
    await waitFor(() => expect(status()).toBe('Pending · waiting-payment'));
    expect(screen.queryByText('Successfully minted 2,000 ordi')).toBeNull();

    state = 'completed';
    expect(
      await screen.findByText('Successfully minted 2,000 ordi', {}, { timeout: 7_000 }),
    ).toBeTruthy();
    expect(readMintRecords('regtest')[0]?.status).toBe('completed');
    expect(status()).toBe('Completed · 1 valid, 1 clipped');
  }, 15_000);

  it("says 'Failed to fetch order price' and creates no order", async () => {
    const calls = tokenServer({ [PRICE]: refused(503, 'The node is down') });
    renderToken();
    await openMint();
    await userEvent.click(screen.getByRole('button', { name: 'Get price' }));
    expect(await screen.findByText('Failed to fetch order price')).toBeTruthy();
    expect(screen.getAllByText(/The node is down/).length).toBeGreaterThan(0);
    expect(
      (screen.getByRole('button', { name: 'Continue to payment' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(bodies(calls, INSCRIBE)).toEqual([]);
  });

  it("says 'Failed to create the mint order with the inscription service.' when the order is refused", async () => {
    const calls = tokenServer({ [INSCRIBE]: refused(400, 'Only 500 ordi left to mint') });
    renderToken();
    await openMint();
    await userEvent.click(screen.getByRole('button', { name: 'Get price' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Continue to payment' }));
    expect(
      await screen.findByText('Failed to create the mint order with the inscription service.'),
    ).toBeTruthy();
    expect(bodies(calls, PAYMENT_PSBT)).toEqual([]);
  });

  it("says 'Failed to fetch OB order.' when the order cannot be read", async () => {
    const calls = tokenServer({ [ORDER]: refused(404, 'No such order') });
    renderToken();
    await openMint();
    await userEvent.click(screen.getByRole('button', { name: 'Get price' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('Failed to fetch OB order.')).toBeTruthy();
    expect(bodies(calls, PAYMENT_PSBT)).toEqual([]);
  });

  it('polls the order every 5 s until its charge address exists', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let reads = 0;
    const noCharge = order({ charge: { address: '', amount: '' } });
    const calls = tokenServer({
      [ORDER]: () => {
        reads += 1;
        return raw(reads < 3 ? noCharge : order());
      },
    });
    renderToken();
    await openMint(user);
    await user.click(screen.getByRole('button', { name: 'Get price' }));
    await user.click(await screen.findByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(reads).toBe(1));
    await vi.advanceTimersByTimeAsync(4_900);
    expect(reads).toBe(1);
    expect(bodies(calls, PAYMENT_PSBT)).toEqual([]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reads).toBe(3);
    expect(await screen.findByRole('region', { name: 'Payment review' })).toBeTruthy();
    expect(bodies(calls, PAYMENT_PSBT)).toHaveLength(1);
  });

  it("gives up after 5 minutes: 'Timed out waiting for payment address'", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const calls = tokenServer({
      [ORDER]: raw(order({ charge: { address: '', amount: '' } })),
    });
    renderToken();
    await openMint(user);
    await user.click(screen.getByRole('button', { name: 'Get price' }));
    await user.click(await screen.findByRole('button', { name: 'Continue to payment' }));
    await vi.advanceTimersByTimeAsync(4 * 60_000);
    expect(screen.queryByText('Timed out waiting for payment address')).toBeNull();
    await vi.advanceTimersByTimeAsync(61_000);
    expect(
      (await screen.findAllByText('Timed out waiting for payment address')).length,
    ).toBeGreaterThan(0);
    const reads = calls.filter((c) => `${c.method} ${c.path}` === ORDER).length;
    expect(reads).toBe(61);
    expect(bodies(calls, PAYMENT_PSBT)).toEqual([]);
  });

  it('refuses to sign a payment that pays elsewhere than the charge address', async () => {
    const calls = tokenServer({ [PAYMENT_PSBT]: raw(paymentPsbt(undefined, 'pays-elsewhere')) });
    const { wallet } = renderToken();
    await openMint();
    await userEvent.click(screen.getByRole('button', { name: 'Get price' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Continue to payment' }));
    const review = await screen.findByRole('region', { name: 'Payment review' });
    expect(within(review).getByRole('alert').textContent).toContain(
      'Not signing: this payment does not match the order.',
    );
    const sign = screen.getByRole('button', { name: 'Sign and pay' }) as HTMLButtonElement;
    expect(sign.disabled).toBe(true);
    expect(wallet.signPsbt).not.toHaveBeenCalled();
    expect(bodies(calls, PAY)).toEqual([]);
  });
});
