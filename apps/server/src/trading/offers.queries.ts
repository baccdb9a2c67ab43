import type { BuiltPaddingSetup, BuiltPurchase } from '@om/bitcoin';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/create-db.ts';
import type { PurchaseOffersTable } from '../db/trading.tables.ts';
import { sqlErrorOf } from '../db/sql-error.ts';
import {
  settleJournal,
  settleJournalQuery,
  type NewClaim,
} from './claimed-transactions.queries.ts';

/** Purchase offers and the claim that marks listings sold exactly once. */

export type NewOffer = {
  txid: string;
  listingIds: readonly string[];
  psbt: string;
  layout: BuiltPurchase['layout'];
  feeRate: number;
  maxFeeRate: number;
  platformFee: bigint;
  networkFee: bigint;
  setup?: OfferSetup;
  takerPaymentAddress: string;
  takerPaymentPublicKey: string;
  takerOrdinalAddress: string;
  expiresAt: Date;
  /** A mint offer's phase (launch items). */
  phaseId?: string;
};

/**
 * A sale of one listing to the claiming transaction, recorded as an initiated trade
 * (product.md#records).
 */
type NewTrade = {
  listingId: string;
  inscriptionId: string;
  price: bigint;
  makerAddress: string;
  takerAddress: string;
  /** The purchase's fee rate, sat/vB. */
  feeRate: number;
  inscriptionName: string | null;
  collectionSlug: string | null;
  isSnipeProtected: boolean;
};

/** The padding setup chained before a purchase, when the taker had no padding coins. */
type OfferSetup = { txid: string; psbt: string; layout: BuiltPaddingSetup['layout'] };

/** An offer as stored: what a submit is checked against. */
export type StoredOffer = Omit<NewOffer, 'setup' | 'phaseId' | 'listingIds'> & {
  listingIds: string[];
  setup: OfferSetup | null;
  phaseId: string | null;
  /** The final transaction once submitted. */
  transactionId: string | null;
};

function toStoredOffer(row: Selectable<PurchaseOffersTable>): StoredOffer {
  return {
    txid: row.txid,
    listingIds: row.listing_ids,
    psbt: row.psbt,
    layout: row.layout,
    feeRate: Number(row.fee_rate),
    maxFeeRate: Number(row.max_fee_rate),
    platformFee: BigInt(row.platform_fee),
    networkFee: BigInt(row.network_fee),
    setup:
      row.setup_txid && row.setup_psbt && row.setup_layout
        ? { txid: row.setup_txid, psbt: row.setup_psbt, layout: row.setup_layout }
        : null,
    takerPaymentAddress: row.taker_payment_address,
    takerPaymentPublicKey: row.taker_payment_public_key,
    takerOrdinalAddress: row.taker_ordinal_address,
    expiresAt: row.expires_at,
    phaseId: row.phase_id,
    transactionId: row.transaction_id,
  };
}

/** Stores an offer; building the same transaction twice keeps one row, with the later expiry. */
export async function insertOffer(db: Db, offer: NewOffer): Promise<void> {
  const values = {
    txid: offer.txid,
    listing_ids: [...offer.listingIds],
    psbt: offer.psbt,
    layout: JSON.stringify(offer.layout),
    fee_rate: offer.feeRate,
    max_fee_rate: offer.maxFeeRate,
    platform_fee: offer.platformFee,
    network_fee: offer.networkFee,
    setup_txid: offer.setup?.txid ?? null,
    setup_psbt: offer.setup?.psbt ?? null,
    setup_layout: offer.setup ? JSON.stringify(offer.setup.layout) : null,
    taker_payment_address: offer.takerPaymentAddress,
    taker_payment_public_key: offer.takerPaymentPublicKey,
    taker_ordinal_address: offer.takerOrdinalAddress,
    expires_at: offer.expiresAt,
    phase_id: offer.phaseId ?? null,
  };
  // Offers nobody submitted are of no use a day after they expired: swept in the same statement
  // (one round trip per offer built, product.md#scale-and-delivery), never the one stored here.
  await db.kysely
    .with('swept', (qc) =>
      qc
        .deleteFrom('purchase_offers')
        .where('transaction_id', 'is', null)
        .where('expires_at', '<', sql<Date>`now() - interval '1 day'`),
    )
    .insertInto('purchase_offers')
    .values(values)
    .onConflict((oc) => oc.column('txid').doUpdateSet({ expires_at: offer.expiresAt }))
    .execute();
}

export async function findOffer(db: Db, txid: string): Promise<StoredOffer | undefined> {
  const row = await db.kysely
    .selectFrom('purchase_offers')
    .selectAll()
    .where('txid', '=', txid)
    .executeTakeFirst();
  return row && toStoredOffer(row);
}

/**
 * Marks the listings sold to this transaction, all or none, records the trades as initiated and
 * journals the transactions: `UPDATE … WHERE status = 'active'` under PostgreSQL's row locks lets
 * exactly one of two racing purchases through. Answers the first listing that was no longer
 * active, if any.
 */
export async function claimListings(
  db: Db,
  claim: {
    ids: readonly string[];
    transactionId: string;
    takerPaymentAddress: string;
    takerOrdinalAddress: string;
    trades: readonly NewTrade[];
    /**
     * A mint (ADR 010): the items must still be reserved for this taker, under the lock that
     * serializes the taker's offers and mints in the phase, so allocations hold.
     */
    mintPhaseId?: string | null;
    /** The final transactions, journalled with the claim (product.md#trust-findings finding 5). */
    journal: NewClaim;
  },
): Promise<string | undefined> {
  const lockKeys = claim.mintPhaseId
    ? takerLockKeys(claim.mintPhaseId, [claim.takerOrdinalAddress, claim.takerPaymentAddress])
    : [];
  const trades = claim.trades.map(tradeValues);
  try {
    // One statement (db/functions/claim_listings.sql): lock, claim, trades and journal.
    await sql`select claim_listings(${lockKeys}::text[], ${[...claim.ids]}::uuid[],
      ${claim.transactionId}, ${claim.takerPaymentAddress}, ${claim.takerOrdinalAddress},
      ${Boolean(claim.mintPhaseId)}, ${JSON.stringify(trades)}::jsonb, ${claim.journal.kind},
      ${claim.journal.ref}, ${claim.journal.transactions.map((t) => t.hex)}::text[],
      ${claim.journal.transactions.map((t) => t.txid)}::text[])`.execute(db.kysely);
    return undefined;
  } catch (err) {
    const { code, detail } = sqlErrorOf(err);
    if (code === 'OML01' && detail) return detail;
    throw err;
  }
}

/** trade_history's columns of a trade, as claim_listings reads them from JSON. */
function tradeValues(trade: NewTrade) {
  return {
    order_id: trade.listingId,
    inscription_id: trade.inscriptionId,
    // A string: JSON has no bigint (claim_listings reads it as one).
    price: trade.price.toString(),
    maker_address: trade.makerAddress,
    taker_address: trade.takerAddress,
    // sat/vB, to three places.
    fee_rate: trade.feeRate.toFixed(3),
    thumbnail_url: `/content/${trade.inscriptionId}`,
    inscription_name: trade.inscriptionName,
    collection_slug: trade.collectionSlug,
    is_snipe_protected: trade.isSnipeProtected,
  };
}

/**
 * The advisory lock keys that serialize one taker's mint offers and mints in a phase (each of its
 * addresses, sorted so that two takers never deadlock), so counting an allow-list entry's use and
 * taking items cannot interleave (product.md#trust-findings finding 1: the entry is either
 * address, so both are locked). mint_reserve, take_hold and claim_listings take them through
 * lock_in_order.sql.
 */
export const takerLockKeys = (phaseId: string, addresses: readonly string[]): string[] =>
  [...new Set(addresses)].sort().map((address) => `${phaseId}|${address}`);

/** Undoes a claim whose transaction the network refused: the listings are for sale again. */
export async function releaseClaim(
  db: Db,
  ids: readonly string[],
  transactionId: string,
  offerTxid: string,
) {
  await db.kysely.transaction().execute(async (trx) => {
    await settleJournal(trx, 'purchase', offerTxid, 'released');
    await trx
      .updateTable('orderbook')
      .set({
        status: 'active',
        transaction_id: null,
        taker_payment_address: null,
        taker_ordinal_address: null,
        closed_at: null,
      })
      .where('id', 'in', ids)
      .where('status', '=', 'broadcast')
      .where('transaction_id', '=', transactionId)
      .execute();
    await trx
      .deleteFrom('trade_history')
      .where('order_id', 'in', ids)
      .where('transaction_id', '=', transactionId)
      .execute();
  });
}

/**
 * The purchase is in the mempool: its trades move on from initiated, the offer is spent, and the
 * reservation hold it was built under (`endHold`, a mint's) ends now rather than when it lapses.
 */
export async function markBroadcast(
  db: Db,
  offerTxid: string,
  transactionId: string,
  endHold?: string,
) {
  // One statement, as atomic as the transaction it replaces, in one round trip instead of five
  // (product.md#scale-and-delivery): the updates and the delete touch different tables.
  await db.kysely
    .with('journal', (qc) => settleJournalQuery(qc, 'purchase', offerTxid, 'sent'))
    .with('trades', (qc) =>
      qc
        .updateTable('trade_history')
        .set({ trade_status: 'mempool' })
        .where('transaction_id', '=', transactionId)
        .where('trade_status', '=', 'initiated'),
    )
    // reservation_holds is not in Database (its queries are SQL, reservation-holds.queries.ts).
    .with('hold', () => sql`(delete from reservation_holds where holder = ${endHold ?? null})`)
    .updateTable('purchase_offers')
    .set({ transaction_id: transactionId })
    .where('txid', '=', offerTxid)
    .execute();
}
