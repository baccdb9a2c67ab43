import { sql } from 'kysely';
import type { Db } from '../../db/create-db.ts';

// What the inscription service reads of the BRC-20 index (migration 0019, issue 14): a ticker to
// check a mint order against, and the index's verdict on each mint once mined.

export type MintTicker = {
  originalTick: string;
  /** Scaled by 10^18, as the index stores them. */
  maxSupply: bigint;
  limitPerMint: bigint;
  mintedSupply: bigint;
  decimals: number;
  selfMint: boolean;
};

/** The deployed ticker (ticks are case-insensitive), or undefined. */
export async function mintTicker(db: Db, tick: string): Promise<MintTicker | undefined> {
  const { rows } = await sql<{
    original_tick: string;
    max_supply: string;
    limit_per_mint: string;
    minted_supply: string;
    decimals: number;
    self_mint: boolean;
  }>`select original_tick, max_supply::text, limit_per_mint::text, minted_supply::text, decimals,
      self_mint from brc20_tickers where tick = ${tick.toLowerCase()}`.execute(db.kysely);
  const row = rows[0];
  if (!row) return undefined;
  return {
    originalTick: row.original_tick,
    maxSupply: BigInt(row.max_supply),
    limitPerMint: BigInt(row.limit_per_mint),
    mintedSupply: BigInt(row.minted_supply),
    decimals: row.decimals,
    selfMint: row.self_mint,
  };
}

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
