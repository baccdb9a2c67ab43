import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, fakeServer, fakeWallet, ok } from '../../test/trade-test-kit.tsx';
import { addDisabledReason, PoolAddForm } from './pool-add-form.tsx';
import { ACCOUNT, pool, renderRewards } from './rewards-test-kit.tsx';

const mine = (xpAvailable: string) => ({
  address: ACCOUNT.ordinalsAddress,
  points: '0',
  tickets: '0',
  xpAvailable,
});

describe('PoolAddForm (add mode)', () => {
  it('allocates XP to a proportionate pool, never more than the XP available', async () => {
    const p = pool();
    const calls = fakeServer({
      'POST /api/rewards/pools/p1/allocate': ok({ pool: p, mine: { ...mine('10'), points: '40' } }),
    });
    renderRewards(<PoolAddForm pool={p} wallet={ACCOUNT} mine={mine('50')} />, fakeWallet(ACCOUNT));
    const input = screen.getByLabelText('XP to allocate');
    expect(screen.getByText('Available: 50 XP')).toBeTruthy();

    await userEvent.type(input, '51');
    await userEvent.click(screen.getByRole('button', { name: 'Allocate XP' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You have 50 XP to spend');
    expect(callsTo(calls, 'POST', '/api/rewards/pools/p1/allocate')).toEqual([]);

    await userEvent.clear(input);
    await userEvent.type(input, '40');
    await userEvent.click(screen.getByRole('button', { name: 'Allocate XP' }));
    expect(await screen.findByText('You just allocated 40 XP to Genesis pool')).toBeTruthy();
    // The toast carries the pool's share link.
    expect(screen.getByText(`${window.location.origin}/rewards/p1`)).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/rewards/pools/p1/allocate')[0]?.body).toEqual({
      address: ACCOUNT.ordinalsAddress,
      points: '40',
    });
  });

  it('buys tickets at the ticket price, bounded by the XP available', async () => {
    const p = pool({ type: 'n-winners', winnerCount: 3, ticketPrice: '10', title: 'Lucky three' });
    const calls = fakeServer({
      'POST /api/rewards/pools/p1/tickets': ok({ pool: p, mine: { ...mine('0'), tickets: '5' } }),
    });
    renderRewards(<PoolAddForm pool={p} wallet={ACCOUNT} mine={mine('50')} />, fakeWallet(ACCOUNT));
    const input = screen.getByLabelText('Tickets to buy');

    await userEvent.type(input, '6');
    expect(screen.getByText('Cost: 60 XP (10 XP a ticket) · Available: 50 XP')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Buy tickets' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You have 50 XP to spend');

    await userEvent.clear(input);
    await userEvent.type(input, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Buy tickets' }));
    expect(await screen.findByText('You just bought 5 tickets for Lucky three')).toBeTruthy();
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/api/rewards/pools/p1/tickets')[0]?.body).toEqual({
        address: ACCOUNT.ordinalsAddress,
        count: 5,
      }),
    );
  });

  it("shows the server's refusal as a toast", async () => {
    fakeServer({
      'POST /api/rewards/pools/p1/allocate': [
        400,
        {
          success: false,
          error: 'This pool has ended.',
          errors: [{ msg: 'This pool has ended.' }],
        },
      ],
    });
    renderRewards(
      <PoolAddForm pool={pool()} wallet={ACCOUNT} mine={mine('50')} />,
      fakeWallet(ACCOUNT),
    );
    await userEvent.type(screen.getByLabelText('XP to allocate'), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Allocate XP' }));
    expect(await screen.findByText('This pool has ended.')).toBeTruthy();
  });

  it('takes nothing unless the pool is live', () => {
    expect(addDisabledReason(pool())).toBeNull();
    expect(addDisabledReason(pool({ state: 'upcoming' }))).toBe('This pool has not started yet.');
    expect(addDisabledReason(pool({ state: 'drawn' }))).toBe('This pool has ended.');
  });
});
