import { MINING_PAYOUT_CYCLE_BLOCKS, satsToBtc } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Dialog } from '../../components/ui/dialog.tsx';
import { swapPath } from '../../shared/swap-link.tsx';
import { miningSharePercent } from './mining-share.ts';
import { rewardsQueries } from './rewards.queries.ts';

type Props = {
  open: boolean;
  onClose: () => void;
  /** The product's utility token (config productTicker). */
  ticker: string;
  /** The connected ordinals address, whose share is shown; null without a wallet. */
  address: string | null;
};

/**
 * product.md#market-screens "a menu of type start mining" (Start Mining and Buy {product}): buy
 * the token on the swap (the token preselected), how mining pays (ADR 020), and the wallet's share
 * so far.
 */
export function StartMiningMenu({ open, onClose, ticker, address }: Props) {
  const mining = useQuery({
    ...rewardsQueries.mining(address ?? ''),
    enabled: open && address !== null,
  }).data;
  return (
    <Dialog open={open} onClose={onClose} title="Start mining">
      <div className="flex flex-col gap-4 p-5 text-sm text-zinc-300">
        <Link
          to={swapPath(ticker)}
          onClick={onClose}
          className="inline-flex h-9 items-center justify-center rounded-lg bg-brand-500 px-4 font-medium text-zinc-950 hover:bg-brand-400"
        >
          Buy {ticker}
        </Link>
        <section aria-label="How mining works" className="flex flex-col gap-1">
          <h3 className="font-semibold text-zinc-100">How mining works</h3>
          <p>
            Hold {ticker} at your ordinals address. Every {MINING_PAYOUT_CYCLE_BLOCKS} blocks the
            platform&apos;s fees of that cycle are paid out in BTC to holders, each by their share
            of the holding over the cycle: the more you hold and the longer, the larger your share.
            Holding {ticker} also earns XP.
          </p>
        </section>
        {address ? (
          <section aria-label="Your share" className="flex flex-col gap-1">
            <h3 className="font-semibold text-zinc-100">Your share</h3>
            {mining ? (
              <>
                <p>
                  Your share: {miningSharePercent(mining.holding, mining.totalHolding)} (
                  {mining.holding} of {mining.totalHolding} token-blocks)
                </p>
                <p>Pending reward: {satsToBtc(BigInt(mining.pending))} BTC</p>
              </>
            ) : (
              <p>—</p>
            )}
          </section>
        ) : (
          <p>Connect your wallet to see your share.</p>
        )}
      </div>
    </Dialog>
  );
}
