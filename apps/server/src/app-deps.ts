import type { FastifyBaseLogger } from 'fastify';
import type { RegtestFaucet } from './chain/regtest-faucet.ts';
import type { Cluster } from './cluster/cluster.ts';
import type { BitcoinRpc } from './chain/rpc.ts';
import type { ChainSource } from './chain/sources/chain-source.ts';
import type { Db } from './db/create-db.ts';
import type { Env } from './env.ts';
import type { ChainEvents } from './indexer/chain-events.ts';
import type { JobQueue } from './jobs/job-queue.ts';

// What every part of the server is built with (main.ts makes it once). A leaf: it imports types
// only, and no feature, so that features can name it without importing the app that imports them.

export interface ChainDeps {
  /** Absent when chain data comes from Esplora and ord (no node off regtest). */
  rpc?: BitcoinRpc;
  /** Address, transaction, fee and inscription data, wherever this deployment gets them. */
  source: ChainSource;
  /** What the indexer announces: new blocks and mempool transactions. */
  events: ChainEvents;
  /** Present on regtest only: the node's own wallet behind /api/dev. */
  faucet?: RegtestFaucet;
}

export interface AppDeps {
  env: Env;
  db: Db;
  chain: ChainDeps;
  jwtSecret: Uint8Array;
  log: FastifyBaseLogger;
  /** Set when RUN_MODE splits the deployment into processes (ADR 022); absent in `all` mode. */
  cluster?: Cluster;
  /**
   * The job queue (ADR 023), started by main.ts in the modes that serve or work. Absent (some
   * tests), nothing is sent and the auctions' sweep alone settles them.
   */
  jobs?: JobQueue;
}
