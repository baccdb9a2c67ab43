import { queryOptions } from '@tanstack/react-query';
import { auctionApi } from '../auction/auction.api.ts';
import { wizardQueries } from './wizard.queries.ts';

/** The Auction flow's reads, under the wizard's keys. */
export const auctionWizardQueries = {
  /**
   * GET /api/launchpad/auctions/check-slug/{slug}: the auction holding the slug ({ id }), or null
   * when it is free (product.md#creator-calls "auction slug lookup returns an object with id when
   * taken").
   */
  slugCheck: (slug: string) =>
    queryOptions({
      queryKey: [...wizardQueries.all(), 'auction-slug', slug],
      queryFn: ({ signal }) => auctionApi.checkSlug(slug, signal),
      staleTime: 30_000,
    }),
};
