import { sql } from 'kysely';
import type { Db } from '../db/create-db.ts';
import { rollbackBrc20 } from './brc20/brc20-index.queries.ts';
import { rollbackRunes } from './runes/runes-write.queries.ts';
import { INDEXER_LOCK } from './write-block.ts';
import type { IndexerCounters } from './indexer.types.ts';
import { chunks } from '../shared/chunks.ts';

const BATCH = 1000;

export interface ChainTip {
  height: number;
  hash: string;
  counters: IndexerCounters;
}

export const INITIAL_COUNTERS: IndexerCounters = {
  nextSequence: 0,
  blessedCount: 0,
  cursedCount: 0,
  lostSats: 0n,
  unboundCount: 0,
};

type StoredCounters = Omit<IndexerCounters, 'lostSats'> & { lostSats: string };

export async function readTip(db: Db): Promise<ChainTip | undefined> {
  const row = await db.kysely
    .selectFrom('chain_blocks')
    .select(['height', 'hash', 'counters'])
    .orderBy('height', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  const stored = row.counters as StoredCounters;
  return {
    height: row.height,
    hash: row.hash,
    counters: { ...stored, lostSats: BigInt(stored.lostSats) },
  };
}

export async function blockHashAt(db: Db, height: number): Promise<string | undefined> {
  const row = await db.kysely
    .selectFrom('chain_blocks')
    .select('hash')
    .where('height', '=', height)
    .executeTakeFirst();
  return row?.hash;
}

/**
 * Undoes every block above `height`: the reorg path. Counters come back with the tip's row. The
 * BRC-20 and runes indexes built on these blocks are undone in the same transaction.
 */
export async function rollbackTo(db: Db, height: number): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${INDEXER_LOCK})`.execute(trx);
    await rollbackBrc20(trx, height);
    await rollbackRunes(trx, height);
    await trx.deleteFrom('chain_inscriptions').where('genesis_height', '>', height).execute();
    const affected = await trx
      .selectFrom('chain_transfers')
      .select('inscription_id')
      .distinct()
      .where('height', '>', height)
      .execute();
    await trx.deleteFrom('chain_transfers').where('height', '>', height).execute();
    const ids = affected.map((a) => a.inscription_id);
    for (const slice of chunks(ids, BATCH)) {
      await sql`
        update chain_inscriptions as c set
          (txid, vout, sat_offset, output_value, address, location_height) = (
            select t.txid, t.vout, t.sat_offset, t.output_value, t.address, t.height
            from chain_transfers t where t.inscription_id = c.inscription_id
            order by t.height desc, t.seq desc limit 1),
          charms = array(
            select distinct x from unnest(c.genesis_charms || array(
              select unnest(t.added_charms) from chain_transfers t where t.inscription_id = c.inscription_id
            )) as x order by x)
        where c.inscription_id = any(${slice}::text[])`.execute(trx);
    }
    await trx.deleteFrom('chain_utxos').where('height', '>', height).execute();
    await trx.deleteFrom('chain_spends').where('spent_height', '>', height).execute();
    await trx.deleteFrom('chain_blocks').where('height', '>', height).execute();
  });
}
