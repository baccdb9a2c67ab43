import { buildSelfTransfer, InscribeError } from '@om/bitcoin';
import type { AppDeps } from '../../app-deps.ts';
import { journalClaim, settleJournal } from '../../trading/claimed-transactions.queries.ts';
import { broadcastInOrder, isTxRejection, testMempoolAccept } from '../../trading/broadcast.ts';
import {
  holdPoolCoins,
  leftoverTransfers,
  lockPool,
  promisedOutpoints,
  swapHolder,
} from './swap-orders.queries.ts';
import type { PoolChain } from './swap-pool-state.ts';

// A transfer inscription at the pool that no swap will use locks its amount out of the pool's
// available balance: a buy whose buyer double spent the swap after the pool's reveal went out, or
// a transfer someone else inscribed to the pool's address. The worker sends each back to the pool
// itself (BRC-20 then counts the amount available again), journalled as claim kind 'swap' with
// ref 'reclaim:{inscription}', the fee from a free confirmed pool coin (ADR 017).

/** Per pass, so that one pass stays short. */
const PER_PASS = 10;
/** A reclaim holds its two coins until the node has them (the claims worker then keeps watch). */
const HOLD_MS = 3_600_000;

/** Each pool's leftover transfers back to itself, from the pass's chain views. */
export async function reclaimLeftovers(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env' | 'log'>,
  chains: ReadonlyMap<string, PoolChain>,
): Promise<void> {
  for (const [tick, chain] of chains) {
    const leftovers = await leftoverTransfers(deps.db.kysely, chain.keys.pkscript, tick, PER_PASS);
    for (const id of leftovers) {
      await reclaim(deps, tick, chain, id).catch((err: unknown) =>
        deps.log.error({ err, inscriptionId: id }, 'swap: a reclaim failed'),
      );
    }
  }
}

async function reclaim(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env' | 'log'>,
  tick: string,
  chain: PoolChain,
  inscriptionId: string,
): Promise<void> {
  const { env, db } = deps;
  const location = await deps.chain.source.inscriptionLocation(inscriptionId);
  if (!location || location.address !== chain.keys.address) return;
  const [txid = '', vout = '0', offset = '0'] = location.satpoint.split(':');
  const outpoint = `${txid}:${vout}`;
  const held = (await deps.chain.source.inscriptionsOnOutputs([outpoint])).get(outpoint) ?? [];
  // Sent whole, the output's other inscriptions would move too: leave such an output alone.
  if (offset !== '0' || held.length !== 1) return;
  const fees = await deps.chain.source.recommendedFees();
  const ref = `reclaim:${inscriptionId}`;
  const holder = swapHolder(ref);
  await db.kysely
    .transaction()
    .execute(async (trx) => {
      await lockPool(trx, tick);
      const promised = await promisedOutpoints(trx, chain.keys.address);
      if (promised.has(outpoint)) return;
      const coin = [...chain.spendable]
        .sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
        .find((c) => c.value >= 3_000n && !promised.has(`${c.txid}:${c.vout}`));
      if (!coin) return;
      let tx;
      try {
        tx = buildSelfTransfer({
          privateKey: chain.keys.privateKey,
          inscription: { txid, vout: Number(vout), value: location.outputValue },
          coin,
          feeRate: fees.halfHourFee,
          network: env.BITCOIN_NETWORK,
        });
      } catch (err) {
        if (err instanceof InscribeError) return;
        throw err;
      }
      await testMempoolAccept(deps.chain, [tx.hex]).catch((err: unknown) => {
        if (!isTxRejection(err)) throw err;
        throw new Skip();
      });
      const held = await holdPoolCoins(trx, {
        holder,
        wallet: chain.keys.address,
        client: 'swap-worker',
        address: chain.keys.address,
        outpoints: [outpoint, `${coin.txid}:${coin.vout}`],
        expiresAt: new Date(Date.now() + HOLD_MS),
      });
      if (!held) throw new Skip();
      await journalClaim(trx, { kind: 'swap', ref, transactions: [tx] });
      return tx;
    })
    .then(async (tx) => {
      if (!tx) return;
      await broadcastInOrder(deps.chain, [tx.hex]);
      await settleJournal(db.kysely, 'swap', ref, 'sent');
      deps.log.info(
        { inscriptionId, txid: tx.txid },
        'swap: a leftover transfer sent back to its pool',
      );
    })
    .catch((err: unknown) => {
      if (!(err instanceof Skip)) throw err;
    });
}

class Skip extends Error {}
