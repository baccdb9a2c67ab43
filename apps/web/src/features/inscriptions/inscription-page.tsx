import {
  INVALID_INSCRIPTION_ID_FORMAT,
  isValidInscriptionId,
  mediaError,
  type InscriptionDetailsPayload,
} from '@om/core';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';

import { EmptyState, Page } from '../../components/ui/page.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useAppConfig } from '../../shared/config.queries.ts';
import { contentPath } from '../../lib/content-kind.ts';
import {
  Badge,
  CollectionName,
  InscriptionDetails,
  InscriptionTraits,
} from './inscription-details.tsx';
import { inscriptionTitle } from '../../lib/inscription-format.ts';
import { InscriptionMarket } from './inscription-market.tsx';
import { InscriptionTransfers } from './inscription-transfers.tsx';
import { InscriptionViewer } from './inscription-viewer.tsx';
import { inscriptionQueries } from '../../shared/inscriptions.queries.ts';
import { LoadFailed } from '../../components/ui/load-state.tsx';

export const INSCRIPTION_NOT_FOUND = 'Inscription not found';

/** /inscriptions/:id: the content, what the index knows about it, its market, where it went. */
export function InscriptionPage() {
  const { id = '' } = useParams();
  if (!isValidInscriptionId(id)) {
    return (
      <Page title="Inscription" subtitle={<span className="break-all font-mono">{id}</span>}>
        <EmptyState title={INVALID_INSCRIPTION_ID_FORMAT} />
      </Page>
    );
  }
  return <InscriptionSection id={id} />;
}

/**
 * Named as the catalogue names it once the details are in (product.md#walk-through-fixes item 6);
 * its ID until then.
 */
function InscriptionSection({ id }: { id: string }) {
  const query = useQuery(inscriptionQueries.details(id));
  const { data } = query;
  return (
    <Page
      title={data ? inscriptionTitle(data) : 'Inscription'}
      subtitle={
        data ? (
          <InscriptionOrigin details={data} />
        ) : (
          <span className="break-all font-mono">{id}</span>
        )
      }
    >
      <InscriptionBody id={id} query={query} />
    </Page>
  );
}

/** Under the name: the collection, or the launch an edition came from. */
function InscriptionOrigin({ details }: { details: InscriptionDetailsPayload }) {
  if (details.collection) {
    return (
      <>
        In <CollectionName collection={details.collection} />
      </>
    );
  }
  if (details.edition) {
    return (
      <>
        An edition from{' '}
        <Link
          to={`/mint/${encodeURIComponent(details.edition.launchSlug)}`}
          className="text-brand-400 hover:underline"
        >
          {details.edition.name}
        </Link>
      </>
    );
  }
  return null;
}

function InscriptionBody({
  id,
  query: { data, error, isPending, refetch },
}: {
  id: string;
  query: UseQueryResult<InscriptionDetailsPayload>;
}) {
  if (error) {
    if (error instanceof ApiError && error.status === 404) {
      return (
        <EmptyState title={INSCRIPTION_NOT_FOUND}>
          No inscription with this ID has been indexed. A new one appears once its reveal
          transaction is in a block.
        </EmptyState>
      );
    }
    if (error instanceof ApiError && error.status === 400) {
      return <EmptyState title={INVALID_INSCRIPTION_ID_FORMAT} />;
    }
    return (
      <>
        <LoadFailed what="the inscription" error={error} onRetry={() => void refetch()} />
        <OpenContentLink id={id} />
      </>
    );
  }
  if (isPending) {
    return (
      <>
        <p role="status" className="text-zinc-400">
          Loading inscription…
        </p>
        <OpenContentLink id={id} />
      </>
    );
  }
  return (
    <>
      {data.isMoving ? <MovingNotice txid={data.movingTxid} /> : null}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,576px)_1fr]">
        <div className="flex flex-col gap-2">
          <InscriptionContent details={data} />
          <OpenContentLink id={id} />
        </div>
        <InscriptionDetails details={data} />
      </div>
      {data.collection ? (
        <InscriptionTraits traits={data.traits} supply={data.collection.supply} />
      ) : null}
      <InscriptionMarket details={data} />
      <InscriptionTransfers inscriptionId={id} />
    </>
  );
}

/**
 * /content/{id} serves a delegating inscription's delegate content (ord's self-reference rule),
 * so the viewer uses the delegate's content type with this inscription's URL.
 */
function InscriptionContent({ details }: { details: InscriptionDetailsPayload }) {
  const delegate = useQuery({
    ...inscriptionQueries.details(details.delegate ?? ''),
    enabled: details.delegate !== null,
  });
  if (details.delegate === null) {
    return (
      <InscriptionViewer
        inscriptionId={details.inscriptionId}
        contentType={details.contentType}
        contentLength={details.contentLength}
      />
    );
  }
  if (delegate.error) {
    return <p className="text-zinc-400">{mediaError(errorMessage(delegate.error))}</p>;
  }
  if (delegate.isPending) return <p className="text-zinc-400">Loading content…</p>;
  return (
    <InscriptionViewer
      inscriptionId={details.inscriptionId}
      contentType={delegate.data?.contentType ?? null}
      contentLength={delegate.data?.contentLength ?? 0}
    />
  );
}

function MovingNotice({ txid }: { txid: string | null }) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-2 rounded-xl border border-brand-500/30 bg-brand-500/5 px-4 py-3 text-sm"
    >
      <Badge tone="brand">Moving</Badge>
      <span className="text-zinc-300">
        A mempool transaction spends this inscription&apos;s output
        {txid ? (
          <>
            : <span className="break-all font-mono text-[13px] text-zinc-100">{txid}</span>
          </>
        ) : (
          '.'
        )}
      </span>
    </div>
  );
}

/** The raw bytes in a new tab, served by the API server. */
function OpenContentLink({ id }: { id: string }) {
  return (
    <a
      href={contentPath(id, useAppConfig()?.contentOrigin ?? '')}
      target="_blank"
      rel="noopener noreferrer"
      className="w-fit text-brand-400 hover:underline"
    >
      Open content
    </a>
  );
}
