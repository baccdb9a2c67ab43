import type { InjectOptions } from 'fastify';
import { readTip } from '../../src/indexer/chain-store.ts';
import { ChainEvents } from '../../src/indexer/chain-events.ts';
import type { Db } from '../../src/db/create-db.ts';
import { startCrashNode, storeFor, type CrashNode, type Store } from './crash-harness.ts';
import { spawnServer, type ServerChild } from './server-child.ts';
import type { TestApp } from './test-app.ts';
import { eventually } from './trading.ts';

// A deployment split by RUN_MODE (ADR 022) as real processes on one PostgreSQL schema and one
// regtest node: `api` processes, `indexer` processes (one active, the others standing by) and
// `worker` processes. Its `t` is a TestApp whose requests go to the API processes in turn, so
// the trading helpers written for the in-process app walk the same flows through HTTP.

/** Secrets every process must share: set, not generated in DATA_DIR by whichever came first. */
const SHARED = {
  JWT_SECRET: 'cluster-test-jwt-secret-of-at-least-32-chars',
  COSIGNER_SECRET: '7'.repeat(64),
  PLATFORM_FEE_BPS: '0',
  WRITE_RATE_LIMIT_PER_MINUTE: '10000',
};

export interface SplitDeployment {
  node: CrashNode;
  db: Db;
  api: ServerChild[];
  indexers: ServerChild[];
  workers: ServerChild[];
  /** The helpers' app: each request to the next API process. */
  t: TestApp;
  /** The indexer holding the lease, by its /api/health. */
  leadingIndexer(): Promise<ServerChild | undefined>;
  stop(): Promise<void>;
}

export async function startSplitDeployment(counts: {
  api: number;
  indexer: number;
  worker: number;
}): Promise<SplitDeployment> {
  const node = await startCrashNode();
  const store: Store = storeFor('postgres', node, SHARED, 'cluster', 4);
  // Migrated before the processes start (they would wait on the migrations' lock otherwise).
  const db = await store.open();
  const spawnMany = (mode: string, n: number) =>
    Promise.all(Array.from({ length: n }, () => spawnServer({ ...store.env, RUN_MODE: mode })));
  const indexers = await spawnMany('indexer', counts.indexer);
  const [workers, api] = await Promise.all([
    spawnMany('worker', counts.worker),
    spawnMany('api', counts.api),
  ]);
  const all = [...api, ...workers, ...indexers];

  let next = 0;
  const inject = async (opts: InjectOptions) => {
    const target = api[next++ % api.length] as ServerChild;
    const res = await fetch(`${target.baseUrl}${opts.url as string}`, {
      method: opts.method as string,
      headers: {
        ...(opts.payload ? { 'content-type': 'application/json' } : {}),
        ...(opts.headers as Record<string, string>),
      },
      ...(opts.payload ? { body: JSON.stringify(opts.payload) } : {}),
    });
    const text = await res.text();
    return { statusCode: res.status, json: () => JSON.parse(text) as unknown };
  };
  const t = {
    app: { inject },
    db,
    events: new ChainEvents(),
    // Whichever indexer leads writes the node's blocks; this waits for it to reach the node's tip.
    sync: async () => {
      const height = await node.node.rpc.getBlockCount();
      await eventually(async () => {
        const tip = await readTip(db);
        if ((tip?.height ?? -1) < height) throw new Error(`indexed ${tip?.height} of ${height}`);
      });
      return 0;
    },
    close: async () => {},
  } as unknown as TestApp;

  return {
    node,
    db,
    api,
    indexers,
    workers,
    t,
    leadingIndexer: async () => {
      for (const indexer of indexers) {
        const health = await fetch(`${indexer.baseUrl}/api/health`)
          .then((r) => r.json() as Promise<{ payload: { leads: boolean } }>)
          .catch(() => undefined);
        if (health?.payload.leads) return indexer;
      }
      return undefined;
    },
    stop: async () => {
      await Promise.all(all.map((p) => p.stop()));
      await db.close();
      await store.drop();
      await node.stop();
    },
  };
}
