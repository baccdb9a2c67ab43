import type { BuiltDelist } from '@om/bitcoin';
import { sql } from 'kysely';
import type { Db } from '../db/create-db.ts';

/** On-chain delistings as prepared (listing_delists), until the maker signs one. */

/** The prepared on-chain delisting of a listing (the latest one wins). */
export async function saveDelist(db: Db, delist: PreparedDelist): Promise<void> {
  const values = {
    listing_id: delist.listingId,
    psbt: delist.psbt,
    layout: JSON.stringify(delist.layout),
    max_fee_rate: delist.maxFeeRate,
    fee: delist.fee,
    maker_payment_address: delist.makerPaymentAddress,
    expires_at: delist.expiresAt,
  };
  await db.kysely
    .insertInto('listing_delists')
    .values(values)
    .onConflict((oc) => oc.column('listing_id').doUpdateSet({ ...values, created_at: sql`now()` }))
    .execute();
}

/** A delisting as prepared: what its signed PSBT is finalized against. */
export interface PreparedDelist {
  listingId: string;
  psbt: string;
  layout: BuiltDelist['layout'];
  maxFeeRate: number;
  fee: bigint;
  makerPaymentAddress: string;
  expiresAt: Date;
}

export async function findDelist(db: Db, listingId: string): Promise<PreparedDelist | undefined> {
  const row = await db.kysely
    .selectFrom('listing_delists')
    .selectAll()
    .where('listing_id', '=', listingId)
    .executeTakeFirst();
  return (
    row && {
      listingId: row.listing_id,
      psbt: row.psbt,
      layout: row.layout,
      maxFeeRate: Number(row.max_fee_rate),
      fee: BigInt(row.fee),
      makerPaymentAddress: row.maker_payment_address,
      expiresAt: row.expires_at,
    }
  );
}
