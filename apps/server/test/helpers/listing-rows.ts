import type { Db } from '../../src/db/create-db.ts';

// Listings written straight into the orderbook (no node, no PSBT), for tests of the queries and
// workers that read and move them. A listing is named by a byte: its inscription is that byte's
// txid, output 0.

export const byteTxid = (byte: string) => byte.repeat(32);
export const byteInscriptionId = (byte: string) => `${byteTxid(byte)}i0`;

/** An inscription and a listing of it by 'maker'; answers the listing's id. */
export async function insertListingRow(
  db: Db,
  byte: string,
  row: {
    status: 'active' | 'broadcast';
    price?: bigint;
    /** A launch item reserved for a taker until a time. */
    reservation?: { taker: string; until: Date };
  },
): Promise<string> {
  await db.kysely
    .insertInto('inscriptions')
    .values({ inscription_id: byteInscriptionId(byte) })
    .execute();
  const { id } = await db.kysely
    .insertInto('orderbook')
    .values({
      inscription_id: byteInscriptionId(byte),
      status: row.status,
      price: row.price ?? 10_000n,
      outpoint: `${byteTxid(byte)}:0`,
      output_value: 10_000n,
      maker_payment_address: 'maker',
      maker_ordinal_address: 'maker',
      taker_ordinal_address: row.reservation?.taker ?? null,
      reserved_until: row.reservation?.until ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
