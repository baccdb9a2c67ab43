import type { MarketInscription } from '@om/core';
import { Link } from 'react-router';
import { shortenHash } from '../inscriptions/inscription-format.ts';
import { btcLabel } from './collection-format.ts';
import { InscriptionThumbnail } from './inscription-thumbnail.tsx';

/** The name a card shows: the collection's name for it, else its number, else its id. */
export function inscriptionTitle(inscription: MarketInscription): string {
  if (inscription.name) return inscription.name;
  if (inscription.number !== null) return `#${inscription.number}`;
  return shortenHash(inscription.inscriptionId);
}

/** One item of the grid: preview, name, and its price when it is listed. */
export function InscriptionCard({ inscription }: { inscription: MarketInscription }) {
  const title = inscriptionTitle(inscription);
  const isListed = inscription.price !== null;
  return (
    <li data-testid="inscription-card">
      <Link
        to={`/inscriptions/${encodeURIComponent(inscription.inscriptionId)}`}
        aria-label={title}
        className="group flex h-full flex-col overflow-hidden rounded-xl border border-zinc-800 bg-zinc-900/40 transition-colors hover:border-zinc-600"
      >
        <div className="relative aspect-square w-full overflow-hidden bg-zinc-900">
          <InscriptionThumbnail
            inscriptionId={inscription.inscriptionId}
            contentType={inscription.contentType}
            label={title}
          />
          <div className="absolute left-2 top-2 flex flex-wrap gap-1">
            {isListed ? <CardBadge tone="brand">Listed</CardBadge> : null}
            {inscription.isSnipeProtected ? (
              <CardBadge tone="protected" title="Snipers cannot outbid this listing in the mempool">
                Snipe protected
              </CardBadge>
            ) : null}
          </div>
        </div>
        <div className="flex flex-col gap-0.5 p-2.5">
          <span className="truncate text-sm font-medium text-zinc-100 group-hover:text-brand-400">
            {title}
          </span>
          {inscription.name && inscription.number !== null ? (
            <span className="text-xs text-zinc-500">#{inscription.number}</span>
          ) : null}
          <span
            data-testid="inscription-price"
            className={`mt-1 font-mono text-[13px] tabular-nums ${isListed ? 'text-zinc-50' : 'text-zinc-500'}`}
          >
            {isListed ? btcLabel(inscription.price) : 'Not listed'}
          </span>
        </div>
      </Link>
    </li>
  );
}

function CardBadge({
  children,
  tone,
  title,
}: {
  children: string;
  tone: 'brand' | 'protected';
  title?: string;
}) {
  const colours =
    tone === 'brand'
      ? 'border-brand-500/40 bg-zinc-950/80 text-brand-400'
      : 'border-sky-500/40 bg-zinc-950/80 text-sky-300';
  return (
    <span
      title={title}
      className={`rounded-full border px-2 py-0.5 text-[11px] font-medium backdrop-blur ${colours}`}
    >
      {children}
    </span>
  );
}
