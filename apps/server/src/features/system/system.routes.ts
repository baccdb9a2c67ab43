import {
  INSCRIPTION_SERVICE_PATH,
  type ConfigPayload,
  type HealthPayload,
  HealthPayloadSchema,
  ConfigPayloadSchema,
} from '@om/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { documented, type RouteDocs } from '../../http/openapi/route-docs.ts';
import { platformFeeAddress } from '../listings/platform-fee.ts';
import { xOAuthConfig } from '../x-account/x-oauth.ts';

/** Each network's block explorer (spec 000 §7, 001 §9); regtest has only ours. */
const EXPLORER_TX_URLS = {
  mainnet: 'https://mempool.space/tx/',
  testnet: 'https://mempool.space/testnet/tx/',
  signet: 'https://mempool.space/signet/tx/',
  regtest: '/tx/',
} as const;

/** This file's entries in the API reference (issue 18): the schemas its handlers parse. */
const docs = {
  health: { summary: 'Database, network and indexed height', payload: HealthPayloadSchema },
  config: { summary: "This deployment's public settings", payload: ConfigPayloadSchema },
} satisfies Record<string, RouteDocs>;

export function systemRoutes(app: FastifyInstance, { env, db, chain }: AppDeps): void {
  app.get('/api/health', documented(docs.health), async () => {
    const payload: HealthPayload = {
      db: db.kind,
      network: env.BITCOIN_NETWORK,
      blockHeight: await chain.source.tipHeight(),
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
