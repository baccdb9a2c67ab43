import { setTimeout as sleep } from 'node:timers/promises';
import {
  addressToScript,
  buildRevealTransaction,
  bytesToBase64,
  bytesToHex,
  compressedPublicKey,
  estimateRevealVsize,
  p2wpkhAddress,
  signPsbtWithKey,
} from '@om/bitcoin';
import {
  BRC20_SCALE,
  SendSwapPsbtBodySchema,
  SwapPsbtBodySchema,
  SwapTxSizeBodySchema,
} from '@om/core';
import type { AppDeps } from '../../app-deps.ts';
import type { RegtestFaucet } from '../../chain/regtest-faucet.ts';
import { brc20IndexedHeight } from '../inscription-service/inscribe-brc20.queries.ts';
import { cardinalCoins } from '../../trading/wallet-coins.ts';
import { getSwapPsbt, swapTxSize } from '../swap/swap-order.service.ts';
import { setPoolLadder } from '../swap/swap-ladder.queries.ts';
import { addPool, poolExists } from '../swap/swap-orders.queries.ts';
import { watchSwapOrders } from '../swap/swap-orders.worker.ts';
import { poolKeys, type PoolKeys } from '../swap/swap-pool.ts';
import { sendSwapPsbt } from '../swap/swap-settle.service.ts';
import type { DemoArtwork } from './demo-art.types.ts';
import { inscribeArtworks } from './demo-inscribe.ts';
import type { DemoOwner } from './demo-owners.ts';
import { findInscribedArtworks } from './demo.queries.ts';

// REGTEST ONLY. The demo's swap pools (ADR 017): the utility token and blok, each
// minted to its pool's key-path address and funded with BTC coins (a swap spends only confirmed
// pool coins no other order holds, so a pool needs a coin per concurrent swap), then a few swaps
// through the services the API uses, signed with the demo owners' keys. A re-run reads what the
// chain already holds (mints by their bytes, the pool's coins, the pool's transfer inscriptions,
// the seller's) and does only what is missing.

const CONTENT_TYPE = 'text/plain;charset=utf-8';
const FEE_RATE = 2;
const SLIPPAGE = '0.5';
/** What a buyer with too little at their payment address is sent first. */
const BUYER_FUNDING = 1_000_000n;

export type SwapPoolSpec = {
  tick: string;
  /** Whole tokens minted to the pool. */
  tokens: bigint;
  /** The token's whole-token limit per mint. */
  lim: bigint;
  /** How many BTC coins of `coinSats` fund it. */
  coins: number;
  coinSats: bigint;
  /** The whole-token amounts its ladder keeps ready, LADDER_DEPTH of each. */
  ladder: bigint[];
};

/** Rungs of each ladder amount a demo pool keeps ready. */
const LADDER_DEPTH = 2;

export interface SwapSeedDeps {
  market: AppDeps;
  faucet: RegtestFaucet;
  /** Funds and signs the mint reveals and the pool's funding split. */
  inscriberKey: Uint8Array;
  /** Resolves once our indexer has the node's tip. */
  waitForIndexer: () => Promise<void>;
  signal?: AbortSignal;
}

/**
 * The mints of a pool: `lim - 1`, `lim - 2`, … whole tokens, then the rest. Every body differs
 * (a re-run finds each by its bytes) and none is a full `lim`, which the demo's owners mint.
 */
export function poolMints(spec: SwapPoolSpec): DemoArtwork[] {
  const amounts: bigint[] = [];
  let left = spec.tokens;
  for (let i = 1n; left > 0n; i += 1n) {
    const amount = left < spec.lim - i ? left : spec.lim - i;
    amounts.push(amount);
    left -= amount;
  }
  return amounts.map((amt) => ({
    key: `swap/mint/${spec.tick}/${amt}`,
    contentType: CONTENT_TYPE,
    body: new TextEncoder().encode(
      JSON.stringify({ p: 'brc-20', op: 'mint', tick: spec.tick, amt: amt.toString() }),
    ),
  }));
}

/**
 * Mints `tokens` to the pool of `tick` (the missing mints, each its reveal's only envelope on
 * input 0 at offset 0, as OPI requires), funds it with its coins when it holds no BTC yet, and
 * adds the pool. The token must be deployed and indexed.
 */
export async function seedSwapPool(
  deps: SwapSeedDeps,
  spec: SwapPoolSpec,
): Promise<{ pool: PoolKeys; minted: number; funded: number }> {
  const { market } = deps;
  const pool = poolKeys(market.env, spec.tick.toLowerCase());
  const mints = poolMints(spec);
  const found = await findInscribedArtworks(market.db, mints);
  const missing = mints.filter((m) => !found.has(m.key));
  if (missing.length > 0) {
    const toInscribe = missing.map((artwork) => ({ artwork, owner: pool.address }));
    await inscribeArtworks(inscribeDeps(market, deps.faucet), toInscribe, deps.inscriberKey);
    await waitForIndexes(deps);
  }
  deps.signal?.throwIfAborted();
  const network = market.env.BITCOIN_NETWORK;
  const coins = await cardinalCoins(market.chain.source, pool.address, network);
  let funded = 0;
  if (coins.length === 0) {
    await fundPool(deps, pool, spec);
    await waitForIndexes(deps);
    funded = spec.coins;
  }
  await addPool(market.db, pool.tick);
  await setPoolLadder(
    market.db,
    pool.tick,
    spec.ladder.map((amount) => amount * BRC20_SCALE),
    LADDER_DEPTH,
  );
  return { pool, minted: missing.length, funded };
}

/** The faucet pays the inscriber's P2WPKH; one split of it pays the pool its coins; one block. */
async function fundPool(deps: SwapSeedDeps, pool: PoolKeys, spec: SwapPoolSpec): Promise<void> {
  const network = deps.market.env.BITCOIN_NETWORK;
  const rpc = deps.market.chain.rpc!;
  const address = p2wpkhAddress(compressedPublicKey(deps.inscriberKey), network);
  const script = addressToScript(address, network)!;
  const outputs = Array.from({ length: spec.coins }, () => ({
    script: pool.script,
    value: spec.coinSats,
  }));
  const vsize = estimateRevealVsize({ inputs: [{ script }], outputs, network });
  const amount = spec.coinSats * BigInt(spec.coins) + BigInt(vsize * FEE_RATE);
  const txid = await deps.faucet.fund(address, amount);
  const funding = await rpc.getRawTransactionVerbose(txid);
  const vout = funding.vout.find((o) => o.scriptPubKey.hex === bytesToHex(script))?.n;
  if (vout === undefined) throw new Error(`demo: funding ${txid} does not pay the inscriber`);
  const split = buildRevealTransaction({
    inputs: [{ txid, vout, value: amount, script, privateKey: deps.inscriberKey }],
    outputs,
    network,
  });
  await rpc.sendRawTransaction(split.hex);
  await deps.faucet.mine(1);
}

type OwnerName = DemoOwner['name'];
type HistorySwap =
  | { kind: 'buy'; tick: string; owner: OwnerName; btc: string }
  | { kind: 'sell'; tick: string; owner: OwnerName; amt: string };

/**
 * The demo's pools: the utility token (PRODUCT_TICKER, when the demo deploys it: 4 bytes, lim
 * 1000) at about 250 sats a token, blok (lim 5000) at 20; each with 40 coins and a ladder of
 * two amounts (100 and 1,000; 500 and 5,000). Their history: carol
 * buys the utility token, dave buys blok, bob sells a transfer inscription of 1,000 blok.
 */
export function demoSwapPlan(ticker: string): { pools: SwapPoolSpec[]; swaps: HistorySwap[] } {
  const utility = Buffer.byteLength(ticker) === 4 && ticker.toLowerCase() !== 'blok';
  const blok: SwapPoolSpec = {
    tick: 'blok',
    tokens: 100_000n,
    lim: 5000n,
    coins: 40,
    coinSats: 50_000n,
    // Not 1,000: bob's transfer of 1,000 blok is found by its bytes, which a rung would share.
    ladder: [500n, 5000n],
  };
  const pools: SwapPoolSpec[] = [
    ...(utility
      ? [
          {
            tick: ticker,
            tokens: 20_000n,
            lim: 1000n,
            coins: 40,
            coinSats: 125_000n,
            ladder: [100n, 1000n],
          },
        ]
      : []),
    blok,
  ];
  const swaps: HistorySwap[] = [
    ...(utility ? [{ kind: 'buy' as const, tick: ticker, owner: 'carol', btc: '0.002' }] : []),
    { kind: 'buy', tick: 'blok', owner: 'dave', btc: '0.001' },
    { kind: 'sell', tick: 'blok', owner: 'bob', amt: '1000' },
  ];
  return { pools, swaps };
}

export interface DemoSwapDeps extends SwapSeedDeps {
  owners: readonly DemoOwner[];
}

export type DemoSwapResult =
  | { status: 'already-seeded' }
  | { status: 'seeded'; pools: string[]; minted: number; funded: number; swaps: number };

/** After the BRC-20 stage: the pools, then the swaps of their history still missing. */
export async function seedDemoSwap(deps: DemoSwapDeps): Promise<DemoSwapResult> {
  const { market } = deps;
  const rpc = market.chain.rpc;
  if (!rpc) throw new Error('demo: the swap pools need the regtest node');
  const plan = demoSwapPlan(market.env.PRODUCT_TICKER);
  // Swaps of an interrupted run may still wait in the mempool: confirm them first.
  if ((await rpc.getRawMempool()).length > 0) await deps.faucet.mine(1);
  await waitForIndexes(deps);
  let minted = 0;
  let funded = 0;
  let added = 0;
  for (const spec of plan.pools) {
    const existed = await poolExists(market.db, spec.tick.toLowerCase());
    const seeded = await seedSwapPool(deps, spec);
    minted += seeded.minted;
    funded += seeded.funded;
    if (!existed) added += 1;
  }
  const swaps = await seedHistory(deps, plan.swaps);
  await stockLadders(deps);
  if (minted + funded + added + swaps === 0) return { status: 'already-seeded' };
  return { status: 'seeded', pools: plan.pools.map((p) => p.tick), minted, funded, swaps };
}

/** Each swap not yet on chain, then one block; answers how many were sent. */
async function seedHistory(deps: DemoSwapDeps, swaps: readonly HistorySwap[]): Promise<number> {
  const { market } = deps;
  const ownerOf = (name: OwnerName) => {
    const owner = deps.owners.find((o) => o.name === name);
    if (!owner) throw new Error(`demo: no owner ${name}`);
    return owner;
  };
  const buys = [];
  for (const swap of swaps.filter((s) => s.kind === 'buy')) {
    if (!(await hasPoolTransfers(market, poolKeys(market.env, swap.tick.toLowerCase())))) {
      buys.push({ swap, owner: ownerOf(swap.owner) });
    }
  }
  await fundBuyers(
    deps,
    buys.map((b) => b.owner),
  );
  const sales = [];
  for (const swap of swaps) {
    if (swap.kind !== 'sell') continue;
    const id = await sellerTransfer(deps, swap, ownerOf(swap.owner));
    if (id) sales.push({ swap, owner: ownerOf(swap.owner), id });
  }
  for (const { swap, owner } of buys) {
    deps.signal?.throwIfAborted();
    await swapAs(market, owner, swap.tick, { direction: 'buy', amount: swap.btc });
  }
  for (const { swap, owner, id } of sales) {
    deps.signal?.throwIfAborted();
    await swapAs(market, owner, swap.tick, {
      direction: 'sell',
      amount: swap.amt,
      inscription: id,
    });
  }
  const sent = buys.length + sales.length;
  if (sent > 0) {
    await deps.faucet.mine(1);
    await waitForIndexes(deps);
    await watchSwapOrders(market);
  }
  return sent;
}

/** Whether the pool has inscribed a transfer to order: only a buy makes it do so. */
async function hasPoolTransfers(market: AppDeps, pool: PoolKeys): Promise<boolean> {
  const row = await market.db.kysely
    .selectFrom('brc20_transferables')
    .select('inscription_id')
    .where('source_pkscript', '=', pool.pkscript)
    .where('tick', '=', pool.tick)
    // The ladder's rungs are inscribed ahead of any buy.
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('swap_ladder')
            .select('inscription_id')
            .whereRef('swap_ladder.inscription_id', '=', 'brc20_transferables.inscription_id'),
        ),
      ),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** The worker's pass makes the ladders' missing rungs; one block makes them ready to buy. */
async function stockLadders(deps: DemoSwapDeps): Promise<void> {
  await watchSwapOrders(deps.market);
  if ((await deps.market.chain.rpc!.getRawMempool()).length === 0) return;
  await deps.faucet.mine(1);
  await waitForIndexes(deps);
}

async function fundBuyers(deps: DemoSwapDeps, buyers: readonly DemoOwner[]): Promise<void> {
  const { market } = deps;
  let funded = false;
  for (const buyer of new Set(buyers)) {
    const coins = await cardinalCoins(
      market.chain.source,
      buyer.paymentAddress,
      market.env.BITCOIN_NETWORK,
    );
    if (coins.reduce((sum, c) => sum + c.value, 0n) >= BUYER_FUNDING / 2n) continue;
    await deps.faucet.fund(buyer.paymentAddress, BUYER_FUNDING);
    funded = true;
  }
  if (funded) {
    await deps.faucet.mine(1);
    await waitForIndexes(deps);
  }
}

/**
 * The seller's transfer inscription, inscribed (one block) when missing; undefined once it has
 * left the seller (sold by an earlier run).
 */
async function sellerTransfer(
  deps: DemoSwapDeps,
  swap: Extract<HistorySwap, { kind: 'sell' }>,
  seller: DemoOwner,
): Promise<string | undefined> {
  const { market } = deps;
  const artwork: DemoArtwork = {
    key: `swap/transfer/${swap.tick}/${seller.name}/${swap.amt}`,
    contentType: CONTENT_TYPE,
    body: new TextEncoder().encode(
      JSON.stringify({ p: 'brc-20', op: 'transfer', tick: swap.tick, amt: swap.amt }),
    ),
  };
  let id = (await findInscribedArtworks(market.db, [artwork])).get(artwork.key);
  if (!id) {
    await inscribeArtworks(
      inscribeDeps(market, deps.faucet),
      [{ artwork, owner: seller.address }],
      deps.inscriberKey,
    );
    await waitForIndexes(deps);
    id = (await findInscribedArtworks(market.db, [artwork])).get(artwork.key);
    if (!id) throw new Error(`demo: ${artwork.key} is not in the index after its block`);
  }
  const at = await market.chain.source.inscriptionLocation(id);
  return at?.address === seller.address ? id : undefined;
}

type SwapRequest =
  { direction: 'buy'; amount: string } | { direction: 'sell'; amount: string; inscription: string };

/**
 * One swap as the page makes it (txsize, get_swap_psbt with its answer, the wallet signs the
 * inputs it is asked to, send_swap_psbt), the owner's one key on both addresses.
 */
async function swapAs(
  market: AppDeps,
  owner: DemoOwner,
  tick: string,
  request: SwapRequest,
): Promise<{ orderId: string; txid: string }> {
  const btc = { coin_type: 'btc', tick: 'btc' };
  const token = { coin_type: 'brc20', tick };
  const [send, receive] = request.direction === 'buy' ? [btc, token] : [token, btc];
  const body = SwapTxSizeBodySchema.parse({
    send_coin_type: send.coin_type,
    send_tick: send.tick,
    receive_coin_type: receive.coin_type,
    receive_tick: receive.tick,
    send_amount: request.amount,
    receive_amount: '0',
    address: owner.paymentAddress,
    ordinals_address: owner.address,
    slipper: SLIPPAGE,
    fee_rate: FEE_RATE,
    ins: request.direction === 'sell' ? [request.inscription] : [],
  });
  const size = await swapTxSize(market, body);
  const key = bytesToHex(compressedPublicKey(owner.privateKey));
  const built = await getSwapPsbt(
    market,
    SwapPsbtBodySchema.parse({
      ...body,
      receive_amount: size.receive_amount,
      user_public_key: `${key}:${key}`,
      tx_size: size.tx_size,
      checksum: size.checksum,
      vins: size.vins,
      usr_cnt: size.usr_cnt,
    }),
    'demo',
  );
  const signed = signPsbtWithKey(built.psbt, owner.privateKey, {
    inputs: built.inputs_to_sign.map((i) => i.index),
  });
  const sent = await sendSwapPsbt(
    market,
    SendSwapPsbtBodySchema.parse({ order_id: built.order_id, psbt: bytesToBase64(signed) }),
  );
  return { orderId: sent.order_id, txid: sent.tx_id };
}

function inscribeDeps(market: AppDeps, faucet: RegtestFaucet) {
  if (!market.chain.rpc) throw new Error('demo: the swap pools need the regtest node');
  return { db: market.db, rpc: market.chain.rpc, faucet };
}

/**
 * The inscription index at the node's tip, then the BRC-20 index at the same height (in main the
 * follower writes it just after: the pool's balance must be there before a swap is priced).
 */
async function waitForIndexes(deps: SwapSeedDeps): Promise<void> {
  await deps.waitForIndexer();
  const height = await deps.market.chain.rpc!.getBlockCount();
  const deadline = Date.now() + 30_000;
  while ((await brc20IndexedHeight(deps.market.db)) < height) {
    deps.signal?.throwIfAborted();
    if (Date.now() > deadline)
      throw new Error(`demo: the BRC-20 index is short of block ${height}`);
    await sleep(100);
  }
}
