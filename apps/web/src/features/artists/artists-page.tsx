import type { Artist } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LoadFailed, Loading } from '../../components/ui/load-state.tsx';
import { EmptyState, Page } from '../../components/ui/page.tsx';
import { shortenAddress } from '../../lib/format.ts';
import { artistQueries } from './artists.queries.ts';
import { PageNav, usePageParam } from './page-nav.tsx';

/**
 * /artists: profiles with isArtist and a username (product.md#roles), 20 a page
 * (product.md#constants-and-limits).
 */
export function ArtistsPage() {
  const [page, setPage] = usePageParam();
  const { data, error, isPending, refetch } = useQuery(artistQueries.list(page));
  return (
    <Page title="Artists" subtitle="Creators on the market and the collections they launch.">
      {error ? (
        <LoadFailed what="artists" error={error} onRetry={() => void refetch()} />
      ) : isPending ? (
        <Loading what="artists" />
      ) : data.artists.length === 0 ? (
        <EmptyState title="No artists yet">
          Mark your profile “I am an artist” and choose a username to be listed here.
        </EmptyState>
      ) : (
        <>
          <ul aria-label="Artists" className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
            {data.artists.map((artist) => (
              <ArtistCard key={artist.username} artist={artist} />
            ))}
          </ul>
          <PageNav label="Artists" page={page} hasMore={data.hasMore} onPage={setPage} />
        </>
      )}
    </Page>
  );
}

function ArtistCard({ artist }: { artist: Artist }) {
  return (
    <li className="flex flex-col rounded-xl border border-zinc-800 bg-zinc-900/40 p-3">
      <Link
        to={`/artists/${encodeURIComponent(artist.username)}`}
        className="truncate font-medium text-zinc-100 hover:text-brand-400"
      >
        {artist.name ?? `@${artist.username}`}
      </Link>
      <span className="truncate text-xs text-zinc-500">
        @{artist.username} · <span className="font-mono">{shortenAddress(artist.address)}</span>
      </span>
    </li>
  );
}
