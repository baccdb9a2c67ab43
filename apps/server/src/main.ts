import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import { buildApp } from './app.ts';
import { RegtestNode } from './chain/bitcoind.ts';
import { RegtestFaucet } from './chain/regtest-faucet.ts';
import { BitcoinRpc, rpcAuthFromUrl } from './chain/rpc.ts';
import { selectChainSource } from './chain/sources/select-chain-source.ts';
import { collationAdvice } from './db/collation.ts';
import { createDb } from './db/create-db.ts';
import { migrate } from './db/migrate.ts';
import { startDemoSeed } from './features/demo/demo-seed.service.ts';
import { loadEnv, type Env } from './env.ts';
import { ChainEvents } from './indexer/chain-events.ts';
import { BlockReaderThread } from './indexer/block-reader-thread.ts';
import { ChainFollower } from './indexer/follow-chain.ts';
import { rolesOf, startCluster } from './cluster/cluster.ts';
import { startHealthServer } from './cluster/health-server.ts';
import { startJobQueue } from './jobs/job-queue.ts';
import { startWorkers } from './workers.ts';

/** Builds everything, starts serving, and shuts down in reverse order on SIGINT or SIGTERM. */
async function main(): Promise<void> {
  const closers: (() => Promise<void>)[] = [];
  let stopping: Promise<void> | undefined;
  // Once, whichever comes first: a signal, a failed start, or the loss of the cluster's leases.
  const shutdown = () =>
    (stopping ??= (async () => {
      for (const close of closers.reverse())
        await close().catch((err: unknown) => console.error(err));
    })());

  try {
    const env = loadEnv();
    const log = pino({
      level: env.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    });
    const { rpc, faucet } = await startChain(env, closers);
    const db = await createDb(
      env.DATABASE_URL
        ? { kind: 'postgres', url: env.DATABASE_URL }
        : { kind: 'pglite', dataDir: path.join(env.dataDir, 'db') },
    );
    closers.push(() => db.close());
    await migrate(db);
    const advice = await collationAdvice(db);
    if (advice) log.warn(advice);

    // RUN_MODE (ADR 022): `all` runs everything here; apart, each process its part, with the
    // others' chain events and wakes heard through PostgreSQL.
    const roles = rolesOf(env.RUN_MODE);
    const events = new ChainEvents();
    const cluster = await startCluster({
      env,
      db,
      chainEvents: events,
      log,
      onLost: (err) => {
        log.fatal({ err }, 'lost the leases connection: stopping');
        process.exitCode = 1;
        void shutdown();
      },
    });
    if (cluster) closers.push(() => cluster.stop());

    // The indexer stops before the database closes; apart, it follows the node only while it
    // holds the indexer's lease (a standby takes it within a second of the holder's death).
    let isIndexing = false;
    if (rpc && roles.indexes) {
      // On PGlite, whose PostgreSQL runs on this thread, a catch-up reads the node's blocks on a
      // thread of their own; on a PostgreSQL server that did not pay (docs/benchmarks.md).
      const blockReader = db.kind === 'pglite' ? new BlockReaderThread() : undefined;
      const follower = new ChainFollower({
        db,
        rpc,
        network: env.BITCOIN_NETWORK,
        events,
        log,
        blockReader,
      });
      const stopIndexer = new AbortController();
      const indexing = (async () => {
        if (cluster && !(await cluster.leases.take('indexer', stopIndexer.signal))) return;
        isIndexing = true;
        if (cluster) log.info('indexer: holding the lease, following the node');
        await follower.run(stopIndexer.signal);
      })();
      closers.push(async () => {
        stopIndexer.abort();
        await indexing;
      });
    }

    // The job queue (ADR 023) on the same database: processes that work run its jobs, an API
    // process only sends them; stopped after the app (its handlers finish first).
    const jobs =
      roles.serves || roles.works
        ? await startJobQueue({ db, log, works: roles.works })
        : undefined;
    if (jobs) closers.push(() => jobs.stop());

    const source = selectChainSource(env, { db, rpc });
    const deps = {
      env,
      db,
      chain: { rpc, faucet, events, source },
      jwtSecret: jwtSecret(env),
      log,
      cluster,
      jobs,
    };
    // A worker process runs the workers alone and serves only its health; an indexer process
    // runs none. An API process's app starts them as loops that only carry wakes (workers.ts).
    if (!roles.serves) {
      if (roles.works) {
        const workers = await startWorkers(deps);
        closers.push(() => workers.stop());
      }
      const health = await startHealthServer({
        mode: env.RUN_MODE,
        port: env.PORT,
        host: env.HOST,
        log,
        source,
        leads: () => isIndexing,
      });
      closers.push(() => health.close());
      log.info({ mode: env.RUN_MODE, network: env.BITCOIN_NETWORK }, 'running');
      return listenForSignals(shutdown);
    }
    const app = await buildApp(deps);
    closers.push(() => app.close());

    // Regtest's demo market (ADR 005, ADR 007): seeded in the background once the indexer has
    // caught up, then traded through the market's own services.
    if (
      env.BITCOIN_NETWORK === 'regtest' &&
      env.SEED_DEMO &&
      env.RUN_MODE === 'all' &&
      rpc &&
      faucet
    ) {
      closers.push(startDemoSeed({ db, rpc, faucet, dataDir: env.dataDir, log, market: deps }));
    }
    await app.listen({ port: env.PORT, host: env.HOST });
    app.log.info(
      { network: env.BITCOIN_NETWORK, db: db.kind },
      `ready on http://localhost:${env.PORT}`,
    );
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    await shutdown();
    process.exitCode = 1;
    return;
  }

  listenForSignals(shutdown);
}

function listenForSignals(shutdown: () => Promise<void>): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void shutdown());
  }
}

async function startChain(
  env: Env,
  closers: (() => Promise<void>)[],
): Promise<{ rpc?: BitcoinRpc; faucet?: RegtestFaucet }> {
  if (env.BITCOIND_RPC_URL) {
    const auth = rpcAuthFromUrl(env.BITCOIND_RPC_URL);
    const rpc = new BitcoinRpc(() => auth);
    return { rpc, faucet: env.BITCOIN_NETWORK === 'regtest' ? new RegtestFaucet(rpc) : undefined };
  }
  // Off regtest without a node, Esplora and ord answer for the chain (env.ts checks their URLs).
  if (env.BITCOIN_NETWORK !== 'regtest') return {};
  const node = new RegtestNode({
    datadir: path.join(env.dataDir, 'bitcoin'),
    rpcPort: env.BITCOIND_RPC_PORT,
    onRestart: (code) => console.error(`bitcoind exited (code ${code}); restarting`),
  });
  await node.start();
  closers.push(() => node.stop());
  const faucet = new RegtestFaucet(node.rpc);
  await faucet.wallet(); // first start: creates the wallet and mines 101 blocks
  return { rpc: node.rpc, faucet };
}

/** On regtest the secret is generated once and kept in DATA_DIR; elsewhere env requires it. */
function jwtSecret(env: Env): Uint8Array {
  if (env.JWT_SECRET) return new TextEncoder().encode(env.JWT_SECRET);
  const file = path.join(env.dataDir, 'secrets', 'jwt-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
}

await main();
