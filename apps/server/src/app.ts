import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppDeps } from './app-deps.ts';
import { addressRoutes } from './features/address/address.routes.ts';
import { auctionsRoutes } from './features/auctions/auctions.routes.ts';
import { brc20SendRoutes } from './features/brc20/brc20-send.routes.ts';
import { brc20Routes } from './features/brc20/brc20.routes.ts';
import { opiRoutes } from './features/brc20/opi.routes.ts';
import { runesRoutes } from './features/runes/runes.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { chainRoutes } from './features/chain/chain.routes.ts';
import { activityRoutes } from './features/collections/activity.routes.ts';
import { collectionsRoutes } from './features/collections/collections.routes.ts';
import { contentRoutes } from './features/content/content.routes.ts';
import { eventsRoutes } from './features/events/events.routes.ts';
import { listenToMarket } from './features/events/market-events.ts';
import { inscriptionsRoutes } from './features/inscriptions/inscriptions.routes.ts';
import { listingsRoutes } from './features/listings/listings.routes.ts';
import { multisigRoutes } from './features/multisig/multisig.routes.ts';
import { editionsRoutes } from './features/editions/editions.routes.ts';
import { inscriptionServiceRoutes } from './features/inscription-service/inscription-service.routes.ts';
import { launchpadRoutes } from './features/launchpad/launchpad.routes.ts';
import { registerRewards } from './features/rewards/rewards.module.ts';
import { storageRoutes } from './features/storage/storage.routes.ts';
import { swapRoutes } from './features/swap/swap.routes.ts';
import { ordersRoutes } from './features/orders/orders.routes.ts';
import { devRoutes } from './features/dev/dev.routes.ts';
import { systemRoutes } from './features/system/system.routes.ts';
import { notificationsRoutes } from './features/notifications/notifications.routes.ts';
import { profilesRoutes } from './features/profiles/profiles.routes.ts';
import { reviewRoutes } from './features/review/review.routes.ts';
import { xAccountRoutes } from './features/x-account/x-account.routes.ts';
import { AppError } from './http/app-error.ts';
import {
  answerFrameworkError,
  MAX_PARAM_LENGTH,
  registerErrorHandling,
} from './http/error-handler.ts';
import { addApiEtags } from './http/api-etag.ts';
import { openApiRoutes } from './http/openapi/openapi.routes.ts';
import { refuseNulBytes } from './http/nul-bytes.ts';
import { addSecurityHeaders } from './http/security-headers.ts';
import { serveWebApp } from './http/web-static.ts';
import { collectionPageHeadFor } from './features/collections/collection-page-head.ts';
import { startWorkers, type Workers } from './workers.ts';

/**
 * The HTTP app. `workers`: the process's background work, whose loops its routes wake; absent
 * (tests, benchmarks), the app starts its own and stops them when it closes.
 */
export async function buildApp(deps: AppDeps, workers?: Workers): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.log,
    trustProxy: deps.env.TRUST_PROXY,
    bodyLimit: 5 * 1024 * 1024,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: answerFrameworkError,
  });
  const own = workers ?? (await startWorkers(deps));
  if (!workers) app.addHook('onClose', own.stop);
  registerErrorHandling(app);
  refuseNulBytes(app);
  addSecurityHeaders(app, deps.env);
  addApiEtags(app);
  openApiRoutes(app, deps);
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) =>
      new AppError(
        'RATE_LIMITED',
        `Too many requests: try again in ${Math.ceil(ctx.ttl / 1000)} s.`,
      ),
  });
  const writeLimit = {
    rateLimit: { max: deps.env.WRITE_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' },
  };

  systemRoutes(app, deps);
  authRoutes(app, deps);
  addressRoutes(app, deps);
  contentRoutes(app, deps);
  inscriptionsRoutes(app, deps);
  chainRoutes(app, deps, writeLimit);
  // Trade and listing changes from PostgreSQL NOTIFY, whichever process made them.
  const market = await listenToMarket(deps.db, deps.log);
  app.addHook('onClose', () => market.stop());
  eventsRoutes(app, deps, market.events);
  listingsRoutes(app, deps, writeLimit);
  multisigRoutes(app, deps, writeLimit);
  collectionsRoutes(app, deps);
  activityRoutes(app, deps);
  ordersRoutes(app, deps, writeLimit);
  launchpadRoutes(app, deps, writeLimit, own.launch);
  editionsRoutes(app, deps, writeLimit);
  inscriptionServiceRoutes(app, deps, writeLimit);
  auctionsRoutes(app, deps, writeLimit);
  brc20SendRoutes(app, deps, writeLimit);
  brc20Routes(app, deps);
  runesRoutes(app, deps, writeLimit);
  swapRoutes(app, deps, writeLimit);
  opiRoutes(app, deps);
  xAccountRoutes(app, deps, writeLimit);
  notificationsRoutes(app, deps, writeLimit);
  profilesRoutes(app, deps, writeLimit);
  reviewRoutes(app, deps, writeLimit);
  registerRewards(app, deps, writeLimit);
  await storageRoutes(app, deps, writeLimit);
  if (deps.chain.faucet) {
    devRoutes(app, { db: deps.db, faucet: deps.chain.faucet, jobs: deps.jobs }, writeLimit);
  }

  await serveWebApp(app, deps.env.WEB_DIST_DIR, {
    plain: deps.env.WEB_STATIC_PLAIN === '1',
    pageHead: collectionPageHeadFor(deps.db, deps.env.CONTENT_ORIGIN ?? ''),
  });
  return app;
}
