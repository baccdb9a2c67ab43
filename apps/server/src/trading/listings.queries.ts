import type { Discount } from '@om/core';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/create-db.ts';
import type { Database } from '../db/database.ts';
import type { NewOrderbookEntry, OrderbookEntry, OrderbookStatus } from '../db/market.tables.ts';
import type { ListingRow } from './listed-item.ts';

/** Orderbook rows and the catalogue as listing, delisting and relisting read and write them. */

type Executor = Db['kysely'] | Transaction<Database>;

export type CatalogueEntry = {
  name: string | null;
  collectionId: string | null;
  slug: string | null;
  isZeroFee: boolean;
  isTradable: boolean;
};

/** The market's catalogue row of each inscription and its collection, when it has one. */
export async function catalogueOf(
  db: Db,
  inscriptionIds: readonly string[],
): Promise<Map<string, CatalogueEntry>> {
  const rows = await db.kysely
    .selectFrom('inscriptions as i')
    .leftJoin('collections as c', 'c.id', 'i.collection_id')
    .select([
      'i.inscription_id',
      'i.name',
      'i.collection_id',
      'c.slug',
      'c.is_zero_fee',
      'c.is_tradable',
    ])
    .where('i.inscription_id', 'in', inscriptionIds)
    .execute();
  return new Map(
    rows.map((r) => [
      r.inscription_id,
      {
        name: r.name,
        collectionId: r.collection_id,
        slug: r.slug,
        isZeroFee: r.is_zero_fee ?? false,
        isTradable: r.is_tradable ?? true,
      },
    ]),
  );
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

/** Active fee discounts for any of these parameters (maker addresses, 'collection:{slug}'). */
export async function activeDiscounts(db: Db, parameters: readonly string[]): Promise<Discount[]> {
  const rows = await db.kysely
    .selectFrom('fee_discounts')
    .select(['type', 'discount', 'parameter', 'reason'])
    .where('active', '=', true)
    .where('parameter', 'in', parameters)
    .execute();
  return rows.map((r) => ({ ...r, discount: Number(r.discount) }));
}

/**
 * New listings awaiting their signature, in one transaction. An inscription missing from the
 * catalogue (in no collection) gets a bare row first: the orderbook references the catalogue.
 */
export async function insertPendingListings(
  db: Db,
  rows: readonly NewOrderbookEntry[],
): Promise<string[]> {
  return db.kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto('inscriptions')
      .values(rows.map((r) => ({ inscription_id: r.inscription_id })))
      .onConflict((oc) => oc.column('inscription_id').doNothing())
      .execute();
    const inserted = await trx
      .insertInto('orderbook')
      .values([...rows])
      .returning('id')
      .execute();
    return inserted.map((r) => r.id);
  });
}

/** Listings by id; the result carries signed_psbt, which never leaves the server. */
export async function findListings(
  db: Executor,
  ids: readonly string[],
): Promise<OrderbookEntry[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('orderbook').selectAll().where('id', 'in', ids).execute();
}

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
export async function findListingRows(db: Executor, ids: readonly string[]): Promise<ListingRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('orderbook').select(LISTING_ROW_COLUMNS).where('id', 'in', ids).execute();
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

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

/** The prepared on-chain delisting of a listing (the latest one wins). */
export async function saveDelist(
  db: Db,
  row: {
    listingId: string;
    psbt: string;
    layout: unknown;
    maxFeeRate: number;
    fee: bigint;
    makerPaymentAddress: string;
    expiresAt: Date;
  },
): Promise<void> {
  const values = {
    listing_id: row.listingId,
    psbt: row.psbt,
    layout: JSON.stringify(row.layout),
    max_fee_rate: row.maxFeeRate,
    fee: row.fee,
    maker_payment_address: row.makerPaymentAddress,
    expires_at: row.expiresAt,
  };
  await db.kysely
    .insertInto('listing_delists')
    .values(values)
    .onConflict((oc) => oc.column('listing_id').doUpdateSet({ ...values, created_at: sql`now()` }))
    .execute();
}

export async function findDelist(db: Db, listingId: string) {
  return db.kysely
    .selectFrom('listing_delists')
    .selectAll()
    .where('listing_id', '=', listingId)
    .executeTakeFirst();
}
