import type { Db } from '../../db/create-db.ts';

/**
 * The height at which the index saw the transfer inscription's first move, or undefined when it
 * has not (an unused transferable, or an inscription the index does not hold as one).
 */
export async function usedTransferHeight(
  db: Db,
  inscriptionId: string,
): Promise<number | undefined> {
  const row = await db.kysely
    .selectFrom('brc20_transferables')
    .select('used_height')
    .where('inscription_id', '=', inscriptionId)
    .executeTakeFirst();
  return row?.used_height ?? undefined;
}
