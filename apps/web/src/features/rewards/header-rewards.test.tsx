import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, failure, fakeServer, fakeWallet, ok } from '../../test/trade-test-kit.tsx';
import {
  MyPayoutProgress,
  MyPendingRewardsStat,
  PointsButton,
  StartMiningActions,
} from './header-rewards.tsx';
import { miningSharePercent } from './mining-share.ts';
import { ACCOUNT, renderRewards } from './rewards-test-kit.tsx';

const A = ACCOUNT.ordinalsAddress;
const TXID = 'ef'.repeat(32);
const MINING = ok({
  address: A,
  currentBlock: 144 * 5 + 48,
  cycle: { index: 5, startHeight: 720, endHeight: 863, fees: '40000', carried: '0' },
  holding: '250',
  totalHolding: '1000',
  pending: '12345',
});
const TASKS = (completed: boolean) =>
  ok({
    address: A,
    tasks: [
      {
        name: 'follow-twitter',
        title: 'Follow us on X',
        xp: '100',
        completed,
        completedAt: completed ? '2026-11-28T12:00:00.000Z' : null,
      },
      {
        name: 'first-trade',
        title: 'Make a first trade',
        xp: '50',
        completed: false,
        completedAt: null,
      },
    ],
  });
const entry = (delta: string, reason: string) => ({
  delta,
  reason,
  fromHeight: null,
  height: 700,
  txid: null,
  timestamp: '2026-11-28T12:00:00.000Z',
});

describe('header rewards', () => {
  it('shows the pending mining reward of the connected wallet', async () => {
    fakeServer({ [`GET /api/rewards/mining/${A}`]: MINING });
    renderRewards(<MyPendingRewardsStat />, fakeWallet(ACCOUNT));
    expect(await screen.findByText('0.00012345 BTC')).toBeTruthy();
  });

  it("draws the cycle's progress over 144 blocks with 6 markers", async () => {
    fakeServer({ [`GET /api/rewards/mining/${A}`]: MINING });
    renderRewards(<MyPayoutProgress tipHeight={1} />, fakeWallet(ACCOUNT));
    expect(await screen.findByText('48/144')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Payout progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('48');
    const markers = bar.querySelectorAll('[data-marker]');
    expect(markers).toHaveLength(6);
    const lit = [...markers].filter((m) => m.className.includes('bg-brand-400'));
    expect(lit).toHaveLength(2);
  });

  it("follows the chain's tip without a wallet", () => {
    fakeServer({});
    renderRewards(<MyPayoutProgress tipHeight={144 * 3 + 143} />, fakeWallet(null));
    expect(screen.getByText('143/144')).toBeTruthy();
  });

  it('is a plain XP stat without a wallet', () => {
    fakeServer({});
    renderRewards(<PointsButton />, fakeWallet(null));
    expect(screen.getByText('—')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('opens the Points & Rewards panel: XP history, tasks, rewards, the cycle', async () => {
    const calls = fakeServer({
      [`GET /api/rewards/xp/${A}`]: ok({ address: A, xp: '123456' }),
      [`GET /api/rewards/xp/${A}/history?page=1`]: ok({
        entries: [entry('500', 'hold'), entry('-100', 'pool:p1'), entry('100', 'task:first-mint')],
        page: 1,
        hasMore: false,
      }),
      [`GET /api/task?address=${A}`]: TASKS(false),
      'POST /api/task/follow-twitter/complete': TASKS(true),
      'GET /api/rewards/history?page=1': ok({
        rewards: [
          {
            id: '1',
            date: '2026-11-28T12:00:00.000Z',
            type: 'mining',
            address: A,
            poolId: null,
            poolTitle: null,
            asset: 'btc',
            amount: '9000',
            txid: TXID,
            status: 'sent',
          },
        ],
        page: 1,
        hasMore: false,
      }),
      [`GET /api/rewards/mining/${A}`]: MINING,
    });
    renderRewards(<PointsButton />, fakeWallet(ACCOUNT));
    const button = await screen.findByRole('button', { name: 'Points & Rewards' });
    expect(await within(button).findByText('123.45K')).toBeTruthy();
    await userEvent.click(button);
    const panel = await screen.findByRole('dialog', { name: 'Points & Rewards' });

    const history = within(panel).getByRole('region', { name: 'XP history' });
    const plus = await within(history).findByText('+500');
    expect(plus.getAttribute('data-sign')).toBe('positive');
    expect(plus.className).toContain('text-emerald-300');
    const minus = within(history).getByText('-100');
    expect(minus.getAttribute('data-sign')).toBe('negative');
    expect(minus.className).toContain('text-red-300');
    expect(within(history).getByText('Spent in a reward pool')).toBeTruthy();

    const tasks = within(panel).getByRole('region', { name: 'Tasks' });
    expect(await within(tasks).findByText('Not done yet')).toBeTruthy();
    await userEvent.click(within(tasks).getByRole('button', { name: 'Complete' }));
    expect(await within(tasks).findByText('Completed')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/task/follow-twitter/complete')[0]?.body).toEqual({
      address: A,
    });

    const rewards = within(panel).getByRole('region', { name: 'Rewards received' });
    expect(await within(rewards).findByText('0.00009000 BTC')).toBeTruthy();
    expect(within(rewards).getByRole('link', { name: `Transaction ${TXID}` })).toBeTruthy();

    const cycle = within(panel).getByRole('region', { name: 'Current cycle' });
    expect(
      await within(cycle).findByText('Cycle 5: blocks 720–863, 0.00040000 BTC in fees so far'),
    ).toBeTruthy();
    expect(within(cycle).getByText('Your pending reward: 0.00012345 BTC')).toBeTruthy();
  });

  it("shows the server's reason when the follow task is refused", async () => {
    fakeServer({
      [`GET /api/task?address=${A}`]: TASKS(false),
      'POST /api/task/follow-twitter/complete': failure(
        400,
        'Failed to complete follow-twitter task for user',
      ),
    });
    renderRewards(<PointsButton />, fakeWallet(ACCOUNT));
    await userEvent.click(await screen.findByRole('button', { name: 'Points & Rewards' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('Failed to complete follow-twitter task for user')).toBeTruthy();
  });

  it('Start Mining and Buy {product} both open the start-mining menu', async () => {
    fakeServer({ [`GET /api/rewards/mining/${A}`]: MINING });
    renderRewards(<StartMiningActions />, fakeWallet(ACCOUNT));
    for (const name of ['Start Mining', 'Buy omkt']) {
      await userEvent.click(screen.getByRole('button', { name }));
      const menu = await screen.findByRole('dialog', { name: 'Start mining' });
      expect(within(menu).getByRole('link', { name: 'Buy omkt' }).getAttribute('href')).toBe(
        '/swap?send=btc&receive=omkt',
      );
      expect(within(menu).getByRole('heading', { name: 'How mining works' })).toBeTruthy();
      expect(
        await within(menu).findByText('Your share: 25.00% (250 of 1000 token-blocks)'),
      ).toBeTruthy();
      expect(within(menu).getByText('Pending reward: 0.00012345 BTC')).toBeTruthy();
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
  });

  it('computes the share as holding over total holding', () => {
    expect(miningSharePercent('1', '3')).toBe('33.33%');
    expect(miningSharePercent('5', '0')).toBe('0.00%');
    expect(miningSharePercent('7', '7')).toBe('100.00%');
  });
});
