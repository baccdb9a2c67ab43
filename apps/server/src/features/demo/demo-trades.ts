import {
  bytesToBase64,
  bytesToHex,
  compressedPublicKey,
  signPsbtWithKey,
  xOnlyPublicKey,
} from '@om/bitcoin';
import type { AppDeps } from '../../app-deps.ts';
import type { RegtestFaucet } from '../../chain/regtest-faucet.ts';
import { confirmListings, createListings } from '../listings/listing.service.ts';
import { createOffer, submitOffer } from '../../trading/offer.service.ts';
import { DEMO_COLLECTION_SLUGS } from './demo-collections.ts';
import type { DemoOwner } from './demo-owners.ts';
import {
  backdateDemoMarket,
  demoItems,
  hasDemoOrders,
  type DemoItem,
} from './demo-trades.queries.ts';
import { createRng, type Rng } from './seeded-random.ts';

// REGTEST ONLY. The demo market's trades: real listings signed by the demo owners' keys and real
// purchases between them, through the same services the API uses, so every row of the activity
// is a transaction on the chain. Their times are then spread over the last four weeks so the
// charts and volume windows have a history to show; the transactions themselves are from now.

/** Floor-ish price per collection, in sats. */
const BASE_PRICE: Record<(typeof DEMO_COLLECTION_SLUGS)[number], number> = {
  'regtest-rocks': 200_000,
  'block-punks': 500_000,
  'mempool-moons': 100_000,
};
const SALE_ROUNDS = 4;
const LISTED_SHARE = 0.3;
const FEE_RATE = 2;

export type DemoTradesResult =
  | { status: 'already-traded' }
  | { status: 'traded'; sales: number; listings: number; elapsedMs: number };

export interface DemoTradesDeps {
  market: AppDeps;
  faucet: RegtestFaucet;
  owners: readonly DemoOwner[];
  seed: string;
  /** Resolves once the indexer has stored the node's tip. */
  waitForIndexer: () => Promise<void>;
  signal?: AbortSignal;
}

export async function seedDemoTrades(deps: DemoTradesDeps): Promise<DemoTradesResult> {
  const started = performance.now();
  const { db } = deps.market;
  if (await hasDemoOrders(db, DEMO_COLLECTION_SLUGS)) return { status: 'already-traded' };
  const rng = createRng(`${deps.seed}/trades`);

  for (const owner of deps.owners) await deps.faucet.fund(owner.paymentAddress, 200_000_000n);
  await deps.faucet.mine(1);
  await deps.waitForIndexer();

  let sales = 0;
  for (let round = 0; round < SALE_ROUNDS; round += 1) {
    deps.signal?.throwIfAborted();
    const items = await demoItems(db, DEMO_COLLECTION_SLUGS);
    for (const buyer of deps.owners) {
      const item = pickForSale(rng, items, buyer, deps.owners);
      if (!item) continue;
      items.splice(items.indexOf(item), 1);
      const seller = ownerAt(deps.owners, item.address);
      const progress = (round * deps.owners.length + sales) / (SALE_ROUNDS * deps.owners.length);
      const price = priceOf(rng, item.slug, 0.7 + 0.5 * progress);
      const [listingId] = await list(deps, seller, [{ item, price }]);
      await buy(deps, buyer, [listingId as string]);
      sales += 1;
    }
    await deps.faucet.mine(1);
    await deps.waitForIndexer();
  }

  // What stays on sale: about a third of each collection, listed in one signature per owner.
  const items = await demoItems(db, DEMO_COLLECTION_SLUGS);
  let listings = 0;
  for (const owner of deps.owners) {
    const mine = items.filter((i) => i.address === owner.address && rng() < LISTED_SHARE);
    if (mine.length === 0) continue;
    const priced = mine.map((item) => ({
      item,
      price: priceOf(rng, item.slug, 1.1 + rng() * 0.9),
    }));
    listings += (await list(deps, owner, priced.slice(0, 20))).length;
  }
  await backdateDemoMarket(db, DEMO_COLLECTION_SLUGS, createRng(`${deps.seed}/times`));
  return { status: 'traded', sales, listings, elapsedMs: Math.round(performance.now() - started) };
}

function pickForSale(
  rng: Rng,
  items: readonly DemoItem[],
  buyer: DemoOwner,
  owners: readonly DemoOwner[],
): DemoItem | undefined {
  const others = items.filter(
    (i) => i.address !== buyer.address && owners.some((o) => o.address === i.address),
  );
  return others[Math.floor(rng() * others.length)];
}

function ownerAt(owners: readonly DemoOwner[], address: string): DemoOwner {
  const owner = owners.find((o) => o.address === address);
  if (!owner) throw new Error(`demo: no owner key for ${address}`);
  return owner;
}

function priceOf(rng: Rng, slug: string, trend: number): bigint {
  const base = BASE_PRICE[slug as keyof typeof BASE_PRICE] ?? 100_000;
  const jitter = 0.85 + rng() * 0.3;
  return BigInt(Math.round((base * trend * jitter) / 1_000) * 1_000);
}

/** The owner lists items as a wallet would: build, sign SINGLE|ANYONECANPAY, confirm. */
async function list(
  deps: DemoTradesDeps,
  owner: DemoOwner,
  items: readonly { item: DemoItem; price: bigint }[],
): Promise<string[]> {
  const session = { userId: `demo-${owner.name}`, address: owner.paymentAddress };
  const created = await createListings(deps.market, session, {
    makerPaymentAddress: owner.paymentAddress,
    makerPaymentPublicKey: bytesToHex(compressedPublicKey(owner.privateKey)),
    makerOrdinalAddress: owner.address,
    makerOrdinalPublicKey: bytesToHex(xOnlyPublicKey(owner.privateKey)),
    utxos: items.map(({ item, price }) => ({ utxo: item.outpoint, price })),
  });
  const signed = signPsbtWithKey(created.psbt, owner.privateKey);
  await confirmListings(deps.market, session, {
    listingIds: created.listingIds,
    signedPSBT: bytesToBase64(signed),
  });
  return created.listingIds;
}

/** The buyer pays from their P2WPKH address and receives at their taproot address. */
async function buy(deps: DemoTradesDeps, buyer: DemoOwner, ids: string[]): Promise<string> {
  const taker = {
    takerPaymentAddress: buyer.paymentAddress,
    takerOrdinalAddress: buyer.address,
  };
  const offer = await createOffer(deps.market, {
    ...taker,
    ids,
    takerPaymentPublicKey: bytesToHex(compressedPublicKey(buyer.privateKey)),
    feeRate: FEE_RATE,
    satScan: false,
  });
  const sign = (psbt: string, inputs: readonly { index: number }[]) =>
    bytesToBase64(
      signPsbtWithKey(psbt, buyer.privateKey, {
        inputs: inputs.map((i) => i.index),
      }),
    );
  const { txId } = await submitOffer(deps.market, {
    ...taker,
    ids,
    signedPSBTBase64: sign(offer.psbt, offer.inputsToSign),
    ...(offer.setupPsbt
      ? { signedSetupPSBTBase64: sign(offer.setupPsbt, offer.setupInputsToSign) }
      : {}),
  });
  return txId;
}
