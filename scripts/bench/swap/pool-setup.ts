import { compressedPublicKey, p2trAddress, p2wpkhAddress, randomPrivateKey } from '@om/bitcoin';
import type { DemoArtwork } from '../../../apps/server/src/features/demo/demo-art.types.ts';
import { inscribeArtworks } from '../../../apps/server/src/features/demo/demo-inscribe.ts';
import type { DemoOwner } from '../../../apps/server/src/features/demo/demo-owners.ts';
import { findInscribedArtworks } from '../../../apps/server/src/features/demo/demo.queries.ts';
import {
  seedSwapPool,
  type SwapPoolSpec,
} from '../../../apps/server/src/features/demo/demo-swap.ts';
import type { PoolKeys } from '../../../apps/server/src/features/swap/swap-pool.ts';
import { fundMany } from '../launch/chain-setup.ts';
import type { BenchEnv } from './bench-env.ts';

// The untimed setup: a token deployed, its pool seeded by the demo's seedSwapPool (the mints to
// the pool's key-path address, its BTC coins, addPool), buyers with a confirmed coin each and
// sellers with a confirmed transfer inscription each. Every inscription is its reveal's only
// envelope (OPI's rules), several a block.

export const TICK = 'bnch';
const TEXT = 'text/plain;charset=utf-8';
/** Each buyer's one coin. */
const BUYER_COIN = 300_000n;

export type User = DemoOwner;
export type Seller = User & { transfer: string; amount: string };

export interface SwapSetup {
  pool: PoolKeys;
  spec: SwapPoolSpec;
  buyers: User[];
  sellers: Seller[];
}

function newUser(name: string): User {
  const privateKey = randomPrivateKey();
  const publicKey = compressedPublicKey(privateKey);
  return {
    name,
    privateKey,
    address: p2trAddress(publicKey, 'regtest'),
    paymentAddress: p2wpkhAddress(publicKey, 'regtest'),
  };
}

const op = (key: string, json: Record<string, string>): DemoArtwork => ({
  key,
  contentType: TEXT,
  body: new TextEncoder().encode(JSON.stringify({ p: 'brc-20', ...json })),
});

export async function setUpPool(
  bench: BenchEnv,
  counts: { coins: number; buyers: number; sellers: number },
): Promise<SwapSetup> {
  const { deps, node } = bench;
  const inscriberKey = randomPrivateKey();
  const inscribe = async (items: { artwork: DemoArtwork; owner: string }[]) => {
    await inscribeArtworks(
      { db: deps.db, rpc: node.node.rpc, faucet: node.faucet },
      items,
      inscriberKey,
    );
    await bench.sync();
  };
  const deployer = newUser('deployer');
  await inscribe([
    {
      artwork: op('deploy', { op: 'deploy', tick: TICK, max: '21000000', lim: '5000', dec: '8' }),
      owner: deployer.address,
    },
  ]);
  // About 24 sats a token: 200,000 tokens against 0.048 BTC with 48 coins.
  const spec: SwapPoolSpec = {
    tick: TICK,
    tokens: 200_000n,
    lim: 5000n,
    coins: counts.coins,
    coinSats: 100_000n,
    // No ladder: the concurrency run counts on every coin (the pure build times a ladder buy).
    ladder: [],
  };
  const seeded = await seedSwapPool(
    { market: deps, faucet: node.faucet, inscriberKey, waitForIndexer: () => bench.sync() },
    spec,
  );

  const buyers = Array.from({ length: counts.buyers }, (_, i) => newUser(`buyer ${i + 1}`));
  await fundMany(
    node,
    buyers.map((b) => ({ address: b.paymentAddress, sats: BUYER_COIN })),
  );
  // Each seller mints, then transfer-inscribes: distinct amounts, so every body is distinct.
  const sellers = Array.from({ length: counts.sellers }, (_, i) => ({
    ...newUser(`seller ${i + 1}`),
    mint: String(1000 + i),
    amount: String(500 + i),
  }));
  await inscribe(
    sellers.map((s) => ({
      artwork: op(`mint/${s.name}`, { op: 'mint', tick: TICK, amt: s.mint }),
      owner: s.address,
    })),
  );
  const transfers = sellers.map((s) => ({
    artwork: op(`transfer/${s.name}`, { op: 'transfer', tick: TICK, amt: s.amount }),
    owner: s.address,
  }));
  await inscribe(transfers);
  const ids = await findInscribedArtworks(
    deps.db,
    transfers.map((t) => t.artwork),
  );
  return {
    pool: seeded.pool,
    spec,
    buyers,
    sellers: sellers.map((s) => ({ ...s, transfer: ids.get(`transfer/${s.name}`) ?? '' })),
  };
}
