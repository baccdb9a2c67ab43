import type { MarketInscription } from '@om/core';
import { Link } from 'react-router';
import { shortenHash } from '../../lib/inscription-format.ts';
import { ProtectedBadge } from '../../shared/protected-badge.tsx';
import { btcLabel } from '../../lib/collection-format.ts';
import { InscriptionThumbnail } from './inscription-thumbnail.tsx';

/** The name a card shows: the collection's name for it, else its number, else its id. */
export function inscriptionTitle(inscription: MarketInscription): string {
  if (inscription.name) return inscription.name;
  if (inscription.number !== null) return `#${inscription.number}`;
  return shortenHash(inscription.inscriptionId);
}

/** The card's sweep checkbox: only for a listing someone else may buy. */
export type CardSelection = { isSelected: boolean; onToggle: () => void };

/** One item of the grid: preview, name, its price when it is listed, and its sweep checkbox. */
export function InscriptionCard({
  inscription,
  selection,
}: {
  inscription: MarketInscription;
  selection?: CardSelection | undefined;
}) {
  const title = inscriptionTitle(inscription);
  const isListed = inscription.price !== null;
  const border = selection?.isSelected
    ? 'border-brand-500 ring-1 ring-brand-500'
    : 'border-zinc-800 hover:border-zinc-600';
  return (
    <li data-testid="inscription-card" className="relative">
      {selection ? (
        // A sibling of the link, not inside it: a control within a link is not operable.
        <input
          type="checkbox"
          aria-label={`Select ${title}`}
          checked={selection.isSelected}
          onChange={selection.onToggle}
          className="absolute right-2 top-2 z-10 size-5 cursor-pointer accent-brand-500"
        />
      ) : null}
      <Link
        to={`/inscriptions/${encodeURIComponent(inscription.inscriptionId)}`}
        aria-label={title}
        className={`group flex h-full flex-col overflow-hidden rounded-xl border bg-zinc-900/40 transition-colors ${border}`}
      >
        <div className="relative aspect-square w-full overflow-hidden bg-zinc-900">
          <InscriptionThumbnail
            inscriptionId={inscription.inscriptionId}
            contentType={inscription.contentType}
            label={title}
          />
          <div className="absolute left-2 top-2 flex flex-wrap gap-1">
            {isListed ? <CardBadge>Listed</CardBadge> : null}
          </div>
        </div>
        <div className="flex flex-col gap-0.5 p-2.5">
          <span className="truncate text-sm font-medium text-zinc-100 group-hover:text-brand-400">
            {title}
          </span>
          {inscription.name && inscription.number !== null ? (
            <span className="text-xs text-zinc-500">#{inscription.number}</span>
          ) : null}
          <span className="mt-1 flex flex-wrap items-center gap-1.5">
            <span
              data-testid="inscription-price"
              className={`font-mono text-[13px] tabular-nums ${isListed ? 'text-zinc-50' : 'text-zinc-500'}`}
            >
              {isListed ? btcLabel(inscription.price) : 'Not listed'}
            </span>
            {isListed && inscription.isSnipeProtected ? <ProtectedBadge /> : null}
          </span>
        </div>
      </Link>
    </li>
  );
}

function CardBadge({ children }: { children: string }) {
  return (
    <span className="rounded-full border border-brand-500/40 bg-zinc-950/80 px-2 py-0.5 text-[11px] font-medium text-brand-400 backdrop-blur">
      {children}
    </span>
  );
}
