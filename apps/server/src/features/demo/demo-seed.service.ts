import { blockHashAt, readTip } from '../../indexer/chain-store.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { RegtestFaucet } from '../../chain/regtest-faucet.ts';
import type { BitcoinRpc } from '../../chain/rpc.ts';
import type { Db } from '../../db/create-db.ts';
import type { AppDeps } from '../../app-deps.ts';
import { toCatalogue } from './demo-catalogue.ts';
import {
  DEMO_COLLECTION_SLUGS,
  DEMO_SEED,
  demoArtworks,
  demoCollections,
} from './demo-collections.ts';
import { announce } from '../notifications/notifications.service.ts';
import { seedDemoAuctions } from './demo-auctions.ts';
import { seedDemoBrc20 } from './demo-brc20.ts';
import { seedDemoRewards } from './demo-rewards.ts';
import { seedDemoRunes, waitForRunesIndex } from './demo-runes.ts';
import { rewardsWallet } from '../rewards/payouts/rewards-wallet.ts';
import { seedDemoSwap } from './demo-swap.ts';
import { inscribeArtworks } from './demo-inscribe.ts';
import { demoInscriberKey, demoOwners, ownerOf, writeOwnersFile } from './demo-owners.ts';
import { seedDemoLaunches } from './demo-launches.ts';
import { seedDemoTrades } from './demo-trades.ts';
import { existingCollectionSlugs, findInscribedArtworks, writeCatalogue } from './demo.queries.ts';

export interface DemoSeedDeps {
  db: Db;
  rpc: BitcoinRpc;
  faucet: RegtestFaucet;
  dataDir: string;
  log: FastifyBaseLogger;
  /** Stops the seed between steps (server shutdown); a later start picks up where it left off. */
  signal?: AbortSignal;
  /** How long the indexer (main's ChainFollower) may make no progress before the seed gives up. */
  indexStallMs?: number;
  /** Seeds the art and the keys; DEMO_SEED unless a test wants other art. */
  seed?: string;
}

export type DemoSeedResult =
  | { status: 'already-seeded'; elapsedMs: number }
  | {
      status: 'seeded';
      collections: number;
      items: number;
      /** Artworks inscribed by this run (0 when an earlier run had inscribed them all). */
      inscribed: number;
      /** Commit outputs an interrupted run had funded, spent by this run's reveals. */
      reusedCommits: number;
      elapsedMs: number;
    };

/**
 * Seeds the regtest market with the demo collections, really inscribed. Idempotent: a seeded
 * catalogue is left alone; otherwise artworks already on chain (found by their exact bytes) are
 * reused, the rest are inscribed (one split, one block of reveals), and the catalogue is written
 * in one transaction once the indexer has seen them. Every step can be interrupted: the next run
 * finds what the last one left on chain. Regtest only: it needs the faucet.
 */
const DEMO_ANNOUNCEMENT = {
  id: 'demo-welcome',
  title: 'Welcome to the regtest market',
  body: 'Everything here runs on a real Bitcoin node on this machine: mine a block from the Dev wallet to settle what you buy.',
  link: '/launches',
};

export async function seedDemoMarket(deps: DemoSeedDeps): Promise<DemoSeedResult> {
  const started = performance.now();
  const elapsedMs = () => Math.round(performance.now() - started);
  const seed = deps.seed ?? DEMO_SEED;
  const owners = demoOwners(seed);
  writeOwnersFile(deps.dataDir, owners);
  // The global announcement every wallet finds in its notifications (product.md#spec-gaps), once.
  await announce(deps.db.kysely, DEMO_ANNOUNCEMENT);
  const existing = await existingCollectionSlugs(deps.db, DEMO_COLLECTION_SLUGS);
  if (existing.length === DEMO_COLLECTION_SLUGS.length) {
    return { status: 'already-seeded', elapsedMs: elapsedMs() };
  }

  const collections = demoCollections(seed);
  const artworks = demoArtworks(collections);
  // Reveals of an interrupted run may still wait in the mempool: confirm them before looking.
  if ((await deps.rpc.getRawMempool()).length > 0) await deps.faucet.mine(1);
  await waitForIndexer(deps);
  let ids = await findInscribedArtworks(deps.db, artworks);
  const missing = artworks.filter((a) => !ids.has(a.key));
  let reusedCommits = 0;
  if (missing.length > 0) {
    deps.log.info({ count: missing.length }, 'demo market: inscribing');
    const toInscribe = missing.map((artwork) => ({
      artwork,
      owner: ownerOf(artwork.key, owners).address,
    }));
    ({ reusedCommits } = await inscribeArtworks(deps, toInscribe, demoInscriberKey(seed)));
    await waitForIndexer(deps);
    ids = await findInscribedArtworks(deps.db, artworks);
  }
  deps.signal?.throwIfAborted();
  const creatorAddresses = owners.map((o) => o.paymentAddress);
  await writeCatalogue(deps.db, toCatalogue({ collections, ids, creatorAddresses, seed }));
  return {
    status: 'seeded',
    collections: collections.length,
    items: collections.reduce((n, c) => n + c.items.length, 0),
    inscribed: missing.length,
    reusedCommits,
    elapsedMs: elapsedMs(),
  };
}

/**
 * Runs the seed in the background and logs how it went; a failure only logs (the next start
 * retries). Answers the closer: it stops the seed between steps and waits for it.
 */
export function startDemoSeed(
  deps: Omit<DemoSeedDeps, 'signal'> & { market?: AppDeps },
): () => Promise<void> {
  const stop = new AbortController();
  const seeding = (async () => {
    const withSignal = { ...deps, signal: stop.signal };
    const result = await seedDemoMarket(withSignal);
    deps.log.info(result, `demo market: ${result.status}`);
    if (!deps.market) return;
    // Listings and a few weeks of trades, through the same services the API uses.
    const seed = deps.seed ?? DEMO_SEED;
    const trades = await seedDemoTrades({
      market: deps.market,
      faucet: deps.faucet,
      owners: demoOwners(seed),
      seed,
      waitForIndexer: () => waitForIndexer(withSignal),
      signal: stop.signal,
    });
    deps.log.info(trades, `demo market trades: ${trades.status}`);
    // BRC-20 tokens deployed, minted, some transfers sent and some in flight (ADR 015).
    const brc20 = await seedDemoBrc20({
      market: deps.market,
      faucet: deps.faucet,
      owners: demoOwners(seed),
      inscriberKey: demoInscriberKey(seed),
      waitForIndexer: () => waitForIndexer(withSignal),
      signal: stop.signal,
    });
    deps.log.info(brc20, `demo market brc20: ${brc20.status}`);
    // A rune etched with a premine and an open mint, minted and sent among the owners.
    const runes = await seedDemoRunes({
      market: deps.market,
      faucet: deps.faucet,
      owners: demoOwners(seed),
      rewardsAddress: rewardsWallet(deps.market.env).address,
      waitForIndexer: async () => {
        await waitForIndexer(withSignal);
        await waitForRunesIndex(deps, stop.signal);
      },
      signal: stop.signal,
    });
    deps.log.info(runes, `demo market runes: ${runes.status}`);
    // Swap pools for the utility token and blok, with a few swaps in their history (ADR 017).
    const swap = await seedDemoSwap({
      market: deps.market,
      faucet: deps.faucet,
      owners: demoOwners(seed),
      inscriberKey: demoInscriberKey(seed),
      waitForIndexer: () => waitForIndexer(withSignal),
      signal: stop.signal,
    });
    deps.log.info(swap, `demo market swap: ${swap.status}`);
    // The rewards wallet the demo pools pay from (ADR 020).
    const rewards = await seedDemoRewards({ market: deps.market, faucet: deps.faucet });
    deps.log.info(rewards, `demo market rewards: ${rewards.status}`);
    // An English auction running for a week, a standing bid and an outbid one (ADR 010),
    // before the launches: their log line stays the seed's last, after which it mines nothing.
    const auctions = await seedDemoAuctions({
      market: deps.market,
      faucet: deps.faucet,
      owners: demoOwners(seed),
      seed,
      inscriberKey: demoInscriberKey(seed),
      waitForIndexer: () => waitForIndexer(withSignal),
      signal: stop.signal,
    });
    deps.log.info(auctions, `demo market auctions: ${auctions.status}`);
    // Launches: one live with a whitelist mint already made, one coming soon (ADR 010).
    const launches = await seedDemoLaunches({
      market: deps.market,
      faucet: deps.faucet,
      owners: demoOwners(seed),
      seed,
      inscriberKey: demoInscriberKey(seed),
      waitForIndexer: () => waitForIndexer(withSignal),
      signal: stop.signal,
    });
    deps.log.info(launches, `demo market launches: ${launches.status}`);
  })().catch((err: unknown) => {
    if (!stop.signal.aborted) deps.log.error({ err }, 'demo market: seed failed');
  });
  return async () => {
    stop.abort();
    await seeding;
  };
}

/** Waits until the indexer has stored the node's current tip; gives up after a stall. */
async function waitForIndexer(deps: DemoSeedDeps): Promise<void> {
  const stallMs = deps.indexStallMs ?? 30_000;
  const height = await deps.rpc.getBlockCount();
  const hash = await deps.rpc.getBlockHash(height);
  let reached = -1;
  let deadline = Date.now() + stallMs;
  while ((await blockHashAt(deps.db, height)) !== hash) {
    deps.signal?.throwIfAborted();
    const now = (await readTip(deps.db))?.height ?? -1;
    if (now > reached) [reached, deadline] = [now, Date.now() + stallMs];
    if (Date.now() > deadline) {
      throw new Error(
        `demo: the indexer stalled at block ${reached} for ${stallMs} ms, short of block ${height}`,
      );
    }
    await sleep(100);
  }
}
