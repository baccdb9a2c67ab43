import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { documented, type RouteDocs } from '../../http/openapi/route-docs.ts';
import { AppError, invalidInput } from '../../http/app-error.ts';
import { requireSession } from '../auth/auth-guard.ts';
import type { SessionClaims } from '../../http/auth-token.ts';
import { decide } from './review-decide.service.ts';
import { reviewQueue } from './review-queue.service.ts';
import { isReviewer } from './reviewers.ts';

const ONLY_REVIEWERS = 'Only reviewers can review submissions';
const REASON_MAX = 500;

const KindParams = z.object({
  kind: z.enum(['launch', 'edition', 'auction', 'collection'], {
    error: 'kind must be launch, edition, auction or collection',
  }),
  id: z.string(),
});
const RejectBody = z.object({
  reason: z
    .string({ error: 'reason: say why it is rejected' })
    .trim()
    .min(1, 'reason: say why it is rejected')
    .max(REASON_MAX, `reason: at most ${REASON_MAX} characters`),
});

/** Launches, editions and auctions have uuid ids; collections whole numbers. */
function subjectOf(params: unknown) {
  const parsed = KindParams.safeParse(params);
  if (!parsed.success) throw invalidInput(parsed.error.issues[0]?.message ?? 'bad kind', 'kind');
  const { kind, id } = parsed.data;
  const isValid = kind === 'collection' ? /^[0-9]{1,18}$/.test(id) : z.uuid().safeParse(id).success;
  if (!isValid) throw invalidInput(`id: not a ${kind} id`, 'id');
  return { kind, id };
}

/** This file's entries in the API reference (ADR 021): the schemas its handlers parse. */
const docs = {
  me: { summary: 'Whether the signed-in address is a reviewer' },
  queue: { summary: 'Launches and collections waiting for review (reviewers)' },
  approve: {
    summary: 'Approve a launch or collection (reviewers)',
    params: KindParams,
    body: 'none',
  },
  reject: {
    summary: 'Reject a launch or collection with a reason (reviewers)',
    params: KindParams,
    body: RejectBody,
  },
} satisfies Record<string, RouteDocs>;

/** The review queue (ADR 019): reviewers only, signed in with BIP-322. */
export function reviewRoutes(app: FastifyInstance, deps: AppDeps, writeLimit: object) {
  const auth = requireSession(deps.jwtSecret);
  const session = (request: FastifyRequest) => request.session as SessionClaims;
  const reviewerOnly = async (request: FastifyRequest) => {
    if (!isReviewer(deps.env, session(request).address)) {
      throw new AppError('FORBIDDEN', ONLY_REVIEWERS);
    }
  };

  app.get('/api/review/me', documented(docs.me, { preHandler: auth }), async (request) => ({
    success: true,
    payload: { isReviewer: isReviewer(deps.env, session(request).address) },
  }));

  app.get(
    '/api/review/queue',
    documented(docs.queue, { preHandler: [auth, reviewerOnly] }),
    async () => ({
      success: true,
      payload: await reviewQueue(deps),
    }),
  );

  const write = { config: writeLimit, preHandler: [auth, reviewerOnly] };
  app.post('/api/review/:kind/:id/approve', documented(docs.approve, write), async (request) => {
    const { kind, id } = subjectOf(request.params);
    const reviewer = session(request).address;
    return {
      success: true,
      payload: await decide(deps, reviewer, kind, id, { decision: 'approved' }),
    };
  });

  app.post('/api/review/:kind/:id/reject', documented(docs.reject, write), async (request) => {
    const { kind, id } = subjectOf(request.params);
    const body = RejectBody.safeParse(request.body ?? {});
    if (!body.success) {
      throw invalidInput(body.error.issues[0]?.message ?? 'reason: say why', 'reason');
    }
    const reviewer = session(request).address;
    const decision = { decision: 'rejected' as const, reason: body.data.reason };
    return { success: true, payload: await decide(deps, reviewer, kind, id, decision) };
  });
}
