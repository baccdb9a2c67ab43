import type { InscriptionCollection, InscriptionDetailsPayload, InscriptionTrait } from '@om/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CopyButton } from '../../shared/copy-button.tsx';
import {
  collectionPath,
  formatBtc,
  formatIsoDateTime,
  formatSats,
  rarityPercent,
} from '../../lib/inscription-format.ts';

/**
 * What the index knows about an inscription, as a description list (product.md#market-screens,
 * #constants-and-limits).
 */
export function InscriptionDetails({ details }: { details: InscriptionDetailsPayload }) {
  return (
    <dl className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-4 gap-y-3 rounded-xl border border-zinc-800 bg-zinc-900/40 p-4 text-sm">
      <Row term="Number">#{details.number}</Row>
      <Row term="ID">
        <span className="flex items-start gap-1">
          <Mono>{details.inscriptionId}</Mono>
          <CopyButton value={details.inscriptionId} label="Copy inscription ID" className="-my-1" />
        </span>
      </Row>
      <Row term="Owner">{details.address ? <Mono>{details.address}</Mono> : 'None'}</Row>
      <Row term="Output value">
        <span className="font-mono tabular-nums">{formatBtc(details.outputValue)}</span>{' '}
        <span className="text-zinc-500">({formatSats(details.outputValue)})</span>
      </Row>
      <Row term="Satpoint">
        <Mono>{details.satpoint}</Mono>
      </Row>
      <Row term="Content type">{details.contentType ?? 'None'}</Row>
      <Row term="Content length">{`${details.contentLength.toLocaleString('en-US')} bytes`}</Row>
      {details.contentEncoding ? (
        <Row term="Content encoding">{details.contentEncoding}</Row>
      ) : null}
      <Row term="Genesis height">{details.genesisHeight}</Row>
      <Row term="Genesis time">{formatIsoDateTime(details.timestamp)}</Row>
      <Row term="Genesis transaction">
        <Mono>{details.genesisTxid}</Mono>
      </Row>
      <Row term="Genesis fee">{formatSats(details.genesisFee)}</Row>
      {details.metaprotocol ? <Row term="Metaprotocol">{details.metaprotocol}</Row> : null}
      {details.charms.length > 0 ? (
        <Row term="Charms">
          <ul aria-label="Charms" className="flex flex-wrap gap-1.5">
            {details.charms.map((charm) => (
              <li key={charm}>
                <Badge>{charm}</Badge>
              </li>
            ))}
          </ul>
        </Row>
      ) : null}
      {details.parents.length > 0 ? (
        <Row term={details.parents.length === 1 ? 'Parent' : 'Parents'}>
          <ul className="flex flex-col gap-1">
            {details.parents.map((parent) => (
              <li key={parent}>
                <InscriptionLink id={parent} />
              </li>
            ))}
          </ul>
        </Row>
      ) : null}
      {details.delegate ? (
        <Row term="Delegate">
          <InscriptionLink id={details.delegate} />
        </Row>
      ) : null}
      {details.collection ? (
        <Row term="Collection">
          <CollectionName collection={details.collection} />
        </Row>
      ) : null}
      {details.edition ? (
        <Row term="Edition of">
          <Link
            to={`/mint/${encodeURIComponent(details.edition.launchSlug)}`}
            className="text-brand-400 hover:underline"
          >
            {details.edition.name}
          </Link>
        </Row>
      ) : null}
    </dl>
  );
}

/** The collection by name, linked to where the market shows it (collectionPath). */
export function CollectionName({ collection }: { collection: InscriptionCollection }) {
  const path = collectionPath(collection);
  if (!path) return <>{collection.name}</>;
  return (
    <Link to={path} className="text-brand-400 hover:underline">
      {collection.name}
    </Link>
  );
}

/** Each trait with its rarity: the share of the collection's items that have it. */
export function InscriptionTraits({
  traits,
  supply,
}: {
  traits: InscriptionTrait[];
  supply: number;
}) {
  if (traits.length === 0) return null;
  return (
    <section aria-labelledby="traits-heading" className="flex flex-col gap-3">
      <h2 id="traits-heading" className="text-base font-semibold text-zinc-100">
        Traits
      </h2>
      <ul aria-label="Traits" className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
        {traits.map((trait) => (
          <li
            key={`${trait.category}\u0000${trait.value}`}
            className="flex flex-col gap-0.5 rounded-xl border border-zinc-800 bg-zinc-900/40 px-3 py-2"
          >
            <span className="text-xs uppercase tracking-wide text-zinc-500">{trait.category}</span>
            <span className="font-medium text-zinc-100">{trait.value}</span>
            <span className="text-xs text-zinc-400">
              {`${rarityPercent(trait.count, supply)} · ${trait.count} of ${supply}`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-zinc-500">{term}</dt>
      <dd className="min-w-0 text-zinc-100">{children}</dd>
    </>
  );
}

function Mono({ children }: { children: ReactNode }) {
  return <span className="break-all font-mono text-[13px]">{children}</span>;
}

export function Badge({
  children,
  tone = 'neutral',
}: {
  children: ReactNode;
  tone?: 'neutral' | 'brand';
}) {
  const colours =
    tone === 'brand'
      ? 'border-brand-500/40 bg-brand-500/10 text-brand-400'
      : 'border-zinc-700 bg-zinc-800 text-zinc-200';
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium ${colours}`}
    >
      {children}
    </span>
  );
}

function InscriptionLink({ id }: { id: string }) {
  return (
    <Link
      to={`/inscriptions/${encodeURIComponent(id)}`}
      className="break-all font-mono text-[13px] text-brand-400 hover:underline"
    >
      {id}
    </Link>
  );
}
