import { sql, type Kysely, type Selectable } from 'kysely';
import type { BuiltPayment } from '@om/bitcoin';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';
import type { LaunchpadStatus, LaunchpadType } from '../../db/launchpad.tables.ts';
import type { InscribeOrdersTable, InscribeTables } from '../../db/inscribe.tables.ts';
import {
  insertOrderRow,
  type InscribeOrder,
  type NewInscribeOrder,
} from '../inscription-service/inscribe-orders.queries.ts';

/**
 * Edition orders (ADR 011, migration 0021): the terms in edition_orders, the order itself (state,
 * charge, commit, reveal, refund) an inscription-service order of type 'edition' moved by its one
 * engine. Here: the reservation of editions with the order, the lazy expiry, the reads.
 */

/** An editions launch with its one phase (ADR 011): what quoting and minting read. */
export interface EditionLaunch {
  id: string;
  type: LaunchpadType;
  status: LaunchpadStatus;
  remaining: number;
  /** The original every edition delegates to. */
  originalId: string | null;
  makerOrdinalAddress: string | null;
  makerPaymentAddress: string;
  collectionSlug: string;
  isZeroFee: boolean;
  /** Its one phase: UTC seconds, the price of an edition in sats; none when it has no phase. */
  phase: { startDate: number; endDate: number | null; price: bigint } | undefined;
}

export async function findEditionLaunch(db: Db, id: string): Promise<EditionLaunch | undefined> {
  const launch = await db.kysely
    .selectFrom('launchpads as l')
    .innerJoin('collections as c', 'c.id', 'l.collection_id')
    .select([
      'l.id',
      'l.launchpad_type',
      'l.status',
      'l.remaining_editions',
      'l.edition_inscription_id',
      'l.maker_ordinal_address',
      'l.maker_payment_address',
      'c.slug as collection_slug',
      'c.is_zero_fee',
    ])
    .where('l.id', '=', id)
    .executeTakeFirst();
  if (!launch) return undefined;
  const phase = await db.kysely
    .selectFrom('launchpad_phases')
    .select(['start_date', 'end_date', 'price'])
    .where('launchpad_id', '=', id)
    .orderBy('phase_number')
    .executeTakeFirst();
  return {
    id: launch.id,
    type: launch.launchpad_type,
    status: launch.status,
    remaining: launch.remaining_editions ?? 0,
    originalId: launch.edition_inscription_id,
    makerOrdinalAddress: launch.maker_ordinal_address,
    makerPaymentAddress: launch.maker_payment_address,
    collectionSlug: launch.collection_slug,
    isZeroFee: launch.is_zero_fee,
    phase: phase && {
      startDate: Number(phase.start_date),
      endDate: phase.end_date === null ? null : Number(phase.end_date),
      price: BigInt(phase.price),
    },
  };
}

/** The original an editions launch's editions delegate to ('' when it has none yet). */
export async function editionOriginalId(db: Db, launchpadId: string): Promise<string> {
  const row = await db.kysely
    .selectFrom('launchpads')
    .select('edition_inscription_id')
    .where('id', '=', launchpadId)
    .executeTakeFirst();
  return row?.edition_inscription_id ?? '';
}

export type Reserved = { ok: true; remaining: number } | { ok: false; left: number };

const tables = (db: Db): Kysely<Database & InscribeTables> =>
  db.kysely.withTables<InscribeTables>();

/**
 * Takes `mint_count` editions and records the order (the engine's row, then its terms), in one
 * transaction. The conditional decrement locks the launch row, so concurrent mints of the last
 * editions are served one after the other and exactly the remaining count is ever reserved; from
 * then on the order's state holds them or gives them back (the trigger of
 * db/functions/edition_hold_follows_state.sql).
 */
export async function reserveEditions(
  db: Db,
  order: NewInscribeOrder,
  terms: NewEditionTerms,
): Promise<Reserved> {
  return db.kysely.transaction().execute(async (trx) => {
    const taken = await trx
      .updateTable('launchpads')
      .set((eb) => ({ remaining_editions: eb('remaining_editions', '-', terms.mintCount) }))
      .where('id', '=', terms.launchpadId)
      .where('status', '=', 'active')
      .where('remaining_editions', '>=', terms.mintCount)
      .returning('remaining_editions')
      .executeTakeFirst();
    if (!taken) {
      const row = await trx
        .selectFrom('launchpads')
        .select('remaining_editions')
        .where('id', '=', terms.launchpadId)
        .executeTakeFirst();
      return { ok: false, left: row?.remaining_editions ?? 0 };
    }
    await insertOrderRow(trx, order);
    await trx
      .insertInto('edition_orders')
      .values({
        id: terms.id,
        launchpad_id: terms.launchpadId,
        user_id: terms.userId,
        mint_count: terms.mintCount,
        taker_ordinal_address: terms.takerOrdinalAddress,
        taker_payment_address: terms.takerPaymentAddress,
        unit_price: terms.unitPrice,
        platform_fee: terms.platformFee,
        network_fee: terms.networkFee,
        max_fee_rate: terms.maxFeeRate,
        reveal_outputs: JSON.stringify(
          terms.revealOutputs.map((o) => ({ address: o.address, value: o.value.toString() })),
        ),
        psbt: terms.psbt,
        layout: JSON.stringify(terms.layout),
      })
      .execute();
    return { ok: true, remaining: taken.remaining_editions ?? 0 };
  });
}

/**
 * The engine's expiry of this launch's unpaid edition orders past their time, done before a
 * reservation so that 'Sold out' is right; their editions come back by the state's trigger. A
 * concurrent expiry re-reads the rows and moves none twice. Answers how many it expired.
 */
export async function expireOverdue(db: Db, launchpadId: string): Promise<number> {
  const result = await sql<{ id: string }>`
    update inscribe_orders set state = 'expired'
    where order_type = 'edition' and state = 'waiting-payment'
      and expires_at <= clock_timestamp()
      and id in (select id from edition_orders where launchpad_id = ${launchpadId})
    returning id`.execute(db.kysely);
  return result.rows.length;
}

/** An edition order's terms (edition_orders): amounts in sats, fee rates in sat/vB. */
interface EditionTermsRecord {
  id: string;
  launchpadId: string;
  userId: string;
  mintCount: number;
  takerOrdinalAddress: string;
  takerPaymentAddress: string;
  unitPrice: bigint;
  platformFee: bigint;
  /** The reveal's fee. */
  networkFee: bigint;
  maxFeeRate: number;
  /** The reveal's payouts, fixed when the order was made. */
  revealOutputs: { address: string; value: bigint }[];
  /** The buyer's payment PSBT (base64) and its layout. */
  psbt: string;
  layout: BuiltPayment['layout'];
}

export type NewEditionTerms = EditionTermsRecord;

/** An edition order: its terms and where the engine has it. */
export type EditionOrderView = EditionTermsRecord & {
  createdAt: Date;
} & Pick<
    InscribeOrder,
    | 'state'
    | 'chargeAddress'
    | 'amount'
    | 'feeRate'
    | 'expiresAt'
    | 'paymentTxid'
    | 'commitTxid'
    | 'revealTxid'
    | 'refundTxid'
    | 'refundReason'
  >;

export async function findOrder(db: Db, id: string): Promise<EditionOrderView | undefined> {
  const row = await tables(db)
    .selectFrom('edition_orders as e')
    .innerJoin('inscribe_orders as o', 'o.id', 'e.id')
    .selectAll('e')
    .select([
      'o.state',
      'o.charge_address',
      'o.amount',
      'o.fee_rate',
      'o.expires_at',
      'o.payment_txid',
      'o.commit_txid',
      'o.reveal_txid',
      'o.refund_txid',
      'o.refund_reason',
    ])
    .where('e.id', '=', id)
    .executeTakeFirst();
  return row && toEditionOrderView(row);
}

function toEditionOrderView(
  row: Selectable<Database['edition_orders']> &
    Pick<
      Selectable<InscribeOrdersTable>,
      | 'state'
      | 'charge_address'
      | 'amount'
      | 'fee_rate'
      | 'expires_at'
      | 'payment_txid'
      | 'commit_txid'
      | 'reveal_txid'
      | 'refund_txid'
      | 'refund_reason'
    >,
): EditionOrderView {
  return {
    id: row.id,
    launchpadId: row.launchpad_id,
    userId: row.user_id,
    mintCount: row.mint_count,
    takerOrdinalAddress: row.taker_ordinal_address,
    takerPaymentAddress: row.taker_payment_address,
    unitPrice: BigInt(row.unit_price),
    platformFee: BigInt(row.platform_fee),
    networkFee: BigInt(row.network_fee),
    maxFeeRate: Number(row.max_fee_rate),
    revealOutputs: row.reveal_outputs.map((o) => ({ address: o.address, value: BigInt(o.value) })),
    psbt: row.psbt,
    layout: row.layout,
    createdAt: row.created_at,
    state: row.state,
    chargeAddress: row.charge_address,
    amount: BigInt(row.amount),
    feeRate: Number(row.fee_rate),
    expiresAt: row.expires_at,
    paymentTxid: row.payment_txid,
    commitTxid: row.commit_txid,
    revealTxid: row.reveal_txid,
    refundTxid: row.refund_txid,
    refundReason: row.refund_reason,
  };
}
