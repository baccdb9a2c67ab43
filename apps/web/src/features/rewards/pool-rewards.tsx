import { satsToBtc, type Pool, type PoolReward } from '@om/core';
import { InscriptionIcon } from '../../shared/inscription-icon.tsx';
import { RuneRewardAmount } from './rune-reward-amount.tsx';

const TYPE_LABEL: Record<Pool['type'], string> = {
  proportionate: 'Proportionate',
  'n-winners': 'N winners',
  'winner-takes-all': 'Winner takes all',
};

export function poolTypeLabel(pool: Pool): string {
  return pool.type === 'n-winners' && pool.winnerCount !== null
    ? `${pool.winnerCount} winners`
    : TYPE_LABEL[pool.type];
}

/** A reward as people read it: BTC, a token amount and tick, or an inscription. */
function rewardText(reward: PoolReward): string {
  switch (reward.type) {
    case 'btc':
      return `${satsToBtc(BigInt(reward.amount))} BTC`;
    case 'inscription':
      return reward.name ?? `Inscription ${reward.asset?.slice(0, 8) ?? ''}…`;
    default:
      return `${reward.amount} ${reward.asset ?? ''}`.trim();
  }
}

/** rewardText, but a rune's amount at its divisibility (read from the runes API). */
export function RewardAmount({ reward }: { reward: PoolReward }) {
  if (reward.type === 'rune' && reward.asset) {
    return <RuneRewardAmount asset={reward.asset} amount={reward.amount} />;
  }
  return <>{rewardText(reward)}</>;
}

export function PoolRewardList({ rewards }: { rewards: Pool['rewards'] }) {
  return (
    <ul aria-label="Rewards" className="flex flex-col gap-1.5">
      {rewards.map((reward, i) => (
        <li key={i} className="flex items-center gap-2 text-sm text-zinc-200">
          {reward.type === 'inscription' && reward.asset ? (
            <InscriptionIcon inscriptionId={reward.asset} size="sm" />
          ) : null}
          <span>
            <RewardAmount reward={reward} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Points allocated (proportionate) or tickets bought (the draws). */
export function poolTotals(pool: Pool): string {
  return pool.type === 'proportionate'
    ? `${pool.totalPointsAllocated} XP allocated`
    : `${pool.totalTickets} tickets`;
}
