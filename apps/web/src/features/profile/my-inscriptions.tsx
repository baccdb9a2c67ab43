import type { AddressInscription } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/page.tsx';
import { ListDialog } from '../trade/list-dialog.tsx';
import type { ListableInscription } from '../trade/listable-inscription.ts';
import { btcText, wireSats } from '../../lib/trade-format.ts';
import { MakerWalletItems, PendingPurchases } from './profile-elsewhere.tsx';
import { profileQueries } from '../../shared/profile.queries.ts';
import { inscriptionLabel } from '../../shared/profile-ui.tsx';
import { InscriptionIcon } from '../../shared/inscription-icon.tsx';
import { LoadError, Loading } from '../../components/ui/load-state.tsx';

/** Listed ones are changed from My listings; a moving one has no settled output to sign for. */
function isListable(item: AddressInscription): boolean {
  return item.listingId === null && !item.isMoving && item.isTradable;
}

/**
 * The wallet's inscriptions; unlisted ones can be picked and listed together, one signature.
 * Purchases on their way and the maker wallet's inscriptions show too
 * (product.md#walk-through-fixes item 7).
 */
export function MyInscriptions({
  address,
  paymentAddress,
}: {
  address: string;
  paymentAddress: string;
}) {
  const { data, error, isPending } = useQuery(profileQueries.inscriptionsOf(address));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [listing, setListing] = useState<ListableInscription[] | null>(null);

  if (error) return <LoadError className="py-4" what="your inscriptions" error={error} />;
  if (isPending) return <Loading className="py-4" what="your inscriptions" />;
  const elsewhere = (
    <>
      <PendingPurchases ordinalsAddress={address} paymentAddress={paymentAddress} held={data} />
      <MakerWalletItems />
    </>
  );
  if (data.length === 0) {
    return (
      <div className="flex flex-col gap-3 pt-4">
        {elsewhere}
        <EmptyState title="No inscriptions yet">
          Inscriptions at your ordinals address show here.
        </EmptyState>
      </div>
    );
  }
  const chosen = data.filter((item) => selected.has(item.inscriptionId) && isListable(item));
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <div className="flex flex-col gap-3 pt-4">
      {elsewhere}
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-zinc-400">
          {chosen.length === 0
            ? 'Pick inscriptions to list them together.'
            : `${chosen.length} selected`}
        </p>
        <Button
          variant="primary"
          disabled={chosen.length === 0}
          onClick={() =>
            setListing(
              chosen.map((item) => ({
                inscriptionId: item.inscriptionId,
                label: inscriptionLabel(item),
                outpoint: item.outpoint,
              })),
            )
          }
        >
          List selected
        </Button>
      </div>
      <ul aria-label="My inscriptions" className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {data.map((item) => (
          <InscriptionRow
            key={item.inscriptionId}
            item={item}
            isSelected={selected.has(item.inscriptionId)}
            onToggle={() => toggle(item.inscriptionId)}
          />
        ))}
      </ul>
      {listing ? (
        <ListDialog
          open
          items={listing}
          onClose={() => {
            setListing(null);
            setSelected(new Set());
          }}
        />
      ) : null}
    </div>
  );
}

function InscriptionRow({
  item,
  isSelected,
  onToggle,
}: {
  item: AddressInscription;
  isSelected: boolean;
  onToggle: () => void;
}) {
  const label = inscriptionLabel(item);
  const isListed = item.listingId !== null;
  const canList = isListable(item);
  return (
    <li className="flex items-center gap-3 rounded-xl border border-zinc-800 bg-zinc-900/40 p-3">
      <input
        type="checkbox"
        aria-label={`Select ${label}`}
        checked={isSelected && canList}
        disabled={!canList}
        onChange={onToggle}
        className="size-4 accent-brand-500"
      />
      <InscriptionIcon inscriptionId={item.inscriptionId} size="md" />
      <div className="flex min-w-0 flex-col">
        <Link
          to={`/inscriptions/${encodeURIComponent(item.inscriptionId)}`}
          className="truncate font-medium text-zinc-100 hover:text-brand-400"
        >
          {label}
        </Link>
        <span className="truncate text-xs text-zinc-500">
          {item.collectionSlug ?? item.contentType ?? 'Inscription'}
        </span>
      </div>
      <span className="ml-auto whitespace-nowrap text-right text-xs">
        {isListed && item.price ? (
          <span className="font-mono text-brand-400">{btcText(wireSats(item.price))}</span>
        ) : item.isMoving ? (
          <span className="text-amber-300">Moving</span>
        ) : !item.isTradable ? (
          <span className="text-zinc-500" title="Its collection is under review: not tradable yet">
            In review
          </span>
        ) : (
          <span className="text-zinc-500">Not listed</span>
        )}
      </span>
    </li>
  );
}
