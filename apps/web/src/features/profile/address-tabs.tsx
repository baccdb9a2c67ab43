import type { Listing } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LoadError, Loading } from '../../components/ui/load-state.tsx';
import { EmptyState } from '../../components/ui/page.tsx';
import { formatWireAmount } from '../../lib/brc20-amount.ts';
import { brc20Queries } from '../brc20/brc20.queries.ts';
import { CELL, NUMBER, Table } from '../../shared/brc20-ui.tsx';
import { InscriptionIcon } from '../../shared/inscription-icon.tsx';
import { ProtectedBadge } from '../../shared/protected-badge.tsx';
import { tradeQueries } from '../../shared/trade.queries.ts';
import { btcText, wireSats } from '../../lib/trade-format.ts';
import { inscriptionLabel } from '../../shared/profile-ui.tsx';

// An address's public page, read only: the owner's actions (list, delist, inscribe a transfer)
// live on /profile.

/** The address's active listings, each linked to its inscription's page (where it is bought). */
export function AddressListings({ address }: { address: string }) {
  const { data, error, isPending } = useQuery(tradeQueries.activeListingsOf(address));
  if (error) return <LoadError className="py-4" what="listings" error={error} />;
  if (isPending) return <Loading className="py-4" what="listings" />;
  if (data.length === 0) return <EmptyState title="No active listings" />;
  return (
    <ul aria-label="Listings" className="flex flex-col gap-2 pt-4">
      {data.map((listing) => (
        <ListingRow key={listing.listingId} listing={listing} />
      ))}
    </ul>
  );
}

function ListingRow({ listing }: { listing: Listing }) {
  const label = inscriptionLabel({
    inscriptionId: listing.inscriptionId,
    name: listing.inscriptionName,
  });
  return (
    <li className="flex items-center gap-3 rounded-xl border border-zinc-800 bg-zinc-900/40 p-3">
      <InscriptionIcon inscriptionId={listing.inscriptionId} size="md" />
      <Link
        to={`/inscriptions/${encodeURIComponent(listing.inscriptionId)}`}
        className="min-w-0 truncate font-medium text-zinc-100 hover:text-brand-400"
      >
        {label}
      </Link>
      <span className="ml-auto flex items-center gap-2">
        {listing.isSnipeProtected ? <ProtectedBadge /> : null}
        <span className="font-mono tabular-nums text-zinc-50">
          {btcText(wireSats(listing.price))}
        </span>
      </span>
    </li>
  );
}

/** The address's BRC-20 balances. */
export function AddressTokens({ address }: { address: string }) {
  const { data, error, isPending } = useQuery(brc20Queries.balances(address));
  if (error) return <LoadError className="py-4" what="tokens" error={error} />;
  if (isPending) return <Loading className="py-4" what="tokens" />;
  if (data.balances.length === 0) return <EmptyState title="No BRC-20 tokens" />;
  return (
    <div className="pt-4">
      <Table
        label="Token balances"
        heads={[
          { text: 'Tick' },
          { text: 'Overall', align: 'right' },
          { text: 'Available', align: 'right' },
          { text: 'Transferable', align: 'right' },
        ]}
      >
        {data.balances.map((row) => (
          <tr key={row.tick} aria-label={row.originalTick}>
            <td className={CELL}>
              <Link to={`/brc20/${encodeURIComponent(row.tick)}`} className="hover:text-brand-400">
                {row.originalTick}
              </Link>
            </td>
            <td className={NUMBER}>{formatWireAmount(row.overall, row.decimals)}</td>
            <td className={NUMBER}>{formatWireAmount(row.available, row.decimals)}</td>
            <td className={NUMBER}>{formatWireAmount(row.transferable, row.decimals)}</td>
          </tr>
        ))}
      </Table>
    </div>
  );
}
