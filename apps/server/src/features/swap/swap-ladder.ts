import type { AppDeps } from '../../app-deps.ts';
import { journalClaim, settleJournal } from '../../trading/claimed-transactions.queries.ts';
import { broadcastInOrder, isTxRejection, testMempoolAccept } from '../../trading/broadcast.ts';
import { insertRung, ladderRef, ladderStock, poolLadders } from './swap-ladder.queries.ts';
import { holdPoolCoins, lockPool, promisedOutpoints, swapHolder } from './swap-orders.queries.ts';
import { poolState, type PoolChain } from './swap-pool-state.ts';
import { poolTransfer } from './swap-inscription.ts';
import { SwapRefusal } from './swap-refusal.ts';

// The ladder (ADR 017, ADR 017): each pool keeps `depth` transfer inscriptions of each of its
// standard amounts inscribed to itself, so that a buy of such an amount is one transaction. The
// worker makes the missing ones, one commit and reveal each from a free confirmed pool coin,
// journalled (claim kind 'swap', ref 'ladder:{inscription}') with the rung's row before they are
// broadcast, so a kill -9 in between leaves them to the claims worker.

/** Rungs made per pool per pass, so that one pass stays short. */
const PER_PASS = 4;
/** A rung holds its commit's coins until the node has them. */
const HOLD_MS = 3_600_000;

/** Each pool's missing rungs, from the pass's chain views. */
export async function restockLadders(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env' | 'log'>,
  chains: ReadonlyMap<string, PoolChain>,
): Promise<void> {
  for (const ladder of await poolLadders(deps.db)) {
    const chain = chains.get(ladder.tick);
    if (!chain) continue;
    const stock = await ladderStock(deps.db.kysely, ladder.tick);
    const missing = ladder.amounts.flatMap((amount) =>
      Array.from({ length: Math.max(0, ladder.depth - (stock.get(amount) ?? 0)) }, () => amount),
    );
    for (const amount of missing.slice(0, PER_PASS)) {
      const outcome = await makeRung(deps, chain, amount, ladder.depth).catch((err: unknown) => {
        deps.log.error({ err, tick: ladder.tick, amount }, 'swap: a ladder rung failed');
        return 'blocked' as const;
      });
      // Tokens or coins short: the other amounts would be too, until the next block.
      if (outcome === 'blocked') break;
    }
  }
}

type Outcome = 'made' | 'stocked' | 'blocked';

/**
 * One rung of `amount` unless `depth` are there ('stocked': counted again under the pool's lock,
 * another process's worker may have made it meanwhile); 'blocked' when the pool cannot make it now.
 */
async function makeRung(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env' | 'log'>,
  chain: PoolChain,
  amount: bigint,
  depth: number,
): Promise<Outcome> {
  const { env, db } = deps;
  const tick = chain.keys.tick;
  const fees = await deps.chain.source.recommendedFees();
  const made = await db.kysely.transaction().execute(async (trx) => {
    await lockPool(trx, tick);
    if (((await ladderStock(trx, tick)).get(amount) ?? 0) >= depth) return 'stocked' as const;
    const state = await poolState(trx, chain);
    // The rung draws on the available balance, as a buy inscribed to order does.
    if (amount > state.available - state.inFlight.bought) return undefined;
    const promised = await promisedOutpoints(trx, chain.keys.address);
    const coins = chain.spendable.filter((c) => !promised.has(`${c.txid}:${c.vout}`));
    let transfer;
    try {
      transfer = poolTransfer(
        chain.keys,
        tick,
        amount,
        chain.decimals,
        coins,
        fees.halfHourFee,
        env.BITCOIN_NETWORK,
      );
    } catch (err) {
      if (err instanceof SwapRefusal) return undefined;
      throw err;
    }
    const transactions = [transfer.commit, transfer.reveal];
    try {
      await testMempoolAccept(
        deps.chain,
        transactions.map((t) => t.hex),
      );
    } catch (err) {
      if (isTxRejection(err)) return undefined;
      throw err;
    }
    const ref = ladderRef(transfer.inscription.id);
    const held = await holdPoolCoins(trx, {
      holder: swapHolder(ref),
      wallet: chain.keys.address,
      client: 'swap-worker',
      address: chain.keys.address,
      outpoints: transfer.coins.map((c) => `${c.txid}:${c.vout}`),
      expiresAt: new Date(Date.now() + HOLD_MS),
    });
    if (!held) return undefined;
    await journalClaim(trx, { kind: 'swap', ref, transactions });
    await insertRung(trx, tick, {
      inscriptionId: transfer.inscription.id,
      amount,
      txid: transfer.inscription.txid,
      vout: transfer.inscription.vout,
      value: transfer.inscription.value,
    });
    return { ref, transactions, id: transfer.inscription.id };
  });
  if (made === 'stocked') return made;
  if (!made) return 'blocked';
  await broadcastInOrder(
    deps.chain,
    made.transactions.map((t) => t.hex),
  );
  await settleJournal(db.kysely, 'swap', made.ref, 'sent');
  deps.log.info({ tick, amount: amount.toString(), inscriptionId: made.id }, 'swap: ladder rung');
  return 'made';
}
