import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../../../apps/server/src/app.ts';
import { EsploraChainSource } from '../../../apps/server/src/chain/sources/esplora-chain-source.ts';
import { LocalInscriptions } from '../../../apps/server/src/chain/sources/local-inscriptions.ts';
import { createDb } from '../../../apps/server/src/db/create-db.ts';
import { loadEnv } from '../../../apps/server/src/env.ts';
import { ChainEvents } from '../../../apps/server/src/indexer/chain-events.ts';

/**
 * The whole API in this process on a free port, on the given database, with no node: the market's
 * reads never ask the chain source, which points nowhere.
 */
export async function startServer(
  databaseUrl: string,
  settings: Record<string, string> = {},
): Promise<{ origin: string; stop: () => Promise<void> }> {
  const db = await createDb({ kind: 'postgres', url: databaseUrl });
  const source = new EsploraChainSource({
    baseUrl: 'http://127.0.0.1:9/',
    inscriptions: new LocalInscriptions(db),
  });
  const app: FastifyInstance = await buildApp({
    // The load generator is one client: the per-client read limit would answer it 429.
    env: loadEnv({
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent',
      READ_RATE_LIMIT_PER_MINUTE: '10000000',
      ...settings,
    }),
    db,
    chain: { source, events: new ChainEvents() },
    jwtSecret: randomBytes(32),
    log: pino({ level: 'silent' }),
  });
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    origin,
    stop: async () => {
      await app.close();
      await db.close();
    },
  };
}
