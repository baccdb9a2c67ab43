import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONFIRMED_SHOWN_MS, TrackedTransaction } from './tracked-transaction.tsx';
import {
  callsTo,
  failure,
  fakeServer,
  fakeWallet,
  ok,
  renderWithWallet,
} from '../test/trade-test-kit.tsx';

const TXID = '5a'.repeat(32);
const STATUS = `/api/shared/tx/${TXID}/status`;
const TIP = '/api/shared/blocks/tip/height';

describe('TrackedTransaction', () => {
  afterEach(() => vi.useRealTimers());

  it('goes from not found to pending to confirmed, polling every 5 s until then, then goes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers: [number, unknown][] = [
      failure(404, 'Transaction not found.'),
      ok({ confirmed: false }),
      ok({ confirmed: true, block_height: 121, block_hash: 'ff'.repeat(32), block_time: 1 }),
    ];
    const calls = fakeServer({
      [`GET ${STATUS}`]: () => answers.shift() ?? answers[0] ?? ok({ confirmed: true }),
      [`GET ${TIP}`]: ok({ height: 121 }),
    });
    renderWithWallet(<TrackedTransaction txid={TXID} />, fakeWallet(null));
    const status = () => screen.getByRole('status', { name: 'Transaction status' }).textContent;

    expect(await screen.findByText('No transaction found')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(status()).toBe('0 confirmations');
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(status()).toBe('Confirmed');

    const polls = callsTo(calls, 'GET', STATUS).length;
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(callsTo(calls, 'GET', STATUS)).toHaveLength(polls);
    // Then removed after a delay (product.md#states-and-transitions): a minute after it confirmed.
    await act(() => vi.advanceTimersByTimeAsync(CONFIRMED_SHOWN_MS - 20_000));
    expect(screen.queryByRole('status', { name: 'Transaction status' })).toBeNull();
    expect(screen.queryByText(/^5a5a/)).toBeNull();
  });

  it("keeps a confirmed transaction that is part of the page's record (an auction's settlement)", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeServer({
      [`GET ${STATUS}`]: ok({ confirmed: true, block_height: 121, block_hash: 'ff'.repeat(32) }),
      [`GET ${TIP}`]: ok({ height: 121 }),
    });
    renderWithWallet(<TrackedTransaction txid={TXID} label="Settlement" keep />, fakeWallet(null));
    const status = await screen.findByRole('status', { name: 'Settlement status' });
    expect(status.textContent).toBe('Confirmed');
    await act(() => vi.advanceTimersByTimeAsync(2 * CONFIRMED_SHOWN_MS));
    expect(screen.getByRole('status', { name: 'Settlement status' }).textContent).toBe('Confirmed');
  });
});
