import { sql } from 'kysely';
import type { Db } from '../../db/create-db.ts';

// What the inscription service reads of the BRC-20 index (migration 0019, ADR 016) besides its
// tickers (readTicker): the index's verdict on each mint once mined, and how far it has got.

/** The amount (scaled) each of these inscriptions minted, from the index's mint-inscribe events. */
export async function mintedAmounts(
  db: Db,
  inscriptionIds: readonly string[],
): Promise<Map<string, bigint>> {
  if (inscriptionIds.length === 0) return new Map();
  const { rows } = await sql<{ inscription_id: string; amount: string }>`
    select inscription_id, amount::text as amount from brc20_events
    where type = 'mint-inscribe' and inscription_id in (${sql.join(inscriptionIds)})`.execute(
    db.kysely,
  );
  return new Map(rows.map((r) => [r.inscription_id, BigInt(r.amount)]));
}

/** The last block the BRC-20 index has processed, or -1. */
export async function brc20IndexedHeight(db: Db): Promise<number> {
  const { rows } = await sql<{ height: number | null }>`
    select max(height) as height from brc20_blocks`.execute(db.kysely);
  return rows[0]?.height ?? -1;
}
