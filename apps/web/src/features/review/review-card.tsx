import { satsToBtc } from '@om/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { useAppConfig } from '../../shared/config.queries.ts';
import { contentPath } from '../../lib/content-kind.ts';
import { IframeContent } from '../inscriptions/viewer/iframe-content.tsx';
import type { ReviewItem, ReviewPhase } from './review.queries.ts';

// One submission as a reviewer judges it: its content, its creator, its phases and allow lists,
// and the decision (a rejection needs its reason, which the creator reads).

const KIND_LABEL: Record<ReviewItem['kind'], string> = {
  launch: 'Launch',
  edition: 'Edition',
  auction: 'Auction',
  collection: 'Onboarded collection',
};

const when = (seconds: number | null) =>
  seconds === null ? 'no end' : new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

function Field({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="flex gap-2">
      <dt className="text-zinc-500">{label}</dt>
      <dd className="break-all text-zinc-200">{value || '—'}</dd>
    </div>
  );
}

/** "3 editions of this original", "24 items, the first 12 shown". */
export function contentSummary(item: Pick<ReviewItem, 'kind' | 'items' | 'totalItems'>): string {
  if (item.kind === 'edition') return `${item.totalItems} editions of this original`;
  const shown = item.items.length < item.totalItems ? `, the first ${item.items.length} shown` : '';
  return `${item.totalItems} ${item.totalItems === 1 ? 'item' : 'items'}${shown}`;
}

function PhaseRow({ phase }: { phase: ReviewPhase }) {
  return (
    <li className="rounded-lg border border-zinc-800 px-3 py-2">
      <p className="text-zinc-100">
        {phase.name}: {satsToBtc(BigInt(phase.price))} BTC,{' '}
        {phase.isPublic ? 'public' : 'allow list'}, {when(phase.startDate)} to {when(phase.endDate)}
      </p>
      {phase.isPublic ? null : (
        <ul aria-label={`${phase.name} allow list`} className="mt-1 font-mono text-xs">
          {phase.allowList.map((entry) => (
            <li key={entry.address}>
              {entry.address} × {entry.allocation}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

export function ReviewCard({
  item,
  isDeciding,
  onDecide,
}: {
  item: ReviewItem;
  isDeciding: boolean;
  onDecide: (reason: string | null) => void;
}) {
  const contentOrigin = useAppConfig()?.contentOrigin ?? '';
  const [reason, setReason] = useState('');
  const reasonId = `reason-${item.kind}-${item.id}`;
  const label = KIND_LABEL[item.kind];
  return (
    <article
      aria-label={`${label} ${item.name}`}
      className="flex flex-col gap-3 rounded-xl border border-zinc-800 bg-zinc-900/40 p-4 text-sm"
    >
      <header className="flex flex-wrap items-baseline gap-2">
        <span className="rounded bg-zinc-800 px-2 py-0.5 text-xs text-zinc-300">{label}</span>
        <h2 className="text-base font-semibold text-zinc-50">{item.name}</h2>
        <Link to={item.link} className="font-mono text-brand-400 hover:underline">
          {item.link}
        </Link>
        <span className="text-zinc-500">
          {item.status}, submitted {item.createdAt}
        </span>
      </header>
      {item.description ? <p className="text-zinc-300">{item.description}</p> : null}
      <dl aria-label="Creator" className="grid gap-1 md:grid-cols-2">
        <Field label="Creator" value={item.creator.name} />
        <Field label="Email" value={item.creator.email} />
        <Field label="BTC address" value={item.creator.btcAddress} />
        <Field label="Signed in as" value={item.creator.signInAddress} />
      </dl>
      <section aria-label="Content" className="flex flex-col gap-1">
        <p className="text-zinc-400">{contentSummary(item)}</p>
        <ul className="grid grid-cols-3 gap-2 md:grid-cols-6">
          {item.items.map((inscription) => (
            <li key={inscription.id} className="flex flex-col gap-1">
              <div className="aspect-square overflow-hidden rounded-lg">
                <IframeContent
                  src={contentPath(inscription.id, contentOrigin)}
                  title={inscription.name ?? inscription.id}
                />
              </div>
              <Link
                to={`/inscriptions/${inscription.id}`}
                className="truncate text-xs text-brand-400 hover:underline"
              >
                {inscription.name ?? inscription.id}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {item.phases.length > 0 ? (
        <section aria-label="Phases">
          <ul className="flex flex-col gap-1">
            {item.phases.map((phase) => (
              <PhaseRow key={`${phase.name}-${phase.startDate}`} phase={phase} />
            ))}
          </ul>
        </section>
      ) : null}
      {item.auction ? (
        <dl aria-label="Auction terms" className="grid gap-1 md:grid-cols-2">
          <Field label="Start price" value={`${satsToBtc(BigInt(item.auction.startPrice))} BTC`} />
          <Field
            label="Reserve"
            value={
              item.auction.reservePrice
                ? `${satsToBtc(BigInt(item.auction.reservePrice))} BTC`
                : null
            }
          />
          <Field label="Starts" value={item.auction.startDate} />
          <Field label="Ends" value={item.auction.endDate} />
        </dl>
      ) : null}
      <div className="flex flex-wrap items-end gap-2">
        <label htmlFor={reasonId} className="flex grow flex-col gap-1 text-zinc-400">
          Reason (the creator reads it)
          <textarea
            id={reasonId}
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.target.value)}
            className="min-h-16 rounded-lg border border-zinc-700 bg-zinc-950 px-2 py-1 text-zinc-100"
          />
        </label>
        <Button onClick={() => onDecide(null)} disabled={isDeciding}>
          Approve
        </Button>
        <Button onClick={() => onDecide(reason.trim())} disabled={isDeciding || !reason.trim()}>
          Reject
        </Button>
      </div>
    </article>
  );
}
