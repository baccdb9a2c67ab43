import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/create-db.ts';
import type { Database } from '../db/database.ts';
import type { OutputSpend } from './decode-rpc-block.ts';
import type {
  BlockRows,
  IndexerCounters,
  InscriptionsOnOutputs,
  LocationRow,
  NewInscriptionRow,
} from './indexer.types.ts';

/** Writes of one block share a transaction; this lock keeps two indexers from interleaving. */
const INDEXER_LOCK = 7265737;
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

/** The inscriptions sitting on the outputs a block spends ("txid:vout" → inscriptions). */
export async function inscriptionsOnOutputs(
  db: Db,
  outpoints: string[],
): Promise<InscriptionsOnOutputs> {
  const result: InscriptionsOnOutputs = new Map();
  if (outpoints.length === 0) return result;
  const txids = [...new Set(outpoints.map((o) => o.slice(0, 64)))];
  const wanted = new Set(outpoints);
  for (let i = 0; i < txids.length; i += BATCH) {
    const rows = await db.kysely
      .selectFrom('chain_inscriptions')
      .select(['inscription_id', 'sequence', 'txid', 'vout', 'sat_offset', 'charms'])
      .where('txid', 'in', txids.slice(i, i + BATCH))
      .execute();
    for (const row of rows) {
      const key = `${row.txid}:${row.vout}`;
      if (!wanted.has(key)) continue;
      const list = result.get(key) ?? [];
      list.push({
        id: row.inscription_id,
        sequence: Number(row.sequence),
        offset: BigInt(row.sat_offset),
        isCursedOrVindicated: row.charms.includes('cursed') || row.charms.includes('vindicated'),
      });
      result.set(key, list);
    }
  }
  return result;
}

export class NotNextBlockError extends Error {
  override name = 'NotNextBlockError';
}

/**
 * Writes one block's rows in one transaction that first checks the block extends the tip.
 * Writing a block that is already stored (same height and hash) is a no-op, so a restart after
 * a crash at any point neither loses nor duplicates anything.
 */
export async function writeBlock(
  db: Db,
  rows: BlockRows,
  opts: { indexUtxos: boolean; startHeight: number; spends: OutputSpend[] },
): Promise<'written' | 'already'> {
  return db.kysely.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${INDEXER_LOCK})`.execute(trx);
    const { block } = rows;
    const existing = await trx
      .selectFrom('chain_blocks')
      .select('hash')
      .where('height', '=', block.height)
      .executeTakeFirst();
    if (existing?.hash === block.hash) return 'already';
    const tip = await trx
      .selectFrom('chain_blocks')
      .select(['height', 'hash'])
      .orderBy('height', 'desc')
      .limit(1)
      .executeTakeFirst();
    const isNext = tip
      ? tip.height + 1 === block.height && tip.hash === block.previousHash
      : block.height === opts.startHeight;
    if (!isNext) {
      throw new NotNextBlockError(
        `block ${block.height} ${block.hash} does not extend the tip ${tip?.height ?? 'none'}`,
      );
    }
    await trx
      .insertInto('chain_blocks')
      .values({
        height: block.height,
        hash: block.hash,
        previous_hash: block.previousHash,
        block_time: new Date(block.time * 1000),
        counters: JSON.stringify({
          ...rows.countersAfter,
          lostSats: rows.countersAfter.lostSats.toString(),
        }),
      })
      .execute();
    await insertInscriptions(trx, rows, block.height);
    await insertTransfers(trx, rows.locations, block.height);
    await moveOldInscriptions(trx, rows, block.height);
    if (opts.indexUtxos) await writeUtxos(trx, rows, opts.spends, block.height);
    return 'written';
  });
}

/** The last location of each inscription moved in this block. */
function finalLocations(locations: LocationRow[]): Map<string, LocationRow & { charms: string[] }> {
  const result = new Map<string, LocationRow & { charms: string[] }>();
  for (const loc of locations) {
    const charms = [...(result.get(loc.id)?.charms ?? []), ...loc.addedCharms];
    result.set(loc.id, { ...loc, charms });
  }
  return result;
}

async function insertInscriptions(trx: Transaction<Database>, rows: BlockRows, height: number) {
  const final = finalLocations(rows.locations);
  const values = rows.inscriptions.map((ins: NewInscriptionRow) => {
    const loc = final.get(ins.id);
    if (!loc) throw new Error(`inscription ${ins.id} has no location`);
    return {
      inscription_id: ins.id,
      number: BigInt(ins.number),
      sequence: BigInt(ins.sequence),
      genesis_txid: ins.genesisTxid,
      genesis_height: ins.genesisHeight,
      genesis_time: new Date(ins.genesisTime * 1000),
      genesis_fee: ins.genesisFee,
      content_type: ins.contentType,
      content_encoding: ins.contentEncoding,
      content_length: ins.body?.length ?? 0,
      content: ins.body,
      metaprotocol: ins.metaprotocol,
      parents: ins.parents,
      delegate: ins.delegate,
      pointer: ins.pointer === null ? null : ins.pointer.toString(),
      metadata: ins.metadata,
      properties: ins.properties,
      genesis_charms: ins.charms,
      charms: [...new Set([...ins.charms, ...loc.charms])],
      txid: loc.satpoint.txid,
      vout: BigInt(loc.satpoint.vout),
      sat_offset: loc.satpoint.offset,
      output_value: loc.outputValue,
      address: loc.address,
      location_height: height,
    };
  });
  for (let i = 0; i < values.length; i += BATCH) {
    await trx
      .insertInto('chain_inscriptions')
      .values(values.slice(i, i + BATCH))
      .execute();
  }
}

async function insertTransfers(
  trx: Transaction<Database>,
  locations: LocationRow[],
  height: number,
) {
  const values = locations.map((loc, seq) => ({
    inscription_id: loc.id,
    height,
    seq,
    txid: loc.satpoint.txid,
    vout: BigInt(loc.satpoint.vout),
    sat_offset: loc.satpoint.offset,
    output_value: loc.outputValue,
    address: loc.address,
    added_charms: loc.addedCharms,
  }));
  for (let i = 0; i < values.length; i += BATCH) {
    await trx
      .insertInto('chain_transfers')
      .values(values.slice(i, i + BATCH))
      .execute();
  }
}

/** Inscriptions created before this block but moved in it get their new location. */
async function moveOldInscriptions(trx: Transaction<Database>, rows: BlockRows, height: number) {
  const created = new Set(rows.inscriptions.map((i) => i.id));
  const moved = [...finalLocations(rows.locations).values()].filter((l) => !created.has(l.id));
  for (let i = 0; i < moved.length; i += BATCH) {
    const tuples = moved
      .slice(i, i + BATCH)
      .map(
        (l) =>
          sql`(${l.id}::text, ${l.satpoint.txid}::text, ${l.satpoint.vout.toString()}::int8, ${l.satpoint.offset.toString()}::int8, ${l.outputValue.toString()}::int8, ${l.address}::text, ${l.charms}::text[])`,
      );
    await sql`
      update chain_inscriptions as c set
        txid = v.txid, vout = v.vout, sat_offset = v.sat_offset, output_value = v.output_value,
        address = v.address, location_height = ${height},
        charms = array(select distinct x from unnest(c.charms || v.added) as x order by x)
      from (values ${sql.join(tuples)}) as v(id, txid, vout, sat_offset, output_value, address, added)
      where c.inscription_id = v.id`.execute(trx);
  }
}

async function writeUtxos(
  trx: Transaction<Database>,
  rows: BlockRows,
  spends: OutputSpend[],
  height: number,
) {
  const values = rows.createdUtxos.map((u) => ({
    txid: u.txid,
    vout: u.vout,
    value: u.value,
    script: u.script,
    address: u.address,
    height,
  }));
  for (let i = 0; i < values.length; i += BATCH) {
    await trx
      .insertInto('chain_utxos')
      .values(values.slice(i, i + BATCH))
      .execute();
  }
  for (let i = 0; i < spends.length; i += BATCH) {
    const chunk = spends.slice(i, i + BATCH);
    await sql`
      update chain_utxos as u set spent_height = ${height}, spent_txid = s.spender
      from unnest(${chunk.map((s) => s.txid)}::text[], ${chunk.map((s) => s.vout)}::int[], ${chunk.map((s) => s.spender)}::text[])
        as s(txid, vout, spender)
      where u.txid = s.txid and u.vout = s.vout`.execute(trx);
  }
}

/** Undoes every block above `height`: the reorg path. Counters come back with the tip's row. */
export async function rollbackTo(db: Db, height: number): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${INDEXER_LOCK})`.execute(trx);
    await trx.deleteFrom('chain_inscriptions').where('genesis_height', '>', height).execute();
    const affected = await trx
      .selectFrom('chain_transfers')
      .select('inscription_id')
      .distinct()
      .where('height', '>', height)
      .execute();
    await trx.deleteFrom('chain_transfers').where('height', '>', height).execute();
    const ids = affected.map((a) => a.inscription_id);
    for (let i = 0; i < ids.length; i += BATCH) {
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
        where c.inscription_id = any(${ids.slice(i, i + BATCH)}::text[])`.execute(trx);
    }
    await trx.deleteFrom('chain_utxos').where('height', '>', height).execute();
    await trx
      .updateTable('chain_utxos')
      .set({ spent_height: null, spent_txid: null })
      .where('spent_height', '>', height)
      .execute();
    await trx.deleteFrom('chain_blocks').where('height', '>', height).execute();
  });
}
