import type { AddressInscription } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadFailed, Loading } from '../../components/ui/load-state.tsx';
import { EmptyState } from '../../components/ui/page.tsx';
import { InscriptionIcon } from '../../shared/inscription-icon.tsx';
import { btcText, wireSats } from '../../lib/trade-format.ts';
import { profileQueries } from '../../shared/profile.queries.ts';
import { inscriptionLabel } from '../../shared/profile-ui.tsx';

/**
 * What an address holds per the index, read only: each linked to its page with its price, Moving
 * or Not listed (/inscriptions and an address's public page).
 */
export function HeldInscriptions({
  address,
  label,
  what,
  empty,
}: {
  address: string;
  /** The list's accessible name. */
  label: string;
  /** "Loading {what}…", "Could not load {what}". */
  what: string;
  empty: { title: string; text: ReactNode };
}) {
  const { data, error, isPending, refetch } = useQuery(profileQueries.inscriptionsOf(address));
  if (error) return <LoadFailed what={what} error={error} onRetry={() => void refetch()} />;
  if (isPending) return <Loading what={what} />;
  if (data.length === 0) return <EmptyState title={empty.title}>{empty.text}</EmptyState>;
  return (
    <ul aria-label={label} className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {data.map((item) => (
        <HeldInscription key={item.inscriptionId} item={item} />
      ))}
    </ul>
  );
}

function HeldInscription({ item }: { item: AddressInscription }) {
  return (
    <li className="flex items-center gap-3 rounded-xl border border-zinc-800 bg-zinc-900/40 p-3">
      <InscriptionIcon inscriptionId={item.inscriptionId} size="md" />
      <div className="flex min-w-0 flex-col">
        <Link
          to={`/inscriptions/${encodeURIComponent(item.inscriptionId)}`}
          className="truncate font-medium text-zinc-100 hover:text-brand-400"
        >
          {inscriptionLabel(item)}
        </Link>
        <span className="truncate text-xs text-zinc-500">
          {item.collectionSlug ?? item.contentType ?? 'Inscription'}
        </span>
      </div>
      <span className="ml-auto whitespace-nowrap text-right text-xs">
        {item.listingId !== null && item.price ? (
          <span className="font-mono text-brand-400">{btcText(wireSats(item.price))}</span>
        ) : item.isMoving ? (
          <span className="text-amber-300">Moving</span>
        ) : (
          <span className="text-zinc-500">Not listed</span>
        )}
      </span>
    </li>
  );
}
