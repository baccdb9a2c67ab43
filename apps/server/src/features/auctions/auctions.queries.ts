import { AUCTION_SLUG_TAKEN } from '@om/core';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';
import { sqlErrorOf } from '../../db/sql-error.ts';
import type { JsonObject } from '../../db/column-types.ts';
import type {
  AuctionDepositLayout,
  AuctionStatus,
  AuctionsTable,
  NewAuction,
} from '../../db/market.tables.ts';
import { AppError } from '../../http/app-error.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { journalClaim, settleJournal } from '../../trading/claimed-transactions.queries.ts';
import { scheduleSettlement } from './auction-settle.schedule.ts';

/** The auctions (0001 auctions, 0012_auction_bids); their bids are in auction-bids.queries.ts. */

export type Executor = Kysely<Database> | Transaction<Database>;

/** An auction as the services use it: amounts in sats. */
export interface Auction {
  id: string;
  slug: string;
  inscriptionId: string;
  status: AuctionStatus;
  /** txid:vout holding the inscription before the deposit. */
  utxo: string;
  utxoValue: bigint | null;
  startPrice: bigint;
  reservePrice: bigint | null;
  startDate: Date;
  endDate: Date;
  makerPaymentAddress: string;
  makerPaymentPublicKey: string | null;
  makerOrdinalAddress: string;
  /** The deposit, unsigned. */
  psbt: string | null;
  /** The seller's submitted meta (name, description, creator_*). */
  meta: JsonObject;
  creatorUserId: string | null;
  makerWalletId: string | null;
  depositTxid: string | null;
  makerWalletOutpoint: string | null;
  inscriptionOffset: bigint;
  depositLayout: AuctionDepositLayout | null;
  floorPrice: bigint | null;
  floorFee: bigint | null;
  settlementPsbt: string | null;
  /** The seller's 0x83 signature, hex: never leaves the server. */
  settlementSignature: string | null;
  settlementTxid: string | null;
}

const sats = (value: string | null) => (value === null ? null : BigInt(value));

function toAuction(row: Selectable<AuctionsTable>): Auction {
  return {
    id: row.id,
    slug: row.slug,
    inscriptionId: row.inscription_id,
    status: row.status,
    utxo: row.utxo,
    utxoValue: sats(row.utxo_value),
    startPrice: BigInt(row.start_price),
    reservePrice: sats(row.reserve_price),
    startDate: row.start_date,
    endDate: row.end_date,
    makerPaymentAddress: row.maker_payment_address,
    makerPaymentPublicKey: row.maker_payment_public_key,
    makerOrdinalAddress: row.maker_ordinal_address,
    psbt: row.psbt,
    meta: row.meta,
    creatorUserId: row.creator_user_id,
    makerWalletId: row.maker_wallet_id,
    depositTxid: row.deposit_txid,
    makerWalletOutpoint: row.maker_wallet_outpoint,
    inscriptionOffset: BigInt(row.inscription_offset),
    depositLayout: row.deposit_layout,
    floorPrice: sats(row.floor_price),
    floorFee: sats(row.floor_fee),
    settlementPsbt: row.settlement_psbt,
    settlementSignature: row.settlement_signature,
    settlementTxid: row.settlement_txid,
  };
}

/** The auction holding a slug, in any status. */
export async function auctionIdOfSlug(db: Db, slug: string): Promise<string | undefined> {
  const row = await db.kysely
    .selectFrom('auctions')
    .select('id')
    .where('slug', '=', slug)
    .executeTakeFirst();
  return row?.id;
}

/** Unsigned auctions older than this no longer hold their slug or inscription. */
const UNSIGNED_AUCTION_HOLD = '1 hour';

/**
 * Drops the auctions never signed that hold this slug or inscription: the seller's own at once (a
 * new create replaces what they left unsigned), anyone's after UNSIGNED_AUCTION_HOLD. Nothing was
 * broadcast for them and no bid can exist yet.
 */
export async function dropUnsignedAuctions(
  db: Db,
  claim: { slug: string; inscriptionId: string; userId: string },
): Promise<void> {
  await db.kysely
    .deleteFrom('auctions')
    .where('status', '=', 'pending_signature')
    .where((eb) =>
      eb.or([eb('slug', '=', claim.slug), eb('inscription_id', '=', claim.inscriptionId)]),
    )
    .where((eb) =>
      eb.or([
        eb('creator_user_id', '=', claim.userId),
        eb('created_at', '<', sql<Date>`now() - ${UNSIGNED_AUCTION_HOLD}::interval`),
      ]),
    )
    .execute();
}

/** An auction of the inscription still open (being signed, or taking bids). */
export async function hasOpenAuction(db: Db, inscriptionId: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('auctions')
    .select('id')
    .where('inscription_id', '=', inscriptionId)
    .where('status', 'in', ['pending_signature', 'pending', 'active'])
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A new auction awaiting the seller's signatures. An inscription missing from the catalogue (in no
 * collection) gets a bare row first: auctions reference the catalogue.
 */
export async function insertAuction(db: Db, row: NewAuction): Promise<string> {
  const inserted = db.kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto('inscriptions')
      .values({ inscription_id: row.inscription_id })
      .onConflict((oc) => oc.column('inscription_id').doNothing())
      .execute();
    const inserted = await trx
      .insertInto('auctions')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  });
  // The service checked slug and inscription before: two creates at once (a double submit) both
  // pass, and the second fails on a unique index. It answers the 409 a later create would get.
  return inserted.catch((err: unknown) => {
    const { code, constraint } = sqlErrorOf(err);
    if (code === '23505' && constraint === 'auctions_one_open_per_inscription') {
      throw new AppError(
        'CONFLICT',
        `meta.inscription_id: inscription ${row.inscription_id} is already on auction`,
      );
    }
    if (code === '23505' && constraint === 'auctions_slug_key')
      throw new AppError('CONFLICT', AUCTION_SLUG_TAKEN);
    throw err;
  });
}

export async function findAuction(db: Executor, id: string): Promise<Auction | undefined> {
  const row = await db.selectFrom('auctions').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toAuction(row);
}

export async function findAuctionBySlug(db: Db, slug: string): Promise<Auction | undefined> {
  const row = await db.kysely
    .selectFrom('auctions')
    .selectAll()
    .where('slug', '=', slug)
    .executeTakeFirst();
  return row && toAuction(row);
}

/** The auction's row, locked until the transaction ends: bids on one auction go one at a time. */
export async function lockAuction(trx: Transaction<Database>, id: string): Promise<Auction> {
  const row = await trx
    .selectFrom('auctions')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return toAuction(row);
}

/**
 * 'pending_signature' → 'active' with the seller's signatures, once: false if already done. Its
 * settlement is scheduled at its end in the same transaction (ADR 023).
 */
export async function activateAuction(
  db: Db,
  id: string,
  signed: { signedPsbt: string; settlementSignature: string },
  /** The deposit, journalled with the claim (product.md#trust-findings finding 5). */
  deposit: { hex: string; txid: string },
  jobs?: JobQueue,
): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('auctions')
      .set({
        status: 'active',
        signed_psbt: signed.signedPsbt,
        settlement_signature: signed.settlementSignature,
      })
      .where('id', '=', id)
      .where('status', '=', 'pending_signature')
      .returning('end_date')
      .executeTakeFirst();
    if (!row) return false;
    await journalClaim(trx, { kind: 'auction-deposit', ref: id, transactions: [deposit] });
    await scheduleSettlement(jobs, { id, endDate: row.end_date }, trx);
    return true;
  });
}

/** Undoes activateAuction when the node refused the deposit, or another spent its inputs. */
export async function deactivateAuction(db: Db, id: string): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable('auctions')
      .set({ status: 'pending_signature', signed_psbt: null, settlement_signature: null })
      .where('id', '=', id)
      .where('status', '=', 'active')
      .execute();
    await settleJournal(trx, 'auction-deposit', id, 'released');
  });
}

/** Auctions past their end still taking bids: the settlement worker's queue. */
export async function endedActiveAuctions(db: Db, now: Date): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom('auctions')
    .select('id')
    .where('status', '=', 'active')
    .where('end_date', '<=', now)
    .orderBy('end_date')
    .limit(100)
    .execute();
  return rows.map((r) => r.id);
}

// ── Settlement ───────────────────────────────────────────────────────────────────────────────

/** 'active' → 'settled' with the winning transaction, once: false when another process did it. */
export async function claimSettlement(
  db: Db,
  auctionId: string,
  /**
   * The winning bid's settlement, journalled with the claim (product.md#trust-findings finding 5;
   * ref: the bid).
   */
  settlement: { bidId: string; hex: string; txid: string },
): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('auctions')
      .set({ status: 'settled', settlement_txid: settlement.txid, settled_at: new Date() })
      .where('id', '=', auctionId)
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) return false;
    await journalClaim(trx, {
      kind: 'auction-settle',
      ref: settlement.bidId,
      transactions: [settlement],
    });
    return true;
  });
}

/**
 * Undoes claimSettlement when the node refused the transaction at broadcast, or another spent its
 * inputs: the auction is 'active' past its end again, and the worker tries the next bid.
 */
export async function releaseSettlement(
  db: Db,
  auctionId: string,
  txid: string,
  bidId: string,
): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable('auctions')
      .set({ status: 'active', settlement_txid: null, settled_at: null })
      .where('id', '=', auctionId)
      .where('settlement_txid', '=', txid)
      .execute();
    await settleJournal(trx, 'auction-settle', bidId, 'released');
  });
}

/** 'active' → 'unsold', once. */
export async function markUnsold(db: Db, auctionId: string): Promise<boolean> {
  const result = await db.kysely
    .updateTable('auctions')
    .set({ status: 'unsold', settled_at: new Date() })
    .where('id', '=', auctionId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** The inscription's content type, when the indexer knows it. */
export async function contentTypeOf(db: Db, inscriptionId: string): Promise<string | null> {
  const row = await db.kysely
    .selectFrom('chain_inscriptions')
    .select('content_type')
    .where('inscription_id', '=', inscriptionId)
    .executeTakeFirst();
  return row?.content_type ?? null;
}

// ── Canceling and clean-up ───────────────────────────────────────────────────────────────────

/** 'done', or why not: a bid was placed, or the auction's status (it is no longer open). */
export type CancelOutcome = 'done' | 'has-bids' | AuctionStatus;

/**
 * 'active' or 'pending_signature' → 'canceled' under the auction's row lock, unless a bid was
 * placed: a bid's confirm takes the same lock and checks the status, so no bid lands after this.
 * Bids built and never signed are deleted with it.
 */
export async function cancelAuctionIfNoBids(db: Db, auctionId: string): Promise<CancelOutcome> {
  return db.kysely.transaction().execute(async (trx) => {
    const locked = await lockAuction(trx, auctionId);
    if (locked.status !== 'active' && locked.status !== 'pending_signature') return locked.status;
    const placed = await trx
      .selectFrom('auction_bids')
      .select('id')
      .where('auction_id', '=', auctionId)
      .where('status', '!=', 'pending_signature')
      .executeTakeFirst();
    if (placed) return 'has-bids';
    await trx.deleteFrom('auction_bids').where('auction_id', '=', auctionId).execute();
    await trx
      .updateTable('auctions')
      .set({ status: 'canceled' })
      .where('id', '=', auctionId)
      .execute();
    return 'done';
  });
}

/** What is left unsigned for an hour: bids built and never confirmed, auctions never signed. */
export async function dropStaleUnsigned(db: Db): Promise<{ bids: number; auctions: number }> {
  const bids = await db.kysely
    .deleteFrom('auction_bids')
    .where('status', '=', 'pending_signature')
    .where('created_at', '<', sql<Date>`now() - ${UNSIGNED_AUCTION_HOLD}::interval`)
    .executeTakeFirst();
  const auctions = await db.kysely
    .deleteFrom('auctions')
    .where('status', '=', 'pending_signature')
    .where('created_at', '<', sql<Date>`now() - ${UNSIGNED_AUCTION_HOLD}::interval`)
    .executeTakeFirst();
  return { bids: Number(bids.numDeletedRows), auctions: Number(auctions.numDeletedRows) };
}
