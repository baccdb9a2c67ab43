import { sql, type Selectable, type Transaction } from 'kysely';
import type { Db } from '../db/create-db.ts';
import type { Database } from '../db/database.ts';
import { isUniqueViolation } from '../db/sql-error.ts';
import type { OrderbookStatus, OrderbookTable } from '../db/market.tables.ts';

/** Orderbook rows as listing, buying, delisting and relisting read and write them. */

type Executor = Db['kysely'] | Transaction<Database>;

/**
 * An orderbook row as a record (product.md#records): a market listing, or a launch item for sale
 * in its phase. Sats are bigint. Its maker witness carries the maker's signature: it never leaves
 * the server.
 */
export interface Listing {
  id: string;
  inscriptionId: string;
  collectionId: string | null;
  /** Set for a launch item, null for a market listing. */
  phaseId: string | null;
  psbtBatchId: string | null;
  indexInMakerPsbt: number | null;
  status: OrderbookStatus;
  price: bigint;
  /** txid:vout of the inscription's UTXO when listed. */
  outpoint: string;
  outputValue: bigint;
  makerFee: bigint;
  takerFee: bigint;
  makerPaymentAddress: string;
  makerPaymentPublicKey: string | null;
  makerOrdinalAddress: string;
  makerOrdinalPublicKey: string | null;
  takerPaymentAddress: string | null;
  takerOrdinalAddress: string | null;
  transactionId: string | null;
  isSnipeProtected: boolean;
  /** A market listing's input and output in its listing PSBT. */
  psbtIndex: number | null;
  /** Offset of the inscription's sat in the listed UTXO. */
  inscriptionOffset: bigint;
  /** A snipe-protected listing's maker-wallet witness script, hex. */
  witnessScript: string | null;
  /** A launch item's own seller witness, hex items. */
  makerWitness: string[] | null;
  reservedUntil: Date | null;
  listedAt: Date | null;
  closedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A listing with its copies of the listing PSBT: as built, and as the maker signed it (the
 * signature never leaves the server).
 */
export interface ListingWithPsbts extends Listing {
  psbt: string | null;
  signedPsbt: string | null;
}

/** A market listing to store, awaiting its signature. */
export interface NewListing {
  inscriptionId: string;
  collectionId: string | null;
  price: bigint;
  outpoint: string;
  outputValue: bigint;
  inscriptionOffset: bigint;
  makerFee: bigint;
  makerPaymentAddress: string;
  makerPaymentPublicKey: string;
  makerOrdinalAddress: string;
  makerOrdinalPublicKey: string;
  psbt: string;
  psbtIndex: number;
  witnessScript: string | null;
}

/**
 * Which of these inscriptions, on these outputs, are for sale now: by a market listing, or by a
 * launch phase's order of the output they sit on. A phase's order of an item minted in another
 * phase stays 'active' on the output the item left, and must not stop its minter listing it
 * (product.md#walk-through-fixes item 8).
 */
export async function listedInscriptions(
  db: Db,
  items: readonly { inscriptionId: string; outpoint: string }[],
): Promise<Set<string>> {
  if (items.length === 0) return new Set();
  const rows = await db.kysely
    .selectFrom('orderbook')
    .select('inscription_id')
    .where('status', '=', 'active')
    .where(
      'inscription_id',
      'in',
      items.map((i) => i.inscriptionId),
    )
    .where((eb) =>
      eb.or([
        eb('phase_id', 'is', null),
        eb(
          'outpoint',
          'in',
          items.map((i) => i.outpoint),
        ),
      ]),
    )
    .execute();
  return new Set(rows.map((r) => r.inscription_id));
}

/**
 * New listings awaiting their signature, in one transaction. An inscription missing from the
 * catalogue (in no collection) gets a bare row first: the orderbook references the catalogue.
 */
export async function insertPendingListings(
  db: Db,
  listings: readonly NewListing[],
): Promise<string[]> {
  return db.kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto('inscriptions')
      .values(listings.map((l) => ({ inscription_id: l.inscriptionId })))
      .onConflict((oc) => oc.column('inscription_id').doNothing())
      .execute();
    const inserted = await trx
      .insertInto('orderbook')
      .values(
        listings.map((l) => ({
          inscription_id: l.inscriptionId,
          collection_id: l.collectionId,
          status: 'pending' as const,
          price: l.price,
          outpoint: l.outpoint,
          output_value: l.outputValue,
          inscription_offset: l.inscriptionOffset,
          maker_fee: l.makerFee,
          maker_payment_address: l.makerPaymentAddress,
          maker_payment_public_key: l.makerPaymentPublicKey,
          maker_ordinal_address: l.makerOrdinalAddress,
          maker_ordinal_public_key: l.makerOrdinalPublicKey,
          psbt: l.psbt,
          psbt_index: l.psbtIndex,
          witness_script: l.witnessScript,
        })),
      )
      .returning('id')
      .execute();
    return inserted.map((r) => r.id);
  });
}

/** Listings by id; the result carries the signed PSBT, which never leaves the server. */
export async function findListings(
  db: Executor,
  ids: readonly string[],
): Promise<ListingWithPsbts[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('orderbook').selectAll().where('id', 'in', ids).execute();
  return rows.map((row) => ({
    ...toListing(row),
    psbt: row.psbt,
    signedPsbt: row.signed_psbt,
  }));
}

/** An orderbook row without its PSBT copies, as read: what toListing takes. */
export type ListingRow = Omit<Selectable<OrderbookTable>, 'psbt' | 'signed_psbt'>;

export function toListing(row: ListingRow): Listing {
  return {
    id: row.id,
    inscriptionId: row.inscription_id,
    collectionId: row.collection_id,
    phaseId: row.phase_id,
    psbtBatchId: row.psbt_batch_id,
    indexInMakerPsbt: row.index_in_maker_psbt,
    status: row.status,
    price: BigInt(row.price),
    outpoint: row.outpoint,
    outputValue: BigInt(row.output_value),
    makerFee: BigInt(row.maker_fee),
    takerFee: BigInt(row.taker_fee),
    makerPaymentAddress: row.maker_payment_address,
    makerPaymentPublicKey: row.maker_payment_public_key,
    makerOrdinalAddress: row.maker_ordinal_address,
    makerOrdinalPublicKey: row.maker_ordinal_public_key,
    takerPaymentAddress: row.taker_payment_address,
    takerOrdinalAddress: row.taker_ordinal_address,
    transactionId: row.transaction_id,
    isSnipeProtected: row.is_snipe_protected,
    psbtIndex: row.psbt_index,
    inscriptionOffset: BigInt(row.inscription_offset),
    witnessScript: row.witness_script,
    makerWitness: row.maker_witness,
    reservedUntil: row.reserved_until,
    listedAt: row.listed_at,
    closedAt: row.closed_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * SQL: a transaction in the mempool spends the output of orderbook row `o` (the trade tracker's
 * check of market listings and launch items alike).
 */
export const orderSpentInMempool = sql`exists (
  select 1 from mempool_spends s
  where s.prev_txid = split_part(o.outpoint, ':', 1)
    and s.prev_vout = split_part(o.outpoint, ':', 2)::integer)`;

/** Every orderbook column but the PSBT copies: a ListingRow. */
export const LISTING_ROW_COLUMNS = [
  'id',
  'inscription_id',
  'collection_id',
  'phase_id',
  'psbt_batch_id',
  'index_in_maker_psbt',
  'status',
  'price',
  'outpoint',
  'output_value',
  'maker_fee',
  'taker_fee',
  'maker_payment_address',
  'maker_payment_public_key',
  'maker_ordinal_address',
  'maker_ordinal_public_key',
  'taker_payment_address',
  'taker_ordinal_address',
  'transaction_id',
  'is_snipe_protected',
  'psbt_index',
  'inscription_offset',
  'witness_script',
  'maker_witness',
  'reserved_until',
  'listed_at',
  'closed_at',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof ListingRow)[];

/**
 * Listings by id without their PSBTs (a launch row's witness is its maker_witness): what a mint
 * reads. The result carries maker_witness, which never leaves the server.
 */
export async function findListingRows(db: Executor, ids: readonly string[]): Promise<Listing[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('orderbook')
    .select(LISTING_ROW_COLUMNS)
    .where('id', 'in', ids)
    .execute();
  return rows.map(toListing);
}

/** Where these listings stand now: a purchase that lost a race asks who took them. */
export async function listingStates(
  db: Db,
  ids: readonly string[],
): Promise<{ id: string; status: OrderbookStatus; transactionId: string | null }[]> {
  if (ids.length === 0) return [];
  const rows = await db.kysely
    .selectFrom('orderbook')
    .select(['id', 'status', 'transaction_id'])
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => ({ id: r.id, status: r.status, transactionId: r.transaction_id }));
}

export type ConflictOutcome = 'ok' | 'changed' | 'already-listed';

/**
 * Pending listings become active with the maker's signed PSBT: all of them or none (a row that is
 * no longer pending, or an inscription listed meanwhile, rolls back). A listing whose input is a
 * maker-wallet output (it has a witness script) is snipe-protected.
 */
export async function activateListings(
  db: Db,
  ids: readonly string[],
  signedPsbt: string,
): Promise<ConflictOutcome> {
  return inTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable('orderbook')
      .set({
        status: 'active',
        signed_psbt: signedPsbt,
        listed_at: new Date(),
        is_snipe_protected: sql<boolean>`witness_script is not null`,
      })
      .where('id', 'in', ids)
      .where('status', '=', 'pending')
      .returning('id')
      .execute();
    return updated.length === ids.length;
  });
}

/** A new price and signature for an active listing, the old signature discarded in the same write. */
export async function replaceListingSignature(
  db: Db,
  id: string,
  changes: {
    price: bigint;
    makerFee: bigint;
    makerPaymentAddress: string;
    makerPaymentPublicKey: string;
    makerOrdinalPublicKey: string;
    psbt: string;
    signedPsbt: string;
  },
): Promise<boolean> {
  const updated = await db.kysely
    .updateTable('orderbook')
    .set({
      price: changes.price,
      maker_fee: changes.makerFee,
      maker_payment_address: changes.makerPaymentAddress,
      maker_payment_public_key: changes.makerPaymentPublicKey,
      maker_ordinal_public_key: changes.makerOrdinalPublicKey,
      psbt: changes.psbt,
      psbt_index: 0,
      signed_psbt: changes.signedPsbt,
    })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .returning('id')
    .execute();
  return updated.length === 1;
}

/** Takes a listing off sale; false when it was not pending or active any more. */
export async function cancelListing(
  db: Executor,
  id: string,
  /**
   * An exposed listing closes only by an on-chain delisting (product.md#trust-findings finding 2).
   */
  from: readonly OrderbookStatus[] = ['pending', 'active'],
): Promise<boolean> {
  const updated = await db
    .updateTable('orderbook')
    .set({ status: 'canceled', closed_at: new Date() })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .returning('id')
    .execute();
  return updated.length === 1;
}

/** Puts a listing back on sale after its delisting transaction was refused by the network. */
export async function reopenListing(db: Db, id: string, status: 'pending' | 'active' | 'exposed') {
  await db.kysely
    .updateTable('orderbook')
    .set({ status, closed_at: null })
    .where('id', '=', id)
    .where('status', '=', 'canceled')
    .execute();
}

/**
 * Runs `work` in a transaction that commits only when it answers true. PostgreSQL's unique
 * violation (one active listing per inscription) is 'already-listed'.
 */
async function inTransaction(
  db: Db,
  work: (trx: Transaction<Database>) => Promise<boolean>,
): Promise<ConflictOutcome> {
  try {
    return await db.kysely.transaction().execute(async (trx) => {
      if (!(await work(trx))) throw new Rollback();
      return 'ok' as const;
    });
  } catch (err) {
    if (err instanceof Rollback) return 'changed';
    if (isUniqueViolation(err)) return 'already-listed';
    throw err;
  }
}

class Rollback extends Error {}
