import { sql } from 'kysely';
import type { Db } from '../../db/create-db.ts';

/** The runes each of these outpoints holds (unspent), by rune number; outpoints without are absent. */
export async function runesOnOutputs(
  db: Db,
  outpoints: readonly string[],
): Promise<Map<string, { runeId: string; name: string; divisibility: number; amount: bigint }[]>> {
  const result = new Map<
    string,
    { runeId: string; name: string; divisibility: number; amount: bigint }[]
  >();
  if (outpoints.length === 0) return result;
  const rows = await db.kysely
    .selectFrom('rune_balances as b')
    .innerJoin('rune_entries as e', 'e.id', 'b.rune_id')
    .select(['b.outpoint', 'b.rune_id', 'b.amount', 'e.spaced_name', 'e.divisibility'])
    .where('b.outpoint', '=', sql<string>`any(${[...outpoints]}::text[])`)
    .where('b.spent_height', 'is', null)
    .orderBy('e.number')
    .execute();
  for (const r of rows) {
    const held = result.get(r.outpoint) ?? [];
    held.push({
      runeId: r.rune_id,
      name: r.spaced_name,
      divisibility: r.divisibility,
      amount: BigInt(r.amount),
    });
    result.set(r.outpoint, held);
  }
  return result;
}
