import { formatDateTime, fromUnixSeconds, type AuctionBid } from '@om/core';
import { shortenAddress } from '../../lib/format.ts';
import { Amount } from '../../shared/trade-ui.tsx';
import { wireSats } from '../../lib/trade-format.ts';
import { BID_STATUS_LABELS } from './auction-state.ts';

/** The signed bids, newest first, as the server lists them. */
export function AuctionBids({ bids, ownAddress }: { bids: AuctionBid[]; ownAddress?: string }) {
  return (
    <section aria-labelledby="auction-bids" className="flex flex-col gap-3">
      <h2 id="auction-bids" className="text-lg font-semibold text-zinc-50">
        Bids
      </h2>
      {bids.length === 0 ? (
        <p className="text-sm text-zinc-400">No bids yet.</p>
      ) : (
        <ol
          aria-label="Bids"
          className="flex flex-col divide-y divide-zinc-800 rounded-xl border border-zinc-800"
        >
          {bids.map((bid) => (
            <li
              key={bid.id}
              aria-label={`Bid of ${wireSats(bid.amount).toLocaleString('en-US')} sats`}
              className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1 px-4 py-2 text-sm sm:grid-cols-[8rem_1fr_auto_auto]"
            >
              <span className="text-zinc-400">{BID_STATUS_LABELS[bid.status]}</span>
              <span
                className="font-mono text-[13px] text-zinc-200"
                title={bid.bidder_ordinal_address}
              >
                {shortenAddress(bid.bidder_ordinal_address)}
                {bid.bidder_ordinal_address === ownAddress ? ' (you)' : ''}
              </span>
              <span className="text-xs text-zinc-500">
                {formatDateTime(fromUnixSeconds(bid.time))}
              </span>
              <Amount sats={wireSats(bid.amount)} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
