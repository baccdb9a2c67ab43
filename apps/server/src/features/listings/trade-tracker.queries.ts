import { sql } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { TradeStatus } from '../../db/market.tables.ts';
import { orderSpentInMempool } from '../../trading/listings.queries.ts';
import type { TradeChange } from '../../trading/trade-change.ts';
import { notifyTradeMoved } from './trade-notifications.ts';

/** What the trade tracker reads of the indexer's tables and writes to the market's. */

/** How far back a confirmed trade is re-checked against the indexed chain (reorgs). */
const REORG_WINDOW = 100;

/**
 * Market listings for sale or awaiting their signature whose output a transaction spends: one in
 * the mempool (mempool_spends), or, with `mined`, a mined one (the inscription's indexed location
 * moved on: its answer changes only with the indexed tip). They close at once; our own purchases
 * and delistings took their rows off sale before broadcasting.
 */
export async function cancelSpentListings(
  db: Db,
  { mined }: { mined: boolean },
): Promise<string[]> {
  const movedOn = sql`exists (
    select 1 from chain_inscriptions c
    where c.inscription_id = o.inscription_id and c.txid || ':' || c.vout <> o.outpoint)`;
  const { rows } = await sql<{ id: string }>`
    update orderbook o set status = 'canceled', closed_at = now()
    where o.status in ('pending', 'active', 'exposed') and o.phase_id is null
      and ${mined ? sql`(${orderSpentInMempool} or ${movedOn})` : orderSpentInMempool}
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

/** A trade's listed output, as the two reads below take it. */
type Listed = Pick<TrackedTrade, 'id' | 'inscriptionId' | 'outpoint'>;

function columns(trades: readonly Listed[]) {
  const outpoints = trades.map((t) => t.outpoint.split(':'));
  return {
    ids: trades.map((t) => t.id),
    inscriptionIds: trades.map((t) => t.inscriptionId),
    txids: outpoints.map(([txid = '']) => txid),
    vouts: outpoints.map(([, vout = '0']) => Number(vout)),
  };
}

/**
 * For each trade, the mined transaction that spent its listed output, read from the inscription's
 * transfers: the placement after the one that created that output (its reveal or the transfer into
 * it). One statement for every trade of a pass: a pass re-checks each trade of the last
 * REORG_WINDOW blocks, a round trip each was thousands of them on a busy market.
 */
export async function minedSpenders(
  db: Db,
  trades: readonly Listed[],
): Promise<Map<string, { txid: string; height: number }>> {
  if (trades.length === 0) return new Map();
  const c = columns(trades);
  const { rows } = await sql<{ id: string; txid: string; height: number }>`
    select x.id, s.txid, s.height
    from unnest(${c.ids}::text[], ${c.inscriptionIds}::text[], ${c.txids}::text[],
      ${c.vouts}::integer[]) as x (id, inscription_id, txid, vout)
    cross join lateral (
      select t.txid, t.height from chain_transfers t, (
        select height, seq from chain_transfers
        where inscription_id = x.inscription_id and txid = x.txid and vout = x.vout
        order by height desc, seq desc limit 1) as listed
      where t.inscription_id = x.inscription_id and (t.height, t.seq) > (listed.height, listed.seq)
      order by t.height, t.seq
      limit 1) as s`.execute(db.kysely);
  return new Map(rows.map((r) => [r.id, { txid: r.txid, height: r.height }]));
}

/** For each trade, the transactions in the mempool spending its listed output (none: absent). */
export async function mempoolSpenders(
  db: Db,
  trades: readonly Listed[],
): Promise<Map<string, string[]>> {
  if (trades.length === 0) return new Map();
  const c = columns(trades);
  const { rows } = await sql<{ id: string; txid: string }>`
    select x.id, m.txid
    from unnest(${c.ids}::text[], ${c.txids}::text[], ${c.vouts}::integer[]) as x (id, txid, vout)
    join mempool_spends m on m.prev_txid = x.txid and m.prev_vout = x.vout`.execute(db.kysely);
  const spenders = new Map<string, string[]>();
  for (const r of rows) spenders.set(r.id, [...(spenders.get(r.id) ?? []), r.txid]);
  return spenders;
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

/** The indexed tip: its height and hash (a reorg changes the hash at the same height). */
export async function indexedTip(db: Db): Promise<{ height: number; hash: string } | undefined> {
  return db.kysely
    .selectFrom('chain_blocks')
    .select(['height', 'hash'])
    .orderBy('height', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function blockHashAt(db: Db, height: number): Promise<string | undefined> {
  const row = await db.kysely
    .selectFrom('chain_blocks')
    .select('hash')
    .where('height', '=', height)
    .executeTakeFirst();
  return row?.hash;
}
