import { featuredStatus, type PublicLaunchpad } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { LoadFailed, Loading } from '../../components/ui/load-state.tsx';
import { EmptyState, Page } from '../../components/ui/page.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { CollectionIcon } from '../../shared/collection-icon.tsx';
import { phaseState } from '../launches/launch-phase.ts';
import { LaunchProgressBar } from '../launches/launch-progress-bar.tsx';
import { LaunchStatusBadge } from '../launches/launch-status-badge.tsx';
import { useNow } from '../launches/use-now.ts';
import { EditionMintPanel } from './edition-mint-panel.tsx';
import { MintPanel } from './mint-panel.tsx';
import { MintPhases } from './mint-phases.tsx';
import { mintQueries } from './mint.queries.ts';

/** /mint/{slug}: a launch's public mint page (product.md#market-screens). */
export function MintPage() {
  const { slug = '' } = useParams();
  return <MintLaunch slug={slug} />;
}

/** The launch of `slug`: what it is, its phases and progress, and minting from the open phase. */
export function MintLaunch({ slug }: { slug: string }) {
  const query = useQuery(mintQueries.launch(slug));
  const now = useNow();

  if (query.isPending) {
    return (
      <Page title="Mint" subtitle={slug}>
        <Loading what="the launch" />
      </Page>
    );
  }
  if (query.isError) {
    const isMissing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Page title="Mint" subtitle={slug}>
        {isMissing ? (
          <EmptyState title="Launch not found">No launch with this slug is live yet.</EmptyState>
        ) : (
          <LoadFailed what="the launch" error={query.error} onRetry={() => void query.refetch()} />
        )}
      </Page>
    );
  }
  const launch = query.data;
  const openPhase = launch.phases.find((phase) => phaseState(phase, now) === 'open');
  return (
    <Page title={launch.collection.name}>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="flex flex-col gap-6">
          <LaunchOverview launch={launch} now={now} />
          <MintPhases phases={launch.phases} now={now} />
        </div>
        {launch.launchpad_type === 'editions' ? (
          <EditionMintPanel launch={launch} openPhase={openPhase} />
        ) : (
          <MintPanel launch={launch} openPhase={openPhase} />
        )}
      </div>
    </Page>
  );
}

function LaunchOverview({ launch, now }: { launch: PublicLaunchpad; now: Date }) {
  const { collection } = launch;
  const status = featuredStatus({ ...launch, remaining: launch.remaining_inscriptions }, now);
  return (
    <section
      aria-label="About the launch"
      className="flex flex-col gap-4 rounded-xl border border-zinc-800 bg-zinc-900/60 p-4"
    >
      <div className="flex items-start gap-4">
        <CollectionIcon icon={collection.icon} name={collection.name} className="size-20" />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <LaunchStatusBadge status={status} />
            <span className="text-xs text-zinc-500">
              {launch.launchpad_type === 'psbt'
                ? `Pre-inscribed · ${launch.total_inscriptions} inscriptions`
                : `Editions · ${launch.total_inscriptions} editions`}
            </span>
          </div>
          {collection.description ? (
            <p className="whitespace-pre-line text-sm text-zinc-300">{collection.description}</p>
          ) : null}
        </div>
      </div>
      {launch.hide_progress ? null : (
        <LaunchProgressBar
          total={launch.total_inscriptions}
          remaining={launch.remaining_inscriptions}
          meta={launch.meta_data}
          label="Mint"
        />
      )}
    </section>
  );
}
