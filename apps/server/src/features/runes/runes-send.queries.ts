import { sql } from 'kysely';
import type { Db } from '../../db/create-db.ts';

export interface RuneOutput {
  outpoint: string;
  /** Base units of the rune asked for. */
  amount: bigint;
}

/** The address's unspent outputs holding `runeId`, largest holding first (fewest outputs). */
export async function readRuneOutputs(
  db: Db,
  address: string,
  runeId: string,
): Promise<RuneOutput[]> {
  const { rows } = await sql<{ outpoint: string; amount: string }>`
    select outpoint, amount::text as amount from rune_balances
    where address = ${address} and rune_id = ${runeId} and spent_height is null
    order by amount desc, outpoint`.execute(db.kysely);
  return rows.map((r) => ({ outpoint: r.outpoint, amount: BigInt(r.amount) }));
}
