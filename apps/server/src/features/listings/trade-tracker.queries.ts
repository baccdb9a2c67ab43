import { sql } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { TradeStatus } from '../../db/market.tables.ts';
import type { TradeChange } from '../../trading/trade-change.ts';
import { notifyTradeMoved } from './trade-notifications.ts';

/** What the trade tracker reads of the indexer's tables and writes to the market's. */

/** How far back a confirmed trade is re-checked against the indexed chain (reorgs). */
const REORG_WINDOW = 100;

/**
 * Market listings for sale or awaiting their signature whose output a transaction spends: one in
 * the mempool (mempool_spends), or a mined one (the inscription's indexed location moved on). They
 * close at once; our own purchases and delistings took their rows off sale before broadcasting.
 */
export async function cancelSpentListings(db: Db): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    update orderbook o set status = 'canceled', closed_at = now()
    where o.status in ('pending', 'active', 'exposed') and o.phase_id is null and (
      exists (
        select 1 from mempool_spends m
        where m.prev_txid = split_part(o.outpoint, ':', 1)
          and m.prev_vout = split_part(o.outpoint, ':', 2)::integer)
      or exists (
        select 1 from chain_inscriptions c
        where c.inscription_id = o.inscription_id and c.txid || ':' || c.vout <> o.outpoint))
    returning o.id`.execute(db.kysely);
  return rows.map((r) => r.id);
}

/** Market listings for sale or awaiting their signature, the longest unchanged first. */
export async function openMarketListings(
  db: Db,
  limit: number,
): Promise<{ id: string; inscriptionId: string; outpoint: string }[]> {
  const rows = await db.kysely
    .selectFrom('orderbook')
    .select(['id', 'inscription_id', 'outpoint'])
    .where('status', 'in', ['pending', 'active'])
    .where('phase_id', 'is', null)
    .orderBy('updated_at')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, inscriptionId: r.inscription_id, outpoint: r.outpoint }));
}

export type TrackedTrade = {
  id: string;
  transactionId: string;
  inscriptionId: string;
  status: TradeStatus;
  finalized: boolean;
  sniperTransactionId: string | null;
  hasSniperFeeRate: boolean;
  blockHeight: number | null;
  /** The listed output the purchase spends. */
  outpoint: string;
};

/**
 * Trades still moving: initiated or in the mempool, sniped but not final, and, given the chain's
 * tip, those settled within the last REORG_WINDOW blocks, which a reorg could undo.
 */
export async function trackedTrades(db: Db, tipHeight?: number): Promise<TrackedTrade[]> {
  const settledSince = tipHeight === undefined ? undefined : tipHeight - REORG_WINDOW;
  const rows = await db.kysely
    .selectFrom('trade_history as t')
    .innerJoin('orderbook as o', 'o.id', 't.order_id')
    .select([
      't.id',
      't.transaction_id',
      't.inscription_id',
      't.trade_status',
      't.finalized',
      't.sniper_transaction_id',
      't.sniper_fee_rate',
      't.block_height',
      'o.outpoint',
    ])
    .where('t.transaction_id', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('t.trade_status', 'in', ['initiated', 'mempool']),
        eb.and([eb('t.trade_status', '=', 'sniped'), eb('t.finalized', '=', false)]),
        ...(settledSince === undefined
          ? []
          : [
              eb.and([
                eb('t.trade_status', 'in', ['confirmed', 'sniped']),
                eb('t.block_height', '>', settledSince),
              ]),
            ]),
      ]),
    )
    .execute();
  return rows.map((r) => ({
    id: r.id,
    transactionId: r.transaction_id ?? '',
    inscriptionId: r.inscription_id,
    status: r.trade_status,
    finalized: r.finalized,
    sniperTransactionId: r.sniper_transaction_id,
    hasSniperFeeRate: r.sniper_fee_rate !== null,
    blockHeight: r.block_height,
    outpoint: r.outpoint,
  }));
}

/**
 * The mined transaction that spent the listed output, read from the inscription's transfers: the
 * placement after the one that created that output (its reveal or the transfer into it).
 */
export async function minedSpender(
  db: Db,
  inscriptionId: string,
  outpoint: string,
): Promise<{ txid: string; height: number } | undefined> {
  const [txid = '', vout = '0'] = outpoint.split(':');
  const { rows } = await sql<{ txid: string; height: number }>`
    select t.txid, t.height from chain_transfers t, (
      select height, seq from chain_transfers
      where inscription_id = ${inscriptionId} and txid = ${txid} and vout = ${Number(vout)}
      order by height desc, seq desc limit 1) as listed
    where t.inscription_id = ${inscriptionId} and (t.height, t.seq) > (listed.height, listed.seq)
    order by t.height, t.seq
    limit 1`.execute(db.kysely);
  return rows[0];
}

/** Transactions in the mempool spending the output. */
export async function mempoolSpenders(db: Db, outpoint: string): Promise<string[]> {
  const [txid = '', vout = '0'] = outpoint.split(':');
  const rows = await db.kysely
    .selectFrom('mempool_spends')
    .select('txid')
    .where('prev_txid', '=', txid)
    .where('prev_vout', '=', Number(vout))
    .execute();
  return rows.map((r) => r.txid);
}

/**
 * Moves a trade (and, when sniped, closes its listing for good) and notifies its sides, in one
 * transaction: a notification exists exactly when the state it announces does.
 */
export async function moveTrade(db: Db, id: string, change: TradeChange): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable('trade_history')
      .set({
        trade_status: change.status,
        finalized: change.finalized,
        block_height: change.blockHeight,
        ...(change.sniperTransactionId === undefined
          ? {}
          : { sniper_transaction_id: change.sniperTransactionId }),
        ...(change.sniperFeeRate === undefined
          ? {}
          : {
              sniper_fee_rate:
                change.sniperFeeRate === null ? null : change.sniperFeeRate.toFixed(3),
            }),
      })
      .where('id', '=', id)
      .execute();
    // The listing a sniped purchase was for is off sale for good.
    if (change.status === 'sniped') {
      await sql`
        update orderbook o set closed_at = coalesce(o.closed_at, now())
        from trade_history t where t.id = ${id} and o.id = t.order_id`.execute(trx);
    }
    await notifyTradeMoved(trx, id, change);
  });
}

export async function indexedTipHeight(db: Db): Promise<number | undefined> {
  const row = await db.kysely
    .selectFrom('chain_blocks')
    .select((eb) => eb.fn.max('height').as('height'))
    .executeTakeFirst();
  return row?.height ?? undefined;
}

export async function blockHashAt(db: Db, height: number): Promise<string | undefined> {
  const row = await db.kysely
    .selectFrom('chain_blocks')
    .select('hash')
    .where('height', '=', height)
    .executeTakeFirst();
  return row?.hash;
}
