import type { HealthPayload } from '@om/core';
import type { Db } from '../../db/create-db.ts';

/** Each index's highest block, in one round trip (the health check is polled). */
export async function indexedHeights(db: Db): Promise<HealthPayload['indexed']> {
  const row = await db.kysely
    .selectNoFrom((eb) => [
      eb
        .selectFrom('chain_blocks')
        .select((b) => b.fn.max('height').as('h'))
        .as('inscriptions'),
      eb
        .selectFrom('brc20_blocks')
        .select((b) => b.fn.max('height').as('h'))
        .as('brc20'),
      eb
        .selectFrom('rune_blocks')
        .select((b) => b.fn.max('height').as('h'))
        .as('runes'),
    ])
    .executeTakeFirstOrThrow();
  const height = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    inscriptions: height(row.inscriptions),
    brc20: height(row.brc20),
    runes: height(row.runes),
  };
}
