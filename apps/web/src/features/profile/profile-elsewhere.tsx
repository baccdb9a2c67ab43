import type { AddressInscription, TradeActivity } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { InscriptionIcon } from '../../shared/inscription-icon.tsx';
import { ListDialog } from '../trade/list-dialog.tsx';
import type { ListableInscription } from '../trade/listable-inscription.ts';
import { btcText, wireSats } from '../../lib/trade-format.ts';
import { tradeQueries } from '../../shared/trade.queries.ts';
import { useMakerWallet } from '../trade/use-maker-wallet.ts';
import { inscriptionLabel } from '../../shared/profile-ui.tsx';
import { profileQueries } from '../../shared/profile.queries.ts';

// What belongs to the wallet but is not at its ordinals address (product.md#walk-through-fixes
// item 7): purchases on their way in the mempool, and inscriptions in its maker wallet, listed or
// still to be listed.

/** The wallet's purchases not yet in a block: their inscription is not at the address yet. */
export function PendingPurchases({
  ordinalsAddress,
  paymentAddress,
  held,
}: {
  ordinalsAddress: string;
  paymentAddress: string;
  /** What the address holds already (a purchase there is no longer on its way). */
  held: readonly AddressInscription[];
}) {
  const activity = useQuery(tradeQueries.profileActivity([ordinalsAddress, paymentAddress]));
  const pending = (activity.data ?? []).filter(
    (trade) =>
      trade.takerOrdinalAddress === ordinalsAddress &&
      (trade.state === 'initiated' || trade.state === 'mempool') &&
      !held.some((item) => item.inscriptionId === trade.inscriptionId),
  );
  if (pending.length === 0) return null;
  return (
    <section aria-label="On their way to you" className="flex flex-col gap-2">
      <h3 className="text-sm font-medium text-zinc-200">On their way to you</h3>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {pending.map((trade) => (
          <PendingRow key={trade.id} trade={trade} />
        ))}
      </ul>
    </section>
  );
}

function PendingRow({ trade }: { trade: TradeActivity }) {
  const label = inscriptionLabel({
    inscriptionId: trade.inscriptionId,
    name: trade.inscriptionName,
  });
  return (
    <li className="flex items-center gap-3 rounded-xl border border-zinc-800 bg-zinc-900/40 p-3">
      <InscriptionIcon inscriptionId={trade.inscriptionId} size="md" />
      <div className="flex min-w-0 flex-col">
        <Link
          to={`/inscriptions/${encodeURIComponent(trade.inscriptionId)}`}
          className="truncate font-medium text-zinc-100 hover:text-brand-400"
        >
          {label}
        </Link>
        <span className="truncate text-xs text-zinc-500">
          Bought for {btcText(wireSats(trade.price))}
        </span>
      </div>
      <span className="ml-auto whitespace-nowrap text-xs text-amber-300">
        Purchase pending: waiting for a block
      </span>
    </li>
  );
}

/** The maker wallet's inscriptions: listed ones with their price, the others to list from here. */
export function MakerWalletItems() {
  const maker = useMakerWallet();
  const items = useQuery({
    ...profileQueries.inscriptionsOf(maker?.address ?? ''),
    enabled: maker !== undefined,
  });
  const [listing, setListing] = useState<ListableInscription[] | null>(null);
  if (!maker || !items.data || items.data.length === 0) return null;
  return (
    <section aria-label="In your maker wallet" className="flex flex-col gap-2">
      <h3 className="text-sm font-medium text-zinc-200">In your maker wallet</h3>
      <p className="text-xs text-zinc-500">
        Snipe-protected listings sit here; one moved in and not listed yet can be listed once the
        move is in a block.
      </p>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {items.data.map((item) => {
          const label = inscriptionLabel(item);
          return (
            <li
              key={item.inscriptionId}
              className="flex items-center gap-3 rounded-xl border border-zinc-800 bg-zinc-900/40 p-3"
            >
              <InscriptionIcon inscriptionId={item.inscriptionId} size="md" />
              <Link
                to={`/inscriptions/${encodeURIComponent(item.inscriptionId)}`}
                className="min-w-0 truncate font-medium text-zinc-100 hover:text-brand-400"
              >
                {label}
              </Link>
              <span className="ml-auto whitespace-nowrap text-right text-xs">
                {item.listingId !== null && item.price ? (
                  <span className="font-mono text-brand-400">
                    Listed at {btcText(wireSats(item.price))}
                  </span>
                ) : item.isMoving ? (
                  <span className="text-amber-300">Moving</span>
                ) : (
                  <Button
                    size="sm"
                    onClick={() =>
                      setListing([
                        {
                          inscriptionId: item.inscriptionId,
                          label,
                          outpoint: item.outpoint,
                          address: maker.address,
                        },
                      ])
                    }
                  >
                    List
                  </Button>
                )}
              </span>
            </li>
          );
        })}
      </ul>
      {listing ? <ListDialog open items={listing} onClose={() => setListing(null)} /> : null}
    </section>
  );
}
