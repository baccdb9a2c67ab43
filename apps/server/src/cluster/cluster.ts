import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/create-db.ts';
import type { Env } from '../env.ts';
import type { ChainEvents } from '../indexer/chain-events.ts';
import { ClusterEvents } from './cluster-events.ts';
import { Leases } from './leases.ts';

export type RunMode = Env['RUN_MODE'];

/** What a process of each mode runs (ADR 022). */
export function rolesOf(mode: RunMode): { serves: boolean; indexes: boolean; works: boolean } {
  return {
    serves: mode === 'all' || mode === 'api',
    indexes: mode === 'all' || mode === 'indexer',
    works: mode === 'all' || mode === 'worker',
  };
}

/**
 * One process of a deployment split by RUN_MODE: its leases and the events it shares with the
 * others. Absent in `all` mode, where one process runs everything and needs neither.
 */
export interface Cluster {
  mode: RunMode;
  /** Whether this process runs the background workers. */
  works: boolean;
  leases: Leases;
  events: ClusterEvents;
  stop(): Promise<void>;
}

export async function startCluster(deps: {
  env: Env;
  db: Db;
  chainEvents: ChainEvents;
  log: FastifyBaseLogger;
  /** The leases' connection is gone: this process must stop (a supervisor restarts it). */
  onLost: (err: Error) => void;
}): Promise<Cluster | undefined> {
  const { env, db, log } = deps;
  if (env.RUN_MODE === 'all' || !env.DATABASE_URL) return undefined;
  const leases = await Leases.open(env.DATABASE_URL, db.schema, deps.onLost);
  const events = new ClusterEvents(db, deps.chainEvents, (err) =>
    log.warn({ err }, 'cluster events: a notification was not sent or not understood'),
  );
  await events.start();
  return {
    mode: env.RUN_MODE,
    works: rolesOf(env.RUN_MODE).works,
    leases,
    events,
    stop: async () => {
      await events.stop();
      await leases.close();
    },
  };
}
