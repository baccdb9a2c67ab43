import { SWAP_CODES } from '@om/core';
import type { Reserves } from '@om/core';
import type { WalletUtxo } from '@om/bitcoin';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/create-db.ts';
import { readTicker } from '../brc20/brc20.queries.ts';
import { addressCoins } from '../../trading/wallet-coins.ts';
import { poolKeys, type PoolKeys } from './swap-pool.ts';
import {
  inFlight,
  poolExists,
  poolTicks,
  poolTokenBalance,
  type InFlight,
} from './swap-orders.queries.ts';
import { quoteRead } from './swap-quote-cache.ts';
import { readyRungs, type LadderRung } from './swap-ladder.queries.ts';
import { refuse, SwapRefusal } from './swap-refusal.ts';

// A pool's reserves are read, never kept (ADR 017): its BTC is the cardinal coins the chain
// source shows at its address (the mempool included), its tokens the BRC-20 index's balance of
// its pkscript; each plus what orders not shown there yet move them by.

export type PoolChain = {
  keys: PoolKeys;
  decimals: number;
  /** Every cardinal coin's sats, unconfirmed ones included (the mempool is the pool's view). */
  cardinal: bigint;
  /** What a swap may spend: confirmed cardinal coins (an unconfirmed one could still vanish). */
  spendable: WalletUtxo[];
  /** Confirmed outputs holding exactly one inscription, by outpoint: where ladder rungs sit. */
  inscribedAlone: Map<string, string>;
};

export type PoolState = PoolChain & {
  reserves: Reserves;
  inFlight: InFlight;
  /** The index's available balance: what transfer inscriptions the pool makes draw on. */
  available: bigint;
  /** The ladder's rungs ready at their outputs (some may be promised to a live quote). */
  ladder: LadderRung[];
};

/** The pool of a tick and its chain view; pairNotFound when there is none. */
export async function readPoolChain(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  tick: string,
): Promise<PoolChain> {
  const { env, db, chain } = deps;
  const [exists, ticker] = await Promise.all([poolExists(db, tick), readTicker(db, tick)]);
  if (!exists || !ticker) throw refuse('pairNotFound', `There is no pool for btc/${tick}`);
  const keys = poolKeys(env, tick);
  const coins = await addressCoins(chain.source, keys.address, env.BITCOIN_NETWORK);
  const cardinal = coins.filter((c) => !c.utxo.inscribed);
  return {
    keys,
    decimals: ticker.decimals,
    cardinal: cardinal.reduce((sum, c) => sum + c.utxo.value, 0n),
    spendable: cardinal.filter((c) => c.blockHeight !== null).map((c) => c.utxo),
    inscribedAlone: new Map(
      coins.flatMap((c) =>
        c.blockHeight !== null && c.inscriptions?.length === 1
          ? [[`${c.utxo.txid}:${c.utxo.vout}`, c.inscriptions[0]!] as const]
          : [],
      ),
    ),
  };
}

/**
 * Every pool's chain view, read once for a worker pass (its reclaims and its ladders). A pool added
 * before its token's deploy is indexed is left out quietly; one that cannot be read is logged and
 * left out, so it stops no other pool's work.
 */
export async function workerPoolChains(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env' | 'log'>,
): Promise<Map<string, PoolChain>> {
  const chains = new Map<string, PoolChain>();
  for (const tick of await poolTicks(deps.db)) {
    const chain = await readPoolChain(deps, tick).catch((err: unknown) => {
      if (err instanceof SwapRefusal && err.code === SWAP_CODES.pairNotFound) return undefined;
      deps.log.error({ err, tick }, 'swap: a pool could not be read for its worker pass');
      return undefined;
    });
    if (chain) chains.set(tick, chain);
  }
  return chains;
}

/** The chain view plus the database's: call inside the pool's lock for an order. */
export async function poolState(conn: Db['kysely'], chain: PoolChain): Promise<PoolState> {
  const [flight, balance, rungs] = await Promise.all([
    inFlight(conn, chain.keys.tick),
    poolTokenBalance(conn, chain.keys.pkscript, chain.keys.tick),
    readyRungs(conn, chain.keys.tick),
  ]);
  return {
    ...chain,
    inFlight: flight,
    available: balance.available,
    ladder: rungs.filter(
      (r) => chain.inscribedAlone.get(`${r.txid}:${r.vout}`) === r.inscriptionId,
    ),
    reserves: { btc: chain.cardinal + flight.btc, token: balance.overall + flight.token },
  };
}

export async function readPoolState(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  tick: string,
): Promise<PoolState> {
  return poolState(deps.db.kysely, await readPoolChain(deps, tick));
}

/**
 * The pool for a quote (swap_pools_info, the pool list): its chain view and its orders in flight
 * shared for up to a second, dropped at every block or mempool change and whenever this process
 * writes an order (swap-quote-cache.ts). Orders never use it: get_swap_psbt and its re-check read
 * the chain and the orders themselves.
 */
export async function quotePoolState(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  tick: string,
): Promise<PoolState> {
  return quoteRead(deps, `pool state ${tick}`, async () => {
    const view = await quoteRead(deps, `pool ${tick}`, () => readPoolChain(deps, tick));
    return poolState(deps.db.kysely, view);
  });
}
