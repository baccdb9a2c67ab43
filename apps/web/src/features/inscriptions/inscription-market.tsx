import {
  CONNECT_WALLET,
  exposedListingMessage,
  type InscriptionDetailsPayload,
  type Listing,
} from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';

import { shortenAddress } from '../../lib/format.ts';
import { ActivityTable } from '../activity/activity-table.tsx';
import { visibleActivity } from '../activity/trade-activity.ts';
import { BuyDialog, DelistDialog, ListDialog, RelistDialog } from '../trade/lazy-trade-dialogs.tsx';
import { tradeQueries } from '../../shared/trade.queries.ts';
import { btcText, parseSatpoint, satsText, wireSats } from '../../lib/trade-format.ts';
import { ProtectedBadge } from '../../shared/protected-badge.tsx';
import { useInscriptionMarketEvents } from '../trade/use-inscription-market-events.ts';
import { inscriptionTitle } from '../../lib/inscription-format.ts';
import { useMakerWallet } from '../trade/use-maker-wallet.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import { LoadError, Loading } from '../../components/ui/load-state.tsx';

type OpenDialog =
  { kind: 'list' } | { kind: 'buy' | 'relist' | 'delist' | 'delist-onchain'; listing: Listing };

/**
 * The inscription's market (ADR 007): its price when listed, Buy for others, List / Change price /
 * Delist for its owner, and its trades. Kept current by the server's listing and trade events.
 */
export function InscriptionMarket({ details }: { details: InscriptionDetailsPayload }) {
  const id = details.inscriptionId;
  useInscriptionMarketEvents(id);
  const { wallet } = useWallet();
  const makerWallet = useMakerWallet();
  const { data, error, isPending } = useQuery(tradeQueries.orderbook(id));
  // The open dialog keeps the listing it was opened for: a sale or delisting changes the order
  // book under it while it still follows the transaction.
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const close = () => setDialog(null);
  const label = inscriptionTitle(details);
  const satpoint = parseSatpoint(details.satpoint);
  const listing = data?.listing ?? null;
  // A protected listing's inscription sits in the owner's maker wallet, listed by their payment
  // address (ADR 009).
  const isOwner =
    wallet !== null &&
    (details.address === wallet.ordinalsAddress ||
      (makerWallet !== undefined && details.address === makerWallet.address) ||
      listing?.makerOrdinalAddress === wallet.ordinalsAddress ||
      (listing?.isSnipeProtected === true &&
        listing.makerPaymentAddress === wallet.paymentAddress));
  const activity = useMemo(() => visibleActivity(data?.activity ?? []), [data]);
  // product.md#trust-findings finding 2: the owner's listing whose purchase never confirmed is
  // still executable by anyone at its price until the inscription moves; only an on-chain delisting
  // ends it.
  const exposed =
    wallet !== null && satpoint
      ? data?.orders.find(
          (o) =>
            o.status === 'exposed' &&
            o.makerOrdinalAddress === wallet.ordinalsAddress &&
            o.outpoint.toLowerCase() === satpoint.outpoint,
        )
      : undefined;

  const openBuy = (target: Listing) => {
    if (!wallet) {
      toast.error(CONNECT_WALLET);
      return;
    }
    setDialog({ kind: 'buy', listing: target });
  };

  return (
    <section aria-labelledby="market-heading" className="flex flex-col gap-3">
      <h2 id="market-heading" className="text-base font-semibold text-zinc-100">
        Market
      </h2>
      <div className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-zinc-800 bg-zinc-900/40 p-4">
        {error ? (
          <LoadError what="the market" error={error} />
        ) : isPending ? (
          <Loading what="the market" />
        ) : listing ? (
          <ListedPrice listing={listing} />
        ) : (
          <p className="text-zinc-400">Not listed</p>
        )}
        <div className="flex flex-wrap gap-2">
          {isOwner && listing ? (
            <>
              <Button onClick={() => setDialog({ kind: 'relist', listing })}>Change price</Button>
              <Button variant="danger" onClick={() => setDialog({ kind: 'delist', listing })}>
                Delist
              </Button>
            </>
          ) : null}
          {isOwner && !listing && !isPending && !error && !details.isMoving && satpoint ? (
            <Button variant="primary" onClick={() => setDialog({ kind: 'list' })}>
              List
            </Button>
          ) : null}
          {!isOwner && listing ? (
            <Button variant="primary" onClick={() => openBuy(listing)}>
              Buy
            </Button>
          ) : null}
        </div>
      </div>
      {exposed ? (
        <div
          role="alert"
          className="flex flex-col gap-2 rounded-xl border border-amber-700 bg-amber-950/40 p-4"
        >
          <p className="text-sm text-amber-200">
            {exposedListingMessage(btcText(wireSats(exposed.price)))}
          </p>
          <Button
            variant="danger"
            className="self-start"
            onClick={() => setDialog({ kind: 'delist-onchain', listing: exposed })}
          >
            Delist on chain
          </Button>
        </div>
      ) : null}
      {data ? (
        activity.length > 0 ? (
          <ActivityTable rows={activity} label="Trades of this inscription" />
        ) : (
          <p className="text-zinc-400">No trades yet</p>
        )
      ) : null}

      <Suspense fallback={null}>
        {dialog ? (
          <MarketDialog dialog={dialog} details={details} label={label} onClose={close} />
        ) : null}
      </Suspense>
    </section>
  );
}

/** The open dialog, loaded on first use (lazy-trade-dialogs.tsx). */
function MarketDialog({
  dialog,
  details,
  label,
  onClose,
}: {
  dialog: OpenDialog;
  details: InscriptionDetailsPayload;
  label: string;
  onClose: () => void;
}) {
  const id = details.inscriptionId;
  const satpoint = parseSatpoint(details.satpoint);
  if (dialog.kind === 'list') {
    if (!satpoint) return null;
    return (
      <ListDialog
        open
        onClose={onClose}
        items={[
          {
            inscriptionId: id,
            label,
            outpoint: satpoint.outpoint,
            ...(details.address ? { address: details.address } : {}),
          },
        ]}
      />
    );
  }
  const { listing } = dialog;
  if (dialog.kind === 'relist') {
    return <RelistDialog open onClose={onClose} listing={listing} label={label} />;
  }
  if (dialog.kind === 'delist' || dialog.kind === 'delist-onchain') {
    return (
      <DelistDialog
        open
        onClose={onClose}
        listing={listing}
        label={label}
        isOnchainOnly={dialog.kind === 'delist-onchain'}
      />
    );
  }
  // The satpoint's offset holds while the inscription sits in the listed output.
  const isInListedOutput = satpoint?.outpoint === listing.outpoint.toLowerCase();
  return (
    <BuyDialog
      open
      onClose={onClose}
      label={label}
      items={[
        {
          listingId: listing.listingId,
          inscriptionId: id,
          outpoint: listing.outpoint,
          inscriptionOffset: isInListedOutput ? satpoint.offset : 0n,
          price: wireSats(listing.price),
          isSnipeProtected: listing.isSnipeProtected,
        },
      ]}
    />
  );
}

function ListedPrice({ listing }: { listing: Listing }) {
  const price = wireSats(listing.price);
  return (
    <div className="flex flex-col gap-1">
      <span className="text-xs uppercase tracking-wide text-zinc-500">Price</span>
      <span className="flex flex-wrap items-baseline gap-2">
        <span className="font-mono text-lg font-semibold tabular-nums text-zinc-50">
          {btcText(price)}
        </span>
        <span className="text-zinc-500">{satsText(price)}</span>
        {listing.isSnipeProtected ? <ProtectedBadge /> : null}
      </span>
      <span className="text-xs text-zinc-500">
        Listed by{' '}
        <span className="font-mono" title={listing.makerOrdinalAddress}>
          {shortenAddress(listing.makerOrdinalAddress)}
        </span>
      </span>
    </div>
  );
}
