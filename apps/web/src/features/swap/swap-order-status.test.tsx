import type { SwapOrderState } from '@om/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buyer } from '../../test/mint-test-fixtures.ts';
import { fakeWallet, renderWithWallet } from '../../test/trade-test-kit.tsx';
import { SwapOrderStatus } from './swap-order-status.tsx';
import { SwapReviewPanel } from './swap-review-panel.tsx';
import {
  buyPsbt,
  order,
  ORDER_ID,
  psbtAnswer,
  TX_SIZE_BODY,
  txSize,
} from './swap-test-fixtures.ts';
import { swapOk, swapServer } from './swap-test-kit.tsx';

describe('an order followed', () => {
  it.each<[SwapOrderState, string]>([
    ['quoted', 'Waiting for your signature.'],
    ['pending', 'Broadcast: waiting for a block.'],
    ['confirmed', 'Confirmed: waiting for the token index.'],
    ['completed', 'Swap completed.'],
    ['expired', 'The order expired before it was signed.'],
  ])('%s reads “%s”', async (state, text) => {
    swapServer({ 'GET /brc20swap/order': swapOk(order({ state })) });
    renderWithWallet(
      <SwapOrderStatus orderId={ORDER_ID} txId={'ab'.repeat(32)} onDone={() => undefined} />,
      fakeWallet(buyer),
    );
    // The order's own amounts show once it is read: the state is then the server's.
    expect(await screen.findByText('0.00100000')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(text);
  });
});

describe('the review of an order', () => {
  it('cannot be signed once its 30 s are over', async () => {
    const built = buyPsbt();
    const onSign = vi.fn();
    renderWithWallet(
      <SwapReviewPanel
        prepared={{
          request: {
            body: TX_SIZE_BODY,
            direction: 'buy',
            poolAddress: '',
            receiveBeforeFee: 0n,
            maxSend: 100_000n,
            platformFee: 400n,
          },
          body: TX_SIZE_BODY,
          size: txSize(),
          order: psbtAnswer(built, 'buy', {
            expires_at: new Date(Date.now() - 1_000).toISOString(),
          }),
          review: {
            pays: 0n,
            receives: 0n,
            networkFee: built.fee,
            feeRate: 6,
            txid: built.txid,
            problems: [],
          },
        }}
        signing={false}
        onSign={onSign}
        onBack={() => undefined}
      />,
      fakeWallet(buyer),
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'The quote expired before it was signed: swap again for a new one.',
    );
    const sign = screen.getByRole('button', { name: 'Sign and swap' }) as HTMLButtonElement;
    expect(sign.disabled).toBe(true);
    await userEvent.click(sign);
    expect(onSign).not.toHaveBeenCalled();
  });
});
