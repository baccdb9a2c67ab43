import {
  AuctionSchema,
  AuctionSlugCheckSchema,
  CancelAuctionPayloadSchema,
  ConfirmAuctionPayloadSchema,
  ConfirmBidPayloadSchema,
  CreateAuctionPayloadSchema,
  PlaceBidPayloadSchema,
  type ConfirmAuctionBody,
  type ConfirmBidBody,
  type CreateAuctionBody,
  type PlaceBidBody,
} from '@om/core';
import { ApiError, api } from '../../lib/api-client.ts';

/**
 * product.md#market-calls "Auction calls throw the first message of the errors array": an ApiError
 * whose message is errors[0].msg (else the envelope's error). The whole list stays on it: the
 * wizard's confirm toasts every message (product.md#creator-calls).
 */
class AuctionApiError extends ApiError {
  override readonly name: string = 'AuctionApiError';

  constructor(from: ApiError) {
    super(from.status, from.error, from.errors, from.statusText);
    this.message = from.errors[0]?.msg || from.error || from.message;
  }
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw error instanceof ApiError ? new AuctionApiError(error) : error;
  }
}

const path = (slug: string) => `/api/launchpad/auctions/${encodeURIComponent(slug)}`;

/** Every auction call of the web app (core auctions.api.ts, ADR 012). */
export const auctionApi = {
  /** GET /api/launchpad/auctions/{slug}: the auction page. */
  get: (slug: string, signal?: AbortSignal) =>
    call(() => api.get(path(slug), AuctionSchema, { signal })),
  /** GET …/check-slug/{slug}: { id } of the auction holding the slug, or null. */
  checkSlug: (slug: string, signal?: AbortSignal) =>
    call(() =>
      api.get(`${path('check-slug')}/${encodeURIComponent(slug)}`, AuctionSlugCheckSchema, {
        signal,
      }),
    ),
  create: (body: CreateAuctionBody) =>
    call(() => api.post('/api/launchpad/auctions/create', body, CreateAuctionPayloadSchema)),
  confirm: (body: ConfirmAuctionBody) =>
    call(() => api.put('/api/launchpad/auctions/confirm', body, ConfirmAuctionPayloadSchema)),
  /** DELETE /api/launchpad/auctions/{slug}: the seller cancels while nobody has bid. */
  cancel: (slug: string) =>
    call(() => api.delete(path(slug), undefined, CancelAuctionPayloadSchema)),
  placeBid: (slug: string, body: PlaceBidBody) =>
    call(() => api.post(`${path(slug)}/bid`, body, PlaceBidPayloadSchema)),
  confirmBid: (slug: string, bidId: string, body: ConfirmBidBody) =>
    call(() =>
      api.put(`${path(slug)}/bid/${encodeURIComponent(bidId)}`, body, ConfirmBidPayloadSchema),
    ),
};
