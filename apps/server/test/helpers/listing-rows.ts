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

/** A live launch with one open public phase, as its last signature leaves it; answers both ids. */
export async function insertLivePhase(
  db: Db,
  l: { slug: string; price: bigint; makerPaymentAddress: string; makerPaymentPublicKey: string },
): Promise<{ launchpadId: string; phaseId: string }> {
  const k = db.kysely;
  const collection = await k
    .insertInto('collections')
    .values({ slug: l.slug, name: l.slug })
    .returning('id')
    .executeTakeFirstOrThrow();
  const launch = await k
    .insertInto('launchpads')
    .values({
      slug: l.slug,
      collection_id: collection.id,
      status: 'active',
      launchpad_type: 'psbt',
      maker_payment_address: l.makerPaymentAddress,
      maker_payment_public_key: l.makerPaymentPublicKey,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const phase = await k
    .insertInto('launchpad_phases')
    .values({
      launchpad_id: launch.id,
      name: 'Public',
      phase_number: 1,
      start_date: 0n,
      price: l.price,
      status: 'active',
      is_public: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { launchpadId: launch.id, phaseId: phase.id };
}
