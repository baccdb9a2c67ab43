import {
  AUCTION_LIST_STATUSES,
  AUCTIONS_PAGE_SIZE,
  formatDateTime,
  fromUnixSeconds,
  type AuctionListStatus,
  type AuctionSummary,
} from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed, Loading } from '../../components/ui/load-state.tsx';
import { EmptyState, Page } from '../../components/ui/page.tsx';
import { CELL, NUMBER, Pager, Table } from '../../shared/brc20-ui.tsx';
import { StatusTabs } from '../launches/status-tabs.tsx';
import { btcText, wireSats } from '../../lib/trade-format.ts';
import { auctionQueries } from './auction.queries.ts';

const TABS: { value: AuctionListStatus; label: string }[] = [
  { value: 'live', label: 'Live' },
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'ended', label: 'Ended' },
];
/** The date each tab shows: when it ends, when it starts, when it ended. */
const WHEN: Record<AuctionListStatus, { head: string; of: (a: AuctionSummary) => number }> = {
  live: { head: 'Ends', of: (a) => a.end_date },
  upcoming: { head: 'Starts', of: (a) => a.start_date },
  ended: { head: 'Ended', of: (a) => a.end_date },
};
const EMPTY: Record<AuctionListStatus, string> = {
  live: 'No live auction',
  upcoming: 'No upcoming auction',
  ended: 'No ended auction',
};

/**
 * /auctions (product.md#walk-through-fixes item 4): live auctions ending soonest first, upcoming
 * ones starting soonest first, ended ones last ended first; pages of 20 (state in the URL); each
 * opens /auction/{slug}.
 */
export function AuctionsPage() {
  const [params, setParams] = useSearchParams();
  const status = AUCTION_LIST_STATUSES.find((s) => s === params.get('status')) ?? 'live';
  const page = Math.max(0, Number(params.get('page')) || 0);
  const query = useQuery(auctionQueries.list(status, page));

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === '') next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };

  return (
    <Page title="Auctions" subtitle="Live, upcoming and ended auctions.">
      <StatusTabs
        label="Auction status"
        tabs={TABS}
        value={status}
        onChange={(value) => update({ status: value === 'live' ? '' : value, page: '' })}
      />
      <div role="tabpanel" aria-label={TABS.find((t) => t.value === status)?.label}>
        {query.isPending ? (
          <Loading what="auctions" />
        ) : query.isError ? (
          <LoadFailed what="auctions" error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.auctions.length === 0 ? (
          <EmptyState title={EMPTY[status]} />
        ) : (
          <div className="flex flex-col gap-4">
            <AuctionsTable auctions={query.data.auctions} status={status} />
            <Pager
              label="Auctions"
              page={page}
              size={AUCTIONS_PAGE_SIZE}
              total={query.data.total}
              onPage={(next) => update({ page: next === 0 ? '' : String(next) })}
            />
          </div>
        )}
      </div>
    </Page>
  );
}

function AuctionsTable({
  auctions,
  status,
}: {
  auctions: AuctionSummary[];
  status: AuctionListStatus;
}) {
  const when = WHEN[status];
  return (
    <Table
      label="Auctions"
      heads={[
        { text: 'Auction' },
        { text: 'Start price', align: 'right' },
        { text: 'Highest bid', align: 'right' },
        { text: when.head, align: 'right' },
      ]}
    >
      {auctions.map((auction) => (
        <tr key={auction.id} className="hover:bg-zinc-900/60">
          <td className={CELL}>
            <Link
              to={`/auction/${encodeURIComponent(auction.slug)}`}
              className="font-medium text-zinc-100 hover:text-brand-400"
            >
              {auction.name ?? auction.slug}
            </Link>
          </td>
          <td className={NUMBER}>{btcText(wireSats(auction.start_price))}</td>
          <td className={NUMBER}>
            {auction.highest_bid === null ? 'No bid' : btcText(wireSats(auction.highest_bid))}
          </td>
          <td className={NUMBER}>{formatDateTime(fromUnixSeconds(when.of(auction)))}</td>
        </tr>
      ))}
    </Table>
  );
}
