import {
  INSCRIPTION_SERVICE_PATH,
  type ConfigPayload,
  type HealthPayload,
  HealthPayloadSchema,
  ConfigPayloadSchema,
} from '@om/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../http/app-error.ts';
import { documented, type RouteDocs } from '../../http/openapi/route-docs.ts';
import { JobsPayloadSchema, jobsStatus } from '../../jobs/jobs-status.ts';
import { requireSession } from '../auth/auth-guard.ts';
import type { SessionClaims } from '../../http/auth-token.ts';
import { indexedHeights } from './indexed-heights.queries.ts';
import { isReviewer } from '../review/reviewers.ts';
import { platformFeeAddress } from '../../trading/platform-fee.ts';
import { xOAuthConfig } from '../x-account/x-oauth.ts';

/**
 * Each network's block explorer (product.md#creator-calls, #constants-and-limits); regtest has
 * only ours.
 */
const EXPLORER_TX_URLS = {
  mainnet: 'https://mempool.space/tx/',
  testnet: 'https://mempool.space/testnet/tx/',
  signet: 'https://mempool.space/signet/tx/',
  regtest: '/tx/',
} as const;

/** This file's entries in the API reference (ADR 021): the schemas its handlers parse. */
const docs = {
  health: { summary: 'Database, network and indexed height', payload: HealthPayloadSchema },
  config: { summary: "This deployment's public settings", payload: ConfigPayloadSchema },
  jobs: {
    summary: 'The job queue: sizes per state and the last failed jobs (operators)',
    description:
      'Operators are the reviewers (REVIEWER_ADDRESSES; on regtest every signed-in wallet). Each ' +
      'queue with its number of jobs created, waiting to retry, active, completed, cancelled and ' +
      'failed; then the last 20 failed jobs with their error.',
    payload: JobsPayloadSchema,
  },
} satisfies Record<string, RouteDocs>;

const ONLY_OPERATORS = 'Only operators can see the job queue';

export function systemRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { env, db, chain, jobs } = deps;
  const auth = requireSession(deps.jwtSecret);
  const operatorOnly = async (request: FastifyRequest) => {
    if (!isReviewer(env, (request.session as SessionClaims).address)) {
      throw new AppError('FORBIDDEN', ONLY_OPERATORS);
    }
  };

  // The job queue (ADR 023) as operators follow it: what waits, what failed and why.
  app.get(
    '/api/system/jobs',
    documented(docs.jobs, { preHandler: [auth, operatorOnly] }),
    async () => {
      if (!jobs) throw new AppError('CONFLICT', 'This process runs no job queue');
      return { success: true, payload: await jobsStatus(db, jobs.schema) };
    },
  );

  app.get('/api/health', documented(docs.health), async () => {
    const [blockHeight, indexed] = await Promise.all([
      chain.source.tipHeight(),
      indexedHeights(db),
    ]);
    const payload: HealthPayload = {
      db: db.kind,
      network: env.BITCOIN_NETWORK,
      blockHeight,
      indexed,
    };
    return { success: true, payload };
  });

  app.get('/api/config', documented(docs.config), () => {
    const payload: ConfigPayload = {
      network: env.BITCOIN_NETWORK,
      devTools: chain.faucet !== undefined,
      productName: env.PRODUCT_NAME,
      productTicker: env.PRODUCT_TICKER,
      inscriptionServiceUrl: env.INSCRIPTION_SERVICE_URL || INSCRIPTION_SERVICE_PATH,
      tokenUrl: env.TOKEN_URL,
      inscribeUrl: env.INSCRIBE_URL,
      contentOrigin: env.CONTENT_ORIGIN ?? '',
      platformFeeBps: env.PLATFORM_FEE_BPS,
      platformFeeAddress: platformFeeAddress(env) ?? '',
      maxFeeRate: env.MAX_FEE_RATE,
      xConnect: xOAuthConfig(env) !== undefined,
      explorerTxUrl: env.EXPLORER_TX_URL ?? EXPLORER_TX_URLS[env.BITCOIN_NETWORK],
    };
    return { success: true, payload };
  });
}
