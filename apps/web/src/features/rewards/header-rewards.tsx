import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAppConfig } from '../../shared/config.queries.ts';
import { MyXpStat, PendingRewardsStat } from './header-stats.tsx';
import { PayoutProgress } from './payout-progress.tsx';
import { useWallet } from '../wallet/wallet-context.ts';
import { PointsPanel } from './points-panel.tsx';
import { rewardsQueries } from './rewards.queries.ts';
import { StartMiningMenu } from './start-mining-menu.tsx';
import { useRewardsEvents } from './use-rewards-events.ts';

/** The connected ordinals address's mining status; its key refreshes on each block. */
function useMyMining() {
  const { wallet } = useWallet();
  return useQuery({
    ...rewardsQueries.mining(wallet?.ordinalsAddress ?? ''),
    enabled: wallet !== null,
  }).data;
}

/**
 * product.md#market-overview: the pending mining reward of the connected wallet, '—' without one.
 */
export function MyPendingRewardsStat() {
  const mining = useMyMining();
  return <PendingRewardsStat {...(mining ? { sats: BigInt(mining.pending) } : {})} />;
}

/** The cycle's progress at the server's tip when the mining status knows it, else the chain's. */
export function MyPayoutProgress({ tipHeight }: { tipHeight?: number }) {
  const height = useMyMining()?.currentBlock ?? tipHeight;
  return (
    <PayoutProgress {...(height === undefined || height === null ? {} : { blockHeight: height })} />
  );
}

/**
 * The header's XP as the points button (product.md#market-screens): it opens the Points & Rewards
 * panel of the connected wallet; without a wallet it is the plain stat. It also keeps rewards live
 * (SSE).
 */
export function PointsButton() {
  useRewardsEvents();
  const { wallet } = useWallet();
  const [open, setOpen] = useState(false);
  if (!wallet) return <MyXpStat />;
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-label="Points & Rewards"
        onClick={() => setOpen(true)}
        className="rounded-lg px-1.5 py-0.5 text-left hover:bg-zinc-800"
      >
        <MyXpStat />
      </button>
      <PointsPanel open={open} onClose={() => setOpen(false)} address={wallet.ordinalsAddress} />
    </>
  );
}

/** Start Mining and Buy {product}: both open the start-mining menu; hidden without a ticker. */
export function StartMiningActions() {
  const ticker = useAppConfig()?.productTicker ?? '';
  const { wallet } = useWallet();
  const [open, setOpen] = useState(false);
  if (!ticker) return null;
  const className =
    'hidden h-9 items-center rounded-lg border border-brand-500/40 px-3 text-sm font-medium text-brand-400 hover:bg-brand-500/10 sm:inline-flex';
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        className={className}
        onClick={() => setOpen(true)}
      >
        Start Mining
      </button>
      <button
        type="button"
        aria-haspopup="dialog"
        className={className}
        onClick={() => setOpen(true)}
      >
        Buy {ticker}
      </button>
      <StartMiningMenu
        open={open}
        onClose={() => setOpen(false)}
        ticker={ticker}
        address={wallet?.ordinalsAddress ?? null}
      />
    </>
  );
}
