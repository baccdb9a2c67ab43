import { formatDateTime, satsToBtc, type RewardRecord } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageNav } from '../artists/page-nav.tsx';
import { Loading, LoadFailed } from '../../components/ui/load-state.tsx';
import { TxidLink } from '../../shared/txid-link.tsx';
import { rewardsQueries } from './rewards.queries.ts';
import { RUNE_ID, RuneRewardAmount } from './rune-reward-amount.tsx';

const STATUS_TEXT: Record<RewardRecord['status'], string> = {
  pending: 'Pending',
  broadcasting: 'Broadcasting',
  sent: 'Sent',
  confirmed: 'Confirmed',
};

/** What a reward paid: sats as BTC, a token amount with its tick, or an inscription. */
function recordAmountText(record: RewardRecord): string {
  if (record.amount === null) return '—';
  if (record.asset === null || record.asset === 'btc')
    return `${satsToBtc(BigInt(record.amount))} BTC`;
  if (/^[0-9a-f]{64}i\d+$/.test(record.asset)) return `Inscription ${record.asset.slice(0, 8)}…`;
  return `${record.amount} ${record.asset}`;
}

function recordSource(record: RewardRecord) {
  if (record.type === 'pool' && record.poolId) {
    return (
      <Link to={`/rewards/${encodeURIComponent(record.poolId)}`} className="hover:text-brand-400">
        {record.poolTitle ?? 'Reward pool'}
      </Link>
    );
  }
  return record.type === 'mining' ? 'Mining' : record.type === 'task' ? 'Task' : record.type;
}

/**
 * The signed-in user's rewards (product.md#records, #market-calls: by date, newest first, 10 a
 * page), each with its payout transaction once there is one. The session decides whose: the server
 * reads it.
 */
export function RewardsHistory() {
  const [page, setPage] = useState(1);
  const query = useQuery(rewardsQueries.history(page));
  if (query.isPending) return <Loading what="your rewards" />;
  if (query.isError) {
    return (
      <LoadFailed what="your rewards" error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  const { rewards, hasMore } = query.data;
  if (rewards.length === 0 && page === 1) {
    return <p className="text-sm text-zinc-400">No rewards received yet.</p>;
  }
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label="Rewards received" className="flex flex-col divide-y divide-zinc-800">
        {rewards.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2 text-sm">
            <span className="text-zinc-500">{formatDateTime(new Date(r.date))}</span>
            <span className="text-zinc-200">{recordSource(r)}</span>
            <span className="font-mono text-zinc-100">
              {r.asset && r.amount && RUNE_ID.test(r.asset) ? (
                <RuneRewardAmount asset={r.asset} amount={r.amount} />
              ) : (
                recordAmountText(r)
              )}
            </span>
            {/* No link while the node lacks the transaction: an explorer would not know it yet. */}
            {r.txid && r.status !== 'broadcasting' ? <TxidLink txid={r.txid} /> : null}
            <span className="text-xs text-zinc-400">{STATUS_TEXT[r.status]}</span>
          </li>
        ))}
      </ul>
      <PageNav label="Rewards received" page={page} hasMore={hasMore} onPage={setPage} />
    </div>
  );
}
