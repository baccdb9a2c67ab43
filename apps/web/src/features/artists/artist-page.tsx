import type { Artwork } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { LoadFailed, Loading } from '../../components/ui/load-state.tsx';
import { EmptyState, Page } from '../../components/ui/page.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { InscriptionIcon } from '../../shared/inscription-icon.tsx';
import { inscriptionLabel } from '../../shared/profile-ui.tsx';
import { artistQueries } from './artists.queries.ts';
import { PageNav, usePageParam } from './page-nav.tsx';

/** /artists/{username}: the artist's artwork, 12 a page (product.md#constants-and-limits). */
export function ArtistPage() {
  const { username = '' } = useParams();
  const [page, setPage] = usePageParam();
  const { data, error, isPending, refetch } = useQuery(artistQueries.artwork(username, page));
  if (error instanceof ApiError && error.status === 404) {
    return (
      <Page title={`@${username}`}>
        <EmptyState title="Artist not found">{error.error}</EmptyState>
      </Page>
    );
  }
  const artist = data?.artist;
  return (
    <Page
      title={artist?.name ?? `@${username}`}
      subtitle={
        artist ? (
          <span className="flex flex-wrap gap-x-3">
            <span>@{artist.username}</span>
            <Link
              to={`/address/${encodeURIComponent(artist.address)}`}
              className="text-brand-400 hover:underline"
            >
              Profile
            </Link>
          </span>
        ) : undefined
      }
    >
      {error ? (
        <LoadFailed what="artwork" error={error} onRetry={() => void refetch()} />
      ) : isPending ? (
        <Loading what="artwork" />
      ) : data.artwork.length === 0 ? (
        <EmptyState title="No artwork yet">
          Inscriptions of this artist’s public collections and editions show here.
        </EmptyState>
      ) : (
        <>
          <ul aria-label="Artwork" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
            {data.artwork.map((item) => (
              <ArtworkCard key={item.inscriptionId} item={item} />
            ))}
          </ul>
          <PageNav label="Artwork" page={page} hasMore={data.hasMore} onPage={setPage} />
        </>
      )}
    </Page>
  );
}

function ArtworkCard({ item }: { item: Artwork }) {
  const label = inscriptionLabel(item);
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-zinc-800 bg-zinc-900/40 p-2">
      <InscriptionIcon inscriptionId={item.inscriptionId} size="md" />
      <Link
        to={`/inscriptions/${encodeURIComponent(item.inscriptionId)}`}
        className="truncate text-sm font-medium text-zinc-100 hover:text-brand-400"
      >
        {label}
      </Link>
      {item.collectionSlug ? (
        <span className="truncate text-xs text-zinc-500">{item.collectionSlug}</span>
      ) : null}
    </li>
  );
}
