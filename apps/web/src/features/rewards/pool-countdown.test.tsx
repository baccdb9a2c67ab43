import { POOL_STATES } from '@om/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PoolCountdown, PoolStateBadge } from './pool-countdown.tsx';
import { pool } from './rewards-test-kit.tsx';

describe('PoolStateBadge', () => {
  it.each(POOL_STATES)('names the state %s', (state) => {
    render(<PoolStateBadge state={state} />);
    expect(screen.getByText(state)).toBeTruthy();
  });
});

describe('PoolCountdown (product.md#rewards-and-xp, 10 minutes a block)', () => {
  it('toggles a live pool between time and blocks on click', async () => {
    render(<PoolCountdown pool={pool({ endBlock: 200 })} currentBlock={194} />);
    const badge = screen.getByRole('button');
    expect(badge.textContent).toBe('1h');
    await userEvent.click(badge);
    expect(badge.textContent).toBe('6 blocks');
    await userEvent.click(badge);
    expect(badge.textContent).toBe('1h');
  });

  it("toggles an upcoming pool's 'Coming in …'", async () => {
    render(
      <PoolCountdown pool={pool({ startBlock: 110, state: 'upcoming' })} currentBlock={100} />,
    );
    const badge = screen.getByRole('button');
    const before = badge.textContent;
    expect(before).toMatch(/^Coming in /);
    await userEvent.click(badge);
    expect(badge.textContent).toBe('Coming in 10 blocks');
  });

  it('shows Open Ended and Pending as they are', () => {
    render(
      <>
        <PoolCountdown pool={pool({ endBlock: -1 })} currentBlock={150} />
        <PoolCountdown pool={pool({ startBlock: -1, state: 'pending' })} currentBlock={150} />
      </>,
    );
    expect(screen.getByText('Open Ended')).toBeTruthy();
    expect(screen.getByText('Pending')).toBeTruthy();
  });

  it.each([
    ['ended', 'Ended at block 200'],
    ['drawn', 'Drawn at block 200'],
  ] as const)('does not toggle a %s pool: %s', (state, text) => {
    render(
      <PoolCountdown
        pool={pool({
          state,
          winners: [{ address: 'a', rewardIndex: 0, amount: '1', txid: null, broadcasting: false }],
        })}
        currentBlock={250}
      />,
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText(text)).toBeTruthy();
  });
});
