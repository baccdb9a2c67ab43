import type { Pool } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useWallet } from '../wallet/wallet-context.ts';
import { Loading, LoadFailed } from '../../components/ui/load-state.tsx';
import { EmptyState, Page } from '../../components/ui/page.tsx';
import { PoolCountdown, PoolStateBadge } from './pool-countdown.tsx';
import { PoolRewardList, poolTotals, poolTypeLabel } from './pool-rewards.tsx';
import { RewardsHistory } from './rewards-history.tsx';
import { rewardsQueries } from './rewards.queries.ts';

/**
 * /rewards: the enabled pools in their order (the server sorts and filters them), then a signed-in
 * user's rewards received.
 */
export function RewardsPage() {
  const pools = useQuery(rewardsQueries.pools());
  const { token } = useWallet();
  return (
    <Page title="Rewards" subtitle="Allocate XP or buy tickets in reward pools.">
      {pools.isPending ? (
        <Loading what="reward pools" />
      ) : pools.isError ? (
        <LoadFailed what="reward pools" error={pools.error} onRetry={() => void pools.refetch()} />
      ) : pools.data.pools.length === 0 ? (
        <EmptyState title="No reward pools yet">Open pools will be listed here.</EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {pools.data.pools.map((pool) => (
            <li key={pool.id}>
              <PoolCard pool={pool} currentBlock={pools.data.currentBlock} />
            </li>
          ))}
        </ul>
      )}
      {token ? (
        <section aria-label="Your rewards" className="flex flex-col gap-3">
          <h2 className="font-semibold text-zinc-50">Your rewards</h2>
          <RewardsHistory />
        </section>
      ) : null}
    </Page>
  );
}

export function PoolCard({ pool, currentBlock }: { pool: Pool; currentBlock: number | null }) {
  return (
    <Link
      to={`/rewards/${encodeURIComponent(pool.id)}`}
      aria-label={pool.title}
      className="flex h-full flex-col gap-3 rounded-2xl border border-zinc-800 bg-zinc-900/40 p-4 hover:border-brand-500/50"
    >
      {pool.img ? (
        <img src={pool.img} alt="" className="aspect-video w-full rounded-xl object-cover" />
      ) : null}
      <div className="flex items-start justify-between gap-2">
        <div>
          <h2 className="font-semibold text-zinc-50">{pool.title}</h2>
          <p className="text-xs text-zinc-500">{poolTypeLabel(pool)}</p>
        </div>
        <PoolStateBadge state={pool.state} />
      </div>
      <PoolRewardList rewards={pool.rewards} />
      <div className="mt-auto flex items-center justify-between gap-2 text-xs text-zinc-400">
        <span>{poolTotals(pool)}</span>
        <PoolCountdown pool={pool} currentBlock={currentBlock} />
      </div>
    </Link>
  );
}
