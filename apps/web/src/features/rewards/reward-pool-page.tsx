import { CONNECT_YOUR_WALLET_NO_PERIOD, isPoolWinner, type Pool } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Loading, LoadFailed } from '../../components/ui/load-state.tsx';
import { EmptyState, Page } from '../../components/ui/page.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { shortenAddress } from '../../lib/format.ts';
import { TxidLink } from '../../shared/txid-link.tsx';
import { useWallet } from '../wallet/wallet-context.ts';
import type { WalletAccount } from '../wallet/wallet.types.ts';
import { addDisabledReason, PoolAddForm } from './pool-add-form.tsx';
import { PoolCountdown, PoolStateBadge } from './pool-countdown.tsx';
import { PoolRewardList, poolTotals, poolTypeLabel, RewardAmount } from './pool-rewards.tsx';
import { PoolVerify } from './pool-verify.tsx';
import { rewardsQueries } from './rewards.queries.ts';

type Mode = 'view' | 'add';

/** /rewards/{id}, the pool's share link: view it, or add XP or tickets to it. */
export function RewardPoolPage() {
  const { id = '' } = useParams();
  const query = useQuery(rewardsQueries.pool(id));
  if (query.isPending) {
    return (
      <Page title="Reward pool">
        <Loading what="the pool" />
      </Page>
    );
  }
  if (query.isError) {
    return (
      <Page title="Reward pool" subtitle={<span className="font-mono">{id}</span>}>
        {query.error instanceof ApiError && query.error.status === 404 ? (
          <EmptyState title="Pool not found">There is no reward pool with this id.</EmptyState>
        ) : (
          <LoadFailed what="the pool" error={query.error} onRetry={() => void query.refetch()} />
        )}
      </Page>
    );
  }
  return <PoolView pool={query.data.pool} currentBlock={query.data.currentBlock} />;
}

function PoolView({ pool, currentBlock }: { pool: Pool; currentBlock: number | null }) {
  const { wallet } = useWallet();
  const [mode, setMode] = useState<Mode>('view');
  const mine = useQuery({
    ...rewardsQueries.mine(pool.id, wallet?.ordinalsAddress ?? ''),
    enabled: wallet !== null,
  }).data;
  const tab = (m: Mode, label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={mode === m}
      onClick={() => setMode(m)}
      className={`rounded-lg px-3 py-1.5 text-sm ${mode === m ? 'bg-zinc-800 text-zinc-50' : 'text-zinc-400 hover:text-zinc-100'}`}
    >
      {label}
    </button>
  );
  return (
    <Page title={pool.title} subtitle={poolTypeLabel(pool)}>
      <div className="flex flex-wrap items-center gap-2">
        <PoolStateBadge state={pool.state} />
        <PoolCountdown pool={pool} currentBlock={currentBlock} />
        <span className="text-sm text-zinc-400">{poolTotals(pool)}</span>
      </div>
      <div role="tablist" aria-label="Pool mode" className="flex gap-1">
        {tab('view', 'View')}
        {tab('add', pool.type === 'proportionate' ? 'Add XP' : 'Buy tickets')}
      </div>
      {mode === 'view' ? (
        <div className="flex flex-col gap-6">
          {pool.img ? <img src={pool.img} alt="" className="max-w-md rounded-xl" /> : null}
          <PoolRewardList rewards={pool.rewards} />
          {wallet ? <MyPart pool={pool} wallet={wallet} mine={mine} /> : null}
          <Winners pool={pool} />
          <PoolVerify pool={pool} />
        </div>
      ) : !wallet ? (
        <EmptyState title={CONNECT_YOUR_WALLET_NO_PERIOD} />
      ) : addDisabledReason(pool) ? (
        <p role="status" className="text-zinc-400">
          {addDisabledReason(pool)}
        </p>
      ) : (
        <PoolAddForm pool={pool} wallet={wallet} mine={mine} />
      )}
    </Page>
  );
}

function MyPart({
  pool,
  wallet,
  mine,
}: {
  pool: Pool;
  wallet: WalletAccount;
  mine: { points: string; tickets: string; xpAvailable: string } | undefined;
}) {
  const isDone = pool.state === 'ended' || pool.state === 'drawn';
  const won = isPoolWinner(pool.winners, wallet.ordinalsAddress);
  return (
    <section aria-label="Your entry" className="flex flex-col gap-1 text-sm text-zinc-300">
      <p>
        {pool.type === 'proportionate'
          ? `Your XP in this pool: ${mine?.points ?? '—'}`
          : `Your tickets: ${mine?.tickets ?? '—'}`}
        {' · '}Available XP: {mine?.xpAvailable ?? '—'}
      </p>
      {isDone && pool.winners.length > 0 ? (
        <p className={won ? 'font-semibold text-emerald-300' : 'text-zinc-400'}>
          {won ? 'You won' : 'You did not win this pool'}
        </p>
      ) : null}
    </section>
  );
}

function Winners({ pool }: { pool: Pool }) {
  if (pool.winners.length === 0) return null;
  return (
    <section aria-label="Winners" className="flex flex-col gap-2">
      <h2 className="font-semibold text-zinc-50">Winners</h2>
      <ul className="flex flex-col gap-1.5">
        {pool.winners.map((w, i) => {
          const reward = pool.rewards[w.rewardIndex];
          return (
            <li key={i} className="flex flex-wrap items-center gap-3 text-sm">
              <span className="font-mono text-zinc-200" title={w.address}>
                {shortenAddress(w.address)}
              </span>
              <span className="text-zinc-300">
                {reward ? <RewardAmount reward={{ ...reward, amount: w.amount }} /> : w.amount}
              </span>
              {!w.txid ? (
                <span className="text-zinc-500">Pending payout</span>
              ) : w.broadcasting ? (
                <span className="text-zinc-500">Broadcasting payout</span>
              ) : (
                <TxidLink txid={w.txid} />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
