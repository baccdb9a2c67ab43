import { exposedListingMessage, type Listing } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/page.tsx';
import { formatIsoDateTime } from '../../lib/inscription-format.ts';
import { DelistDialog } from '../trade/delist-dialog.tsx';
import { ProtectedBadge } from '../../shared/protected-badge.tsx';
import { RelistDialog } from '../trade/relist-dialog.tsx';
import { tradeQueries } from '../../shared/trade.queries.ts';
import { btcText, wireSats } from '../../lib/trade-format.ts';
import { useMakerWallet } from '../trade/use-maker-wallet.ts';
import { inscriptionLabel } from '../../shared/profile-ui.tsx';
import { InscriptionIcon } from '../../shared/inscription-icon.tsx';
import { LoadError, Loading } from '../../components/ui/load-state.tsx';

type OpenDialog = { kind: 'relist' | 'delist'; listing: Listing };

/**
 * The wallet's active listings: those of its ordinals address and, when it has one, of its maker
 * wallet (protected listings, ADR 009).
 */
function useMyListings(address: string) {
  const makerAddress = useMakerWallet()?.address;
  const own = useQuery(tradeQueries.activeListingsOf(address));
  const maker = useQuery({
    ...tradeQueries.activeListingsOf(makerAddress ?? ''),
    enabled: makerAddress !== undefined,
  });
  const protectedListings = maker.data;
  const data = useMemo(
    () => (own.data ? [...(protectedListings ?? []), ...own.data] : undefined),
    [own.data, protectedListings],
  );
  return { data, error: own.error, isPending: own.isPending };
}

/** The wallet's exposed listings first (each a warning with the on-chain delist), then its active ones. */
export function MyListings({ address }: { address: string }) {
  return (
    <>
      <ExposedListings address={address} />
      <ActiveListings address={address} />
    </>
  );
}

/**
 * product.md#trust-findings finding 2: a plain listing whose purchase went out and never
 * confirmed. Its signature is public and executable at its price until the inscription moves: only
 * delisting on chain ends it.
 */
function ExposedListings({ address }: { address: string }) {
  const { data } = useQuery(tradeQueries.exposedListingsOf(address));
  const [open, setOpen] = useState<Listing | null>(null);
  if (!data || data.length === 0) return null;
  const label = (listing: Listing) =>
    inscriptionLabel({ inscriptionId: listing.inscriptionId, name: listing.inscriptionName });
  return (
    <ul aria-label="Exposed listings" className="flex flex-col gap-2 pt-4">
      {data.map((listing) => (
        <li
          key={listing.listingId}
          role="alert"
          className="flex flex-col gap-2 rounded-xl border border-amber-700 bg-amber-950/40 p-3"
        >
          <Link
            to={`/inscriptions/${encodeURIComponent(listing.inscriptionId)}`}
            className="font-medium text-zinc-100 hover:text-brand-400"
          >
            {label(listing)}
          </Link>
          <p className="text-sm text-amber-200">
            {exposedListingMessage(btcText(wireSats(listing.price)))}
          </p>
          <Button
            size="sm"
            variant="danger"
            className="self-start"
            onClick={() => setOpen(listing)}
          >
            Delist on chain
          </Button>
        </li>
      ))}
      {open ? (
        <DelistDialog
          open
          onClose={() => setOpen(null)}
          listing={open}
          label={label(open)}
          isOnchainOnly
        />
      ) : null}
    </ul>
  );
}

/** The wallet's active listings, each with Change price and Delist. */
function ActiveListings({ address }: { address: string }) {
  const { data, error, isPending } = useMyListings(address);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  if (error) return <LoadError className="py-4" what="your listings" error={error} />;
  if (isPending || data === undefined) return <Loading className="py-4" what="your listings" />;
  if (data.length === 0 && !dialog) {
    return (
      <EmptyState title="No active listings">
        List inscriptions from the My inscriptions tab.
      </EmptyState>
    );
  }
  const label = (listing: Listing) =>
    inscriptionLabel({ inscriptionId: listing.inscriptionId, name: listing.inscriptionName });
  return (
    <div className="pt-4">
      <ul aria-label="My listings" className="flex flex-col gap-2">
        {data.map((listing) => (
          <li
            key={listing.listingId}
            aria-label={label(listing)}
            className="flex flex-wrap items-center gap-3 rounded-xl border border-zinc-800 bg-zinc-900/40 p-3"
          >
            <InscriptionIcon inscriptionId={listing.inscriptionId} size="md" />
            <div className="flex min-w-0 flex-col">
              <Link
                to={`/inscriptions/${encodeURIComponent(listing.inscriptionId)}`}
                className="truncate font-medium text-zinc-100 hover:text-brand-400"
              >
                {label(listing)}
              </Link>
              <span className="text-xs text-zinc-500">
                {listing.listedAt ? `Listed ${formatIsoDateTime(listing.listedAt)}` : 'Listed'}
              </span>
            </div>
            <span className="ml-auto flex items-center gap-2">
              {listing.isSnipeProtected ? <ProtectedBadge /> : null}
              <span className="font-mono tabular-nums text-zinc-50">
                {btcText(wireSats(listing.price))}
              </span>
            </span>
            <div className="flex gap-2">
              <Button size="sm" onClick={() => setDialog({ kind: 'relist', listing })}>
                Change price
              </Button>
              <Button
                size="sm"
                variant="danger"
                onClick={() => setDialog({ kind: 'delist', listing })}
              >
                Delist
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {dialog?.kind === 'relist' ? (
        <RelistDialog
          open
          onClose={() => setDialog(null)}
          listing={dialog.listing}
          label={label(dialog.listing)}
        />
      ) : null}
      {dialog?.kind === 'delist' ? (
        <DelistDialog
          open
          onClose={() => setDialog(null)}
          listing={dialog.listing}
          label={label(dialog.listing)}
        />
      ) : null}
    </div>
  );
}
