import type { Auction } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { LoadFailed, Loading } from '../../components/ui/load-state.tsx';
import { EmptyState, Page } from '../../components/ui/page.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { shortenAddress } from '../../lib/format.ts';
import { shortenHash } from '../../lib/inscription-format.ts';
import { InscriptionViewer } from '../inscriptions/inscription-viewer.tsx';
import { useNow } from '../launches/use-now.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import { AuctionBids } from './auction-bids.tsx';
import { AuctionSettlement } from './auction-settlement.tsx';
import { auctionPhase } from './auction-state.ts';
import { AuctionStatus } from './auction-status.tsx';
import { auctionQueries } from './auction.queries.ts';
import { BidPanel } from './bid-panel.tsx';
import { SellerPanel } from './seller-panel.tsx';

/** /auction/{slug}: an auction's public page (product.md#wizard-screens, #market-screens). */
export function AuctionPage() {
  const { slug = '' } = useParams();
  return <AuctionView slug={slug} />;
}

/** The text of a meta field the seller filled in, if it is one. */
function metaText(auction: Auction, key: string): string | undefined {
  const value = auction.meta[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The auction of `slug`: the inscription, its prices and countdown, bidding and the bids. */
export function AuctionView({ slug }: { slug: string }) {
  const query = useQuery(auctionQueries.bySlug(slug));
  const now = useNow();
  const { wallet } = useWallet();

  if (query.isPending) {
    return (
      <Page title="Auction" subtitle={slug}>
        <Loading what="the auction" />
      </Page>
    );
  }
  if (query.isError) {
    const isMissing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Page title="Auction" subtitle={slug}>
        {isMissing ? (
          <EmptyState title="Auction not found">
            No auction with this slug has started yet.
          </EmptyState>
        ) : (
          <LoadFailed what="the auction" error={query.error} onRetry={() => void query.refetch()} />
        )}
      </Page>
    );
  }
  const auction = query.data;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const phase = auctionPhase(auction, nowSeconds);
  return (
    <Page title={metaText(auction, 'name') ?? 'Auction'} subtitle="Auction">
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="flex flex-col gap-6">
          <InscriptionViewer
            inscriptionId={auction.inscription_id}
            contentType={auction.content_type}
          />
          <AboutAuction auction={auction} />
        </div>
        <div className="flex flex-col gap-4">
          <AuctionStatus auction={auction} nowSeconds={nowSeconds} />
          {phase === 'live' || phase === 'upcoming' ? (
            <BidPanel auction={auction} nowSeconds={nowSeconds} />
          ) : null}
          <AuctionSettlement auction={auction} phase={phase} />
          <SellerPanel auction={auction} />
        </div>
      </div>
      <AuctionBids bids={auction.bids} ownAddress={wallet?.ordinalsAddress} />
    </Page>
  );
}

function AboutAuction({ auction }: { auction: Auction }) {
  const description = metaText(auction, 'description');
  const creator = metaText(auction, 'creator_name');
  return (
    <section
      aria-label="About the auction"
      className="flex flex-col gap-2 rounded-xl border border-zinc-800 bg-zinc-900/60 p-4 text-sm"
    >
      {description ? <p className="whitespace-pre-line text-zinc-300">{description}</p> : null}
      <dl className="grid grid-cols-[8rem_1fr] gap-y-1">
        <dt className="text-zinc-400">Inscription</dt>
        <dd>
          <Link
            to={`/inscriptions/${encodeURIComponent(auction.inscription_id)}`}
            className="font-mono text-brand-400 hover:underline"
            title={auction.inscription_id}
          >
            {shortenHash(auction.inscription_id)}
          </Link>
        </dd>
        <dt className="text-zinc-400">Seller</dt>
        <dd className="font-mono text-zinc-200" title={auction.seller_ordinal_address}>
          {creator ? `${creator} · ` : ''}
          {shortenAddress(auction.seller_ordinal_address)}
        </dd>
      </dl>
    </section>
  );
}
