import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api-client.ts';

// The review queue's data (ADR 019): whether the signed-in wallet reviews, what waits
// for a decision, and the decisions.

const REVIEW_KINDS = ['launch', 'edition', 'auction', 'collection'] as const;

const ReviewPhaseSchema = z.object({
  name: z.string(),
  price: z.string(),
  startDate: z.number(),
  endDate: z.number().nullable(),
  isPublic: z.boolean(),
  allocation: z.number().nullable(),
  allowList: z.array(z.object({ address: z.string(), allocation: z.number() })),
});

const ReviewItemSchema = z.object({
  kind: z.enum(REVIEW_KINDS),
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  icon: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
  link: z.string(),
  creator: z.object({
    name: z.string().nullable(),
    email: z.string().nullable(),
    btcAddress: z.string().nullable(),
    signInAddress: z.string().nullable(),
  }),
  items: z.array(z.object({ id: z.string(), name: z.string().nullable() })),
  totalItems: z.number(),
  phases: z.array(ReviewPhaseSchema),
  auction: z
    .object({
      startPrice: z.string(),
      reservePrice: z.string().nullable(),
      startDate: z.string(),
      endDate: z.string(),
    })
    .optional(),
});
export type ReviewItem = z.infer<typeof ReviewItemSchema>;
export type ReviewPhase = z.infer<typeof ReviewPhaseSchema>;

const DecisionSchema = z.object({
  kind: z.enum(REVIEW_KINDS),
  id: z.string(),
  decision: z.enum(['approved', 'rejected']),
  reason: z.string().nullable(),
});

export const reviewQueries = {
  all: ['review'] as const,
  me: (token: string | null) =>
    queryOptions({
      queryKey: [...reviewQueries.all, 'me', token],
      queryFn: ({ signal }) =>
        api.get('/api/review/me', z.object({ isReviewer: z.boolean() }), { signal }),
      enabled: token !== null,
    }),
  queue: (token: string | null) =>
    queryOptions({
      queryKey: [...reviewQueries.all, 'queue', token],
      queryFn: ({ signal }) => api.get('/api/review/queue', z.array(ReviewItemSchema), { signal }),
      enabled: token !== null,
    }),
};

export function decide(item: Pick<ReviewItem, 'kind' | 'id'>, reason: string | null) {
  const path = `/api/review/${item.kind}/${encodeURIComponent(item.id)}`;
  return reason === null
    ? api.post(`${path}/approve`, {}, DecisionSchema)
    : api.post(`${path}/reject`, { reason }, DecisionSchema);
}
