import { sql } from 'kysely';
import type { Db } from '../../db/create-db.ts';

/**
 * The outpoints among these that hold runes per the runes index (unspent rune balances). Such an
 * output is never cardinal: spent as padding or fee, its runes go with it (to the first output
 * that is not OP_RETURN, or burned), as an inscription would be lost.
 */
export async function runeBearingOutputs(
  db: Db,
  outpoints: readonly string[],
): Promise<Set<string>> {
  if (outpoints.length === 0) return new Set();
  const rows = await db.kysely
    .selectFrom('rune_balances')
    .select('outpoint')
    .distinct()
    .where('outpoint', '=', sql<string>`any(${[...outpoints]}::text[])`)
    .where('spent_height', 'is', null)
    .execute();
  return new Set(rows.map((r) => r.outpoint));
}
