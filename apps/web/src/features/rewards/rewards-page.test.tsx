import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, fakeServer, fakeWallet, ok } from '../../test/trade-test-kit.tsx';
import { TX_POLL_MS } from '../../shared/trade.queries.ts';
import { RewardsPage } from './rewards-page.tsx';
import { ACCOUNT, pool, renderRewards } from './rewards-test-kit.tsx';

const TXID = 'ab'.repeat(32);
const record = (i: number, overrides = {}) => ({
  id: String(i),
  date: '2026-11-28T12:00:00.000Z',
  type: 'pool',
  address: ACCOUNT.ordinalsAddress,
  poolId: 'p1',
  poolTitle: 'Genesis pool',
  asset: 'btc',
  amount: '25000',
  txid: null,
  status: 'pending',
  ...overrides,
});

const POOLS = ok({
  pools: [
    pool({ img: '/content/abc', totalPointsAllocated: '1200' }),
    pool({
      id: 'p2',
      title: 'Lucky three',
      type: 'n-winners',
      winnerCount: 3,
      state: 'upcoming',
      startBlock: 160,
    }),
  ],
  currentBlock: 150,
});

describe('/rewards', () => {
  afterEach(() => vi.useRealTimers());

  it('lists the pools as cards linking to their share link', async () => {
    fakeServer({ 'GET /api/rewards/pools': POOLS });
    renderRewards(<RewardsPage />, fakeWallet(null));
    const genesis = await screen.findByRole('link', { name: 'Genesis pool' });
    expect(genesis.getAttribute('href')).toBe('/rewards/p1');
    expect(within(genesis).getByText('live')).toBeTruthy();
    expect(within(genesis).getByText('0.00100000 BTC')).toBeTruthy();
    expect(within(genesis).getByText('1200 XP allocated')).toBeTruthy();
    expect(genesis.querySelector('img')?.getAttribute('src')).toBe('/content/abc');
    const lucky = screen.getByRole('link', { name: 'Lucky three' });
    expect(lucky.getAttribute('href')).toBe('/rewards/p2');
    expect(within(lucky).getByText('upcoming')).toBeTruthy();
    expect(within(lucky).getByText('3 winners')).toBeTruthy();
    // The countdown toggles in place: the card's link is not followed.
    await userEvent.click(within(lucky).getByRole('button', { name: /^Coming in/ }));
    expect(within(lucky).getByText('Coming in 10 blocks')).toBeTruthy();
  });

  it('has no rewards history without a sign-in', async () => {
    const calls = fakeServer({ 'GET /api/rewards/pools': POOLS });
    renderRewards(<RewardsPage />, fakeWallet(null));
    await screen.findByRole('link', { name: 'Genesis pool' });
    expect(screen.queryByRole('heading', { name: 'Your rewards' })).toBeNull();
    expect(calls.some((c) => c.path.startsWith('/api/rewards/history'))).toBe(false);
  });

  it("shows a signed-in user's rewards, 10 a page, with their txids", async () => {
    const calls = fakeServer({
      'GET /api/rewards/pools': POOLS,
      'GET /api/rewards/history?page=1': ok({
        rewards: Array.from({ length: 10 }, (_, i) =>
          record(i + 1, i === 0 ? { txid: TXID, status: 'confirmed' } : {}),
        ),
        page: 1,
        hasMore: true,
      }),
      'GET /api/rewards/history?page=2': ok({
        rewards: [record(11, { type: 'mining', poolId: null, poolTitle: null, amount: '777' })],
        page: 2,
        hasMore: false,
      }),
    });
    renderRewards(<RewardsPage />, fakeWallet(ACCOUNT));
    const list = await screen.findByRole('list', { name: 'Rewards received' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    const tx = within(list).getByRole('link', { name: `Transaction ${TXID}` });
    expect(tx.getAttribute('href')).toBe(`/tx/${TXID}`);
    expect(within(list).getAllByText('0.00025000 BTC')).toHaveLength(10);

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('0.00000777 BTC')).toBeTruthy();
    expect(screen.getByText('Mining')).toBeTruthy();
    expect(callsTo(calls, 'GET', '/api/rewards/history?page=2')).toHaveLength(1);
  });

  it('shows a payout the node has not taken yet as broadcasting, then its link once sent', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const other = 'cd'.repeat(32);
    const page = (status: string) =>
      ok({
        rewards: [record(1, { txid: TXID, status }), record(2, { txid: other, status: 'sent' })],
        page: 1,
        hasMore: false,
      });
    const answers = [page('broadcasting')];
    const calls = fakeServer({
      'GET /api/rewards/pools': POOLS,
      'GET /api/rewards/history?page=1': () => answers.shift() ?? page('sent'),
    });
    renderRewards(<RewardsPage />, fakeWallet(ACCOUNT));
    const list = await screen.findByRole('list', { name: 'Rewards received' });
    const [broadcasting, sent] = within(list).getAllByRole('listitem');
    expect(within(broadcasting!).getByText('Broadcasting')).toBeTruthy();
    expect(within(broadcasting!).queryByRole('link', { name: /^Transaction/ })).toBeNull();
    expect(within(sent!).getByText('Sent')).toBeTruthy();
    const link = within(sent!).getByRole('link', { name: `Transaction ${other}` });
    expect(link.getAttribute('href')).toBe(`/tx/${other}`);

    // The claims worker sends it again meanwhile; the page's next ask sees it sent, then stops.
    await act(() => vi.advanceTimersByTimeAsync(TX_POLL_MS));
    expect(await within(list).findByRole('link', { name: `Transaction ${TXID}` })).toBeTruthy();
    const asked = callsTo(calls, 'GET', '/api/rewards/history?page=1').length;
    await act(() => vi.advanceTimersByTimeAsync(3 * TX_POLL_MS));
    expect(callsTo(calls, 'GET', '/api/rewards/history?page=1')).toHaveLength(asked);
  });

  it("shows a rune reward at the rune's divisibility with its symbol", async () => {
    const rune = {
      id: '840000:3',
      name: 'REWARD•RUNE',
      number: 3,
      divisibility: 2,
      symbol: '¤',
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
    fakeServer({
      'GET /api/rewards/pools': POOLS,
      'GET /api/rewards/history?page=1': ok({
        rewards: [record(1, { asset: '840000:3', amount: '125050', txid: TXID, status: 'sent' })],
        page: 1,
        hasMore: false,
      }),
      'GET /api/runes/840000%3A3': ok({ rune }),
    });
    renderRewards(<RewardsPage />, fakeWallet(ACCOUNT));
    const list = await screen.findByRole('list', { name: 'Rewards received' });
    expect(await within(list).findByText('¤ 1,250.5')).toBeTruthy();
  });
});
