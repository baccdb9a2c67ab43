import { QueryClient } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUYER_ORDINALS } from '../../test/trade-test-fixtures.ts';
import { callsTo, failure, fakeServer, fakeWallet, ok } from '../../test/trade-test-kit.tsx';
import { TX_POLL_MS } from '../../shared/trade.queries.ts';
import { RewardPoolPage } from './reward-pool-page.tsx';
import { rewardsQueries } from './rewards.queries.ts';
import { ACCOUNT, pool, renderRewards } from './rewards-test-kit.tsx';
import { rewardsEventHandlers } from './use-rewards-events.ts';

const TXID = 'cd'.repeat(32);
const AT = { path: '/rewards/p1', route: '/rewards/:id' };
const mine = { address: ACCOUNT.ordinalsAddress, points: '0', tickets: '4', xpAvailable: '70' };

const drawnPool = pool({
  type: 'n-winners',
  winnerCount: 2,
  ticketPrice: '10',
  state: 'drawn',
  totalTickets: '9',
  winners: [
    {
      address: ACCOUNT.ordinalsAddress,
      rewardIndex: 0,
      amount: '50000',
      txid: TXID,
      broadcasting: false,
    },
    {
      address: BUYER_ORDINALS.address,
      rewardIndex: 0,
      amount: '50000',
      txid: null,
      broadcasting: false,
    },
  ],
});

const RUNE = {
  id: '840000:3',
  name: 'REWARD•RUNE',
  number: 3,
  divisibility: 2,
  symbol: null,
  premine: '100000000',
  mints: '0',
  burned: '0',
  supply: '100000000',
  holders: 4,
  turbo: false,
  terms: null,
  etchingTxid: 'ef'.repeat(32),
  etchingBlock: 840000,
  etchedAt: '2026-11-28T12:00:00.000Z',
};

describe('/rewards/:id', () => {
  afterEach(() => vi.useRealTimers());

  it("shows the pool, its winners with their txids and the user's winner status", async () => {
    fakeServer({
      'GET /api/rewards/pools/p1': ok({ pool: drawnPool, currentBlock: 250 }),
      [`GET /api/rewards/pools/p1/mine?address=${ACCOUNT.ordinalsAddress}`]: ok(mine),
    });
    renderRewards(<RewardPoolPage />, fakeWallet(ACCOUNT), AT);
    expect(await screen.findByRole('heading', { level: 1, name: 'Genesis pool' })).toBeTruthy();
    expect(screen.getByText('drawn')).toBeTruthy();
    expect(screen.getByText('9 tickets')).toBeTruthy();
    expect(screen.getByText('Drawn at block 200')).toBeTruthy();
    const winners = screen.getByRole('region', { name: 'Winners' });
    expect(within(winners).getAllByRole('listitem')).toHaveLength(2);
    expect(
      within(winners)
        .getByRole('link', { name: `Transaction ${TXID}` })
        .getAttribute('href'),
    ).toBe(`/tx/${TXID}`);
    expect(within(winners).getByText('Pending payout')).toBeTruthy();
    expect(await screen.findByText('You won')).toBeTruthy();
    expect(await screen.findByText(/Your tickets: 4/)).toBeTruthy();
  });

  it('shows a payout the node has not taken yet as broadcasting, then its link once sent', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const broadcastingPool = pool({
      ...drawnPool,
      winners: [
        {
          address: ACCOUNT.ordinalsAddress,
          rewardIndex: 0,
          amount: '50000',
          txid: TXID,
          broadcasting: true,
        },
      ],
    });
    // The claims worker sends it again meanwhile; the page's next asks see it sent.
    const sentPool = pool({
      ...broadcastingPool,
      winners: broadcastingPool.winners.map((w) => ({ ...w, broadcasting: false })),
    });
    const answers = [broadcastingPool];
    const calls = fakeServer({
      'GET /api/rewards/pools/p1': () =>
        ok({ pool: answers.shift() ?? sentPool, currentBlock: 250 }),
      [`GET /api/rewards/pools/p1/mine?address=${ACCOUNT.ordinalsAddress}`]: ok(mine),
    });
    renderRewards(<RewardPoolPage />, fakeWallet(ACCOUNT), AT);
    const winners = await screen.findByRole('region', { name: 'Winners' });
    expect(within(winners).getByText('Broadcasting payout')).toBeTruthy();
    expect(within(winners).queryByRole('link', { name: /^Transaction/ })).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(TX_POLL_MS));
    const link = await within(winners).findByRole('link', { name: `Transaction ${TXID}` });
    expect(link.getAttribute('href')).toBe(`/tx/${TXID}`);
    // Sent, the page stops asking.
    const asked = callsTo(calls, 'GET', '/api/rewards/pools/p1').length;
    await act(() => vi.advanceTimersByTimeAsync(3 * TX_POLL_MS));
    expect(callsTo(calls, 'GET', '/api/rewards/pools/p1')).toHaveLength(asked);
  });

  it("shows a rune reward and each winner's share at the rune's divisibility", async () => {
    const runePool = pool({
      ...drawnPool,
      rewards: [
        { type: 'rune', asset: '840000:3', amount: '150000', name: null, estimatedValue: null },
      ],
      winners: [
        {
          address: ACCOUNT.ordinalsAddress,
          rewardIndex: 0,
          amount: '125050',
          txid: TXID,
          broadcasting: false,
        },
        {
          address: BUYER_ORDINALS.address,
          rewardIndex: 0,
          amount: '24950',
          txid: TXID,
          broadcasting: false,
        },
      ],
    });
    fakeServer({
      'GET /api/rewards/pools/p1': ok({ pool: runePool, currentBlock: 250 }),
      [`GET /api/rewards/pools/p1/mine?address=${ACCOUNT.ordinalsAddress}`]: ok(mine),
      'GET /api/runes/840000%3A3': ok({ rune: RUNE }),
    });
    renderRewards(<RewardPoolPage />, fakeWallet(ACCOUNT), AT);
    const rewards = await screen.findByRole('list', { name: 'Rewards' });
    expect(await within(rewards).findByText('1,500 REWARD•RUNE')).toBeTruthy();
    const winners = screen.getByRole('region', { name: 'Winners' });
    expect(within(winners).getByText('1,250.5 REWARD•RUNE')).toBeTruthy();
    expect(within(winners).getByText('249.5 REWARD•RUNE')).toBeTruthy();
  });

  it('says so when the default address did not win', async () => {
    fakeServer({ 'GET /api/rewards/pools/p1': ok({ pool: drawnPool, currentBlock: 250 }) });
    const other = { ...ACCOUNT, ordinalsAddress: 'bcrt1pnotawinner' };
    renderRewards(<RewardPoolPage />, fakeWallet(other), AT);
    expect(await screen.findByText('You did not win this pool')).toBeTruthy();
  });

  it('switches to the add mode: tickets for a draw, bounded by the XP available', async () => {
    const live = pool({ type: 'winner-takes-all', winnerCount: 1, ticketPrice: '10' });
    fakeServer({
      'GET /api/rewards/pools/p1': ok({ pool: live, currentBlock: 150 }),
      [`GET /api/rewards/pools/p1/mine?address=${ACCOUNT.ordinalsAddress}`]: ok(mine),
    });
    renderRewards(<RewardPoolPage />, fakeWallet(ACCOUNT), AT);
    await userEvent.click(await screen.findByRole('tab', { name: 'Buy tickets' }));
    expect(screen.getByLabelText('Tickets to buy')).toBeTruthy();
    expect(await screen.findByText(/Available: 70 XP/)).toBeTruthy();
  });

  it('asks for a wallet in the add mode, and refuses a pool that is over', async () => {
    fakeServer({ 'GET /api/rewards/pools/p1': ok({ pool: drawnPool, currentBlock: 250 }) });
    const first = renderRewards(<RewardPoolPage />, fakeWallet(null), AT);
    await userEvent.click(await screen.findByRole('tab', { name: 'Buy tickets' }));
    expect(screen.getByText('Please connect your wallet')).toBeTruthy();
    first.unmount();
    renderRewards(<RewardPoolPage />, fakeWallet(ACCOUNT), AT);
    await userEvent.click(await screen.findByRole('tab', { name: 'Buy tickets' }));
    expect(screen.getByRole('status').textContent).toBe('This pool has ended.');
  });

  it('says when there is no such pool', async () => {
    fakeServer({ 'GET /api/rewards/pools/p1': failure(404, 'Pool not found.') });
    renderRewards(<RewardPoolPage />, fakeWallet(null), AT);
    expect(await screen.findByText('There is no reward pool with this id.')).toBeTruthy();
  });
});

describe('rewards events', () => {
  it("a 'pool' event refreshes that pool and the list; a block all of rewards", () => {
    const queryClient = new QueryClient();
    const keys: readonly unknown[][] = [
      [...rewardsQueries.pool('p1').queryKey],
      [...rewardsQueries.pool('p2').queryKey],
      [...rewardsQueries.pools().queryKey],
      [...rewardsQueries.mining('a').queryKey],
    ];
    for (const key of keys) queryClient.setQueryData(key, {});
    const stale = () => keys.map((key) => queryClient.getQueryState(key)?.isInvalidated);
    const handlers = rewardsEventHandlers(queryClient);
    handlers.pool(new MessageEvent('pool', { data: JSON.stringify({ id: 'p1' }) }));
    expect(stale()).toEqual([true, false, true, false]);
    handlers.block(new MessageEvent('block', { data: '{}' }));
    expect(stale()).toEqual([true, true, true, true]);
  });
});
