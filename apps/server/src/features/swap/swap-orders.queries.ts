import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { SwapLayout } from '@om/bitcoin';
import type { SwapOrderState } from '@om/core';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';
import type { PreludeCoin, SwapOrdersTable } from '../../db/swap.tables.ts';
import { journalClaim, type NewClaim } from '../../trading/claimed-transactions.queries.ts';
import { rungJournalLive } from './swap-ladder.queries.ts';

// swap_orders (0024) and the pool coins they hold (promised_coins, 0017, holder 'swap:{id}').

export type { PreludeCoin } from '../../db/swap.tables.ts';

/** A swap order: amounts in sats, or in the tick's 10^18ths for its token side (ADR 017). */
export interface SwapOrder {
  id: string;
  /** Pricing order within the pool: lapsedBefore counts the orders priced before this one. */
  seq: bigint;
  tick: string;
  direction: 'buy' | 'sell';
  state: SwapOrderState;
  paymentAddress: string;
  ordinalsAddress: string;
  client: string;
  sendAmount: bigint;
  receiveAmount: bigint;
  minReceive: bigint;
  /** The user's slippage as they sent it (a percent, text). */
  slippage: string;
  feeRate: number;
  platformFee: bigint;
  lpFee: bigint;
  networkFee: bigint;
  /** The pool's reserves when the order was priced. */
  reserveBtc: bigint;
  reserveToken: bigint;
  /** What the order moves the pool's BTC and tokens by (negative: out of the pool). */
  btcDelta: bigint;
  tokenDelta: bigint;
  inscriptionId: string;
  psbt: string;
  layout: SwapLayout;
  preludeHexes: string[];
  preludeTxids: string[];
  /** A buy's unsigned pool transfer's coins, signed at send_swap_psbt; null when it has none. */
  preludeCoins: PreludeCoin[] | null;
  /** On a tick ↔ tick swap's second leg, the first leg's id. */
  routeId: string | null;
  txid: string;
  broadcastAt: Date | null;
  minedHeight: number | null;
  error: string | null;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

/** A new order: the database gives seq, the state 'quoted' and the times. */
export type NewSwapOrder = Omit<
  SwapOrder,
  | 'seq'
  | 'state'
  | 'broadcastAt'
  | 'minedHeight'
  | 'error'
  | 'createdAt'
  | 'updatedAt'
  | 'preludeHexes'
  | 'preludeTxids'
  | 'preludeCoins'
  | 'routeId'
> &
  Partial<Pick<SwapOrder, 'preludeHexes' | 'preludeTxids' | 'preludeCoins' | 'routeId'>>;

// prelude_coins is text (0026), not jsonb: its JSON is ours, written by insertOrderHolding.
function parsePreludeCoins(json: string): PreludeCoin[] {
  const coins = JSON.parse(json) as { txid: string; vout: number; value: string }[];
  return coins.map((c) => ({ txid: c.txid, vout: c.vout, value: BigInt(c.value) }));
}

function toSwapOrder(row: Selectable<SwapOrdersTable>): SwapOrder {
  return {
    id: row.id,
    seq: BigInt(row.seq),
    tick: row.tick,
    direction: row.direction,
    state: row.state,
    paymentAddress: row.payment_address,
    ordinalsAddress: row.ordinals_address,
    client: row.client,
    sendAmount: BigInt(row.send_amount),
    receiveAmount: BigInt(row.receive_amount),
    minReceive: BigInt(row.min_receive),
    slippage: row.slippage,
    feeRate: Number(row.fee_rate),
    platformFee: BigInt(row.platform_fee),
    lpFee: BigInt(row.lp_fee),
    networkFee: BigInt(row.network_fee),
    reserveBtc: BigInt(row.reserve_btc),
    reserveToken: BigInt(row.reserve_token),
    btcDelta: BigInt(row.btc_delta),
    tokenDelta: BigInt(row.token_delta),
    inscriptionId: row.inscription_id,
    psbt: row.psbt,
    layout: row.layout,
    preludeHexes: row.prelude_hexes,
    preludeTxids: row.prelude_txids,
    preludeCoins: row.prelude_coins === null ? null : parsePreludeCoins(row.prelude_coins),
    routeId: row.route_id,
    txid: row.txid,
    broadcastAt: row.broadcast_at,
    minedHeight: row.mined_height,
    error: row.error,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

type Conn = Kysely<Database> | Transaction<Database>;

export const swapHolder = (orderId: string) => `swap:${orderId}`;

/** How long a broadcast order keeps its pool coins promised: the mempool shows them spent by then. */
const BROADCAST_HOLD = "interval '1 hour'";

export async function poolExists(db: Db, tick: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('swap_pools')
    .select('tick')
    .where('tick', '=', tick)
    .executeTakeFirst();
  return row !== undefined;
}

export async function poolTicks(db: Db): Promise<string[]> {
  const rows = await db.kysely.selectFrom('swap_pools').select('tick').orderBy('tick').execute();
  return rows.map((r) => r.tick);
}

export async function addPool(db: Db, tick: string): Promise<void> {
  await db.kysely
    .insertInto('swap_pools')
    .values({ tick })
    .onConflict((oc) => oc.column('tick').doNothing())
    .execute();
}

/** Serializes the orders of one pool until the transaction ends. */
export async function lockPool(trx: Transaction<Database>, tick: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`swap-pool|${tick}`}, 0))`.execute(trx);
}

export type InFlight = {
  /** What orders not yet in the chain source's view move the pool's BTC by. */
  btc: bigint;
  /** What orders not yet in the BRC-20 index move its tokens by. */
  token: bigint;
  /**
   * Tokens of buys and ladder rungs whose transfer inscription the index has not seen yet: the
   * pool's available balance must still cover them (one it has seen already took its part of it).
   */
  bought: bigint;
};

/**
 * The deltas of the pool's orders that the chain and the index do not show yet. BTC: a live quote,
 * or an order journalled but not yet taken by the node (the mempool shows the rest). Tokens: a
 * live quote, or an order sent whose transfer inscription the index has not seen used.
 */
export async function inFlight(conn: Conn, tick: string): Promise<InFlight> {
  const { rows } = await sql<{ btc: string | null; token: string | null; bought: string | null }>`
    with open as (
      select o.*, (o.state = 'quoted' and o.expires_at > clock_timestamp()) as live
      from swap_orders o
      where o.tick = ${tick} and o.state in ('quoted', 'pending', 'confirmed')),
    unindexed as (
      select open.* from open
      where (live or state in ('pending', 'confirmed'))
        and not exists (select 1 from brc20_transferables t
                        where t.inscription_id = open.inscription_id and t.used_height is not null))
    select
      (select sum(btc_delta) from open where live or (state = 'pending' and broadcast_at is null))::text as btc,
      (select sum(token_delta) from unindexed)::text as token,
      ((select coalesce(sum(-token_delta), 0) from unindexed u where direction = 'buy'
         and not exists (select 1 from brc20_transferables t
                         where t.inscription_id = u.inscription_id))
       + (select coalesce(sum(l.amount), 0) from swap_ladder l
          where l.tick = ${tick} and ${rungJournalLive}
            and not exists (select 1 from brc20_transferables t
                            where t.inscription_id = l.inscription_id)))::text as bought`.execute(
    conn,
  );
  const row = rows[0];
  return {
    btc: BigInt(row?.btc ?? 0),
    token: BigInt(row?.token ?? 0),
    bought: BigInt(row?.bought ?? 0),
  };
}

/**
 * What the orders priced before `seq` that lapsed since `pricedAt` (expired, or failed) had
 * moved the pool by: the order's reserves snapshot counted them, the pool no longer does.
 */
export async function lapsedBefore(
  conn: Conn,
  tick: string,
  seq: bigint,
  pricedAt: Date,
): Promise<{ btc: bigint; token: bigint }> {
  const { rows } = await sql<{ btc: string | null; token: string | null }>`
    select sum(btc_delta)::text as btc, sum(token_delta)::text as token
    from swap_orders
    where tick = ${tick} and seq < ${seq.toString()}::bigint
      and ((state = 'expired' and expires_at > ${pricedAt})
           or (state = 'failed' and updated_at > ${pricedAt}))`.execute(conn);
  return { btc: BigInt(rows[0]?.btc ?? 0), token: BigInt(rows[0]?.token ?? 0) };
}

/** The pool's BRC-20 balance in the index (overall and available), 0 when it has none. */
export async function poolTokenBalance(
  conn: Conn,
  pkscript: string,
  tick: string,
): Promise<{ overall: bigint; available: bigint }> {
  const row = await conn
    .selectFrom('brc20_balances')
    .select(['overall', 'available'])
    .where('pkscript', '=', pkscript)
    .where('tick', '=', tick)
    .executeTakeFirst();
  return { overall: BigInt(row?.overall ?? 0), available: BigInt(row?.available ?? 0) };
}

/** Coins of the address some live promise holds (any holder: a pool's coins are only swaps'). */
export async function promisedOutpoints(conn: Conn, address: string): Promise<Set<string>> {
  const { rows } = await sql<{ outpoint: string }>`
    select outpoint from promised_coins
    where address = ${address} and expires_at > clock_timestamp()`.execute(conn);
  return new Set(rows.map((r) => r.outpoint));
}

/** Live quotes of a payment address or a client: the caps on what one user may hold at once. */
export async function openQuotes(
  conn: Conn,
  paymentAddress: string,
  client: string,
): Promise<{ address: number; client: number }> {
  const { rows } = await sql<{ address: number; client: number }>`
    select count(*) filter (where payment_address = ${paymentAddress})::int as address,
           count(*) filter (where client = ${client})::int as client
    from swap_orders
    where state = 'quoted' and expires_at > clock_timestamp() and route_id is null
      and (payment_address = ${paymentAddress} or client = ${client})`.execute(conn);
  return rows[0] ?? { address: 0, client: 0 };
}

export type PoolHold = {
  holder: string;
  /** Who asked (the order's payment address) and from where: the caps count them. */
  wallet: string;
  client: string;
  address: string;
  outpoints: readonly string[];
  expiresAt: Date;
};

/**
 * Promises pool coins to one holder (an order, or the worker's reclaim), in the caller's
 * transaction, which holds the pool's lock: a holder asking again replaces its own hold. Answers
 * false when a coin is promised to another live holder after all; the caller then rolls back.
 */
export async function holdPoolCoins(trx: Transaction<Database>, hold: PoolHold): Promise<boolean> {
  const { holder, expiresAt } = hold;
  await sql`delete from reservation_holds where holder = ${holder}`.execute(trx);
  await sql`
    insert into reservation_holds (holder, wallet, client, expires_at)
    values (${holder}, ${hold.wallet}, ${hold.client}, ${expiresAt})`.execute(trx);
  if (hold.outpoints.length === 0) return true;
  const values = sql.join(
    hold.outpoints.map((o) => sql`(${o}, ${holder}, ${hold.address}, ${expiresAt})`),
  );
  const taken = await sql<{ outpoint: string }>`
    insert into promised_coins (outpoint, holder, address, expires_at) values ${values}
    on conflict (outpoint) do update
      set holder = excluded.holder, address = excluded.address, expires_at = excluded.expires_at
      where promised_coins.expires_at <= clock_timestamp()
    returning outpoint`.execute(trx);
  return taken.rows.length === new Set(hold.outpoints).size;
}

/** Writes the order with the pool coins it holds; false (the caller rolls back) when one is taken. */
export async function insertOrderHolding(
  trx: Transaction<Database>,
  order: NewSwapOrder,
  pool: { address: string; outpoints: readonly string[] },
): Promise<boolean> {
  const held = await holdPoolCoins(trx, {
    holder: swapHolder(order.id),
    wallet: order.paymentAddress,
    client: order.client,
    address: pool.address,
    outpoints: pool.outpoints,
    expiresAt: order.expiresAt,
  });
  if (!held) return false;
  const coins = order.preludeCoins;
  await trx
    .insertInto('swap_orders')
    .values({
      id: order.id,
      tick: order.tick,
      direction: order.direction,
      payment_address: order.paymentAddress,
      ordinals_address: order.ordinalsAddress,
      client: order.client,
      send_amount: order.sendAmount,
      receive_amount: order.receiveAmount,
      min_receive: order.minReceive,
      slippage: order.slippage,
      fee_rate: order.feeRate,
      platform_fee: order.platformFee,
      lp_fee: order.lpFee,
      network_fee: order.networkFee,
      reserve_btc: order.reserveBtc,
      reserve_token: order.reserveToken,
      btc_delta: order.btcDelta,
      token_delta: order.tokenDelta,
      inscription_id: order.inscriptionId,
      psbt: order.psbt,
      layout: JSON.stringify(order.layout),
      prelude_hexes: order.preludeHexes ?? [],
      prelude_txids: order.preludeTxids ?? [],
      prelude_coins: coins
        ? JSON.stringify(coins.map((c) => ({ ...c, value: c.value.toString() })))
        : null,
      route_id: order.routeId ?? null,
      txid: order.txid,
      expires_at: order.expiresAt,
    })
    .execute();
  return true;
}

/**
 * The live quote of a transfer inscription lapses now: a new quote of it replaces it (its expiry
 * says when it stopped counting in the reserves: see lapsedBefore).
 */
export async function replaceQuotesOf(
  trx: Transaction<Database>,
  inscriptionId: string,
): Promise<void> {
  // A tick ↔ tick quote's second leg lapses with it.
  const { rows } = await sql<{ id: string }>`
    update swap_orders set state = 'expired', expires_at = least(expires_at, clock_timestamp())
    where state = 'quoted'
      and (inscription_id = ${inscriptionId}
           or route_id in (select id from swap_orders
                           where state = 'quoted' and inscription_id = ${inscriptionId}))
    returning id`.execute(trx);
  for (const row of rows) await releaseSwapHold(trx, row.id);
}

export async function findSwapOrder(db: Db, id: string): Promise<SwapOrder | undefined> {
  const row = await db.kysely
    .selectFrom('swap_orders')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toSwapOrder(row);
}

/**
 * quoted → pending with the journal of its transactions, in one database transaction, while the
 * order is still live; its pool coins stay promised past the quote's expiry. False when the order
 * was not live any more.
 */
export async function claimPending(
  db: Db,
  id: string,
  journal: NewClaim,
  legs: readonly string[] = [],
): Promise<boolean> {
  return db.kysely
    .transaction()
    .execute(async (trx) => {
      const ids = [id, ...legs];
      const moved = await trx
        .updateTable('swap_orders')
        .set({ state: 'pending' })
        .where('id', 'in', ids)
        .where('state', '=', 'quoted')
        .where(sql<boolean>`expires_at > clock_timestamp()`)
        .executeTakeFirst();
      if (moved.numUpdatedRows !== BigInt(ids.length)) {
        // A tick ↔ tick swap goes out whole or not at all.
        if (moved.numUpdatedRows > 0n) throw new LegLapsed();
        return false;
      }
      await journalClaim(trx, journal);
      const holders = ids.map(swapHolder);
      await sql`update reservation_holds set expires_at = now() + ${sql.raw(BROADCAST_HOLD)}
              where holder = any(${holders}::text[])`.execute(trx);
      await sql`update promised_coins set expires_at = now() + ${sql.raw(BROADCAST_HOLD)}
              where holder = any(${holders}::text[])`.execute(trx);
      return true;
    })
    .catch((err: unknown) => {
      if (err instanceof LegLapsed) return false;
      throw err;
    });
}

class LegLapsed extends Error {}

/** The second leg of a tick ↔ tick order (none for a swap through one pool). */
export async function routeLegs(conn: Conn, id: string): Promise<SwapOrder[]> {
  const rows = await conn
    .selectFrom('swap_orders')
    .selectAll()
    .where('route_id', '=', id)
    .execute();
  return rows.map(toSwapOrder);
}

/** The order and its route's legs were taken by the node. */
export async function markBroadcast(conn: Conn, id: string): Promise<void> {
  await conn
    .updateTable('swap_orders')
    .set({ broadcast_at: sql<Date>`now()` })
    .where((eb) => eb.or([eb('id', '=', id), eb('route_id', '=', id)]))
    .where('broadcast_at', 'is', null)
    .execute();
}

/** Moves the order from one of `from` to `to`; answers whether it moved. */
export async function moveSwapOrder(
  conn: Conn,
  id: string,
  from: readonly SwapOrderState[],
  to: SwapOrderState,
  changes: { error?: string; minedHeight?: number | null } = {},
): Promise<boolean> {
  const { error, minedHeight } = changes;
  const result = await conn
    .updateTable('swap_orders')
    .set({
      state: to,
      ...(error === undefined ? {} : { error }),
      ...(minedHeight === undefined ? {} : { mined_height: minedHeight }),
    })
    .where('id', '=', id)
    .where('state', 'in', from)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Ends the order's promise of pool coins (it failed or lapsed). */
export async function releaseSwapHold(conn: Conn, id: string): Promise<void> {
  await sql`delete from reservation_holds where holder = ${swapHolder(id)}`.execute(conn);
}

/** Quotes past their expiry become 'expired' and free their coins; answers how many. */
export async function expireQuotes(db: Db): Promise<number> {
  return db.kysely.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: string }>`
      update swap_orders set state = 'expired'
      where state = 'quoted' and expires_at <= clock_timestamp()
      returning id`.execute(trx);
    if (rows.length > 0) {
      const holders = rows.map((r) => swapHolder(r.id));
      await sql`delete from reservation_holds where holder = any(${holders}::text[])`.execute(trx);
    }
    return rows.length;
  });
}

/** Orders sent and not completed, and completed ones of the last blocks (a reorg may undo them). */
export async function ordersToWatch(db: Db, sinceHeight: number): Promise<SwapOrder[]> {
  const rows = await db.kysely
    .selectFrom('swap_orders')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('state', 'in', ['pending', 'confirmed']),
        eb.and([eb('state', '=', 'completed'), eb('mined_height', '>', sinceHeight)]),
      ]),
    )
    .orderBy('created_at')
    .limit(500)
    .execute();
  return rows.map(toSwapOrder);
}

/** The height at which the order's transfer inscription was used, per the BRC-20 index. */
export async function transferUsedHeight(db: Db, inscriptionId: string): Promise<number | null> {
  const row = await db.kysely
    .selectFrom('brc20_transferables')
    .select('used_height')
    .where('inscription_id', '=', inscriptionId)
    .executeTakeFirst();
  return row?.used_height ?? null;
}

/**
 * The pool's transfer inscriptions no swap will use (swap-reclaim.ts): unused, no open order
 * sends them, not a rung of an amount the ladder keeps, and not being reclaimed already.
 */
export async function leftoverTransfers(
  conn: Conn,
  pkscript: string,
  tick: string,
  limit: number,
): Promise<string[]> {
  const { rows } = await sql<{ inscription_id: string }>`
    select t.inscription_id from brc20_transferables t
    where t.source_pkscript = ${pkscript} and t.tick = ${tick} and t.used_height is null
      and not exists (select 1 from swap_orders o where o.inscription_id = t.inscription_id
                      and o.state in ('quoted', 'pending', 'confirmed'))
      -- A rung of the pool's ladder is stock, not a leftover (one of an amount it no longer keeps is).
      and not exists (select 1 from swap_ladder l join swap_pools p on p.tick = l.tick
                      where l.inscription_id = t.inscription_id and l.amount = any(p.ladder))
      and not exists (select 1 from claimed_transactions c where c.kind = 'swap'
                      and c.ref = 'reclaim:' || t.inscription_id and c.status in ('claimed', 'sent'))
    order by t.height, t.inscription_id
    limit ${limit}`.execute(conn);
  return rows.map((r) => r.inscription_id);
}
