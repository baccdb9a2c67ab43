import { bytesToHex } from '@om/bitcoin';
import { sql } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { InscriptionLocation, TxOutputDetails, TxStatus } from './chain-source.ts';
import { chunks } from '../../shared/chunks.ts';

/** The indexer's tables (migrations/0002_chain_index.sql, 0039) as the local chain source reads them. */

const BATCH = 500;

/**
 * The condition that the output `u` (a query's alias of chain_utxos) is unspent: no block has
 * spent it (outputs are written once, spends are rows of chain_spends; migrations/0039).
 */
export const uIsUnspent = sql<boolean>`not exists (
  select 1 from chain_spends s where s.txid = u.txid and s.vout = u.vout)`;

function confirmedStatus(row: { height: number; hash: string; block_time: Date }): TxStatus {
  return {
    confirmed: true,
    blockHeight: row.height,
    blockHash: row.hash,
    blockTime: Math.floor(row.block_time.getTime() / 1000),
  };
}

/** The highest block the inscription index holds (-1 before its first). */
export async function indexedTipHeight(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('chain_blocks')
    .select((b) => b.fn.max('height').as('height'))
    .executeTakeFirst();
  return row?.height ?? -1;
}

/** The address's outputs no block has spent, newest first. */
export async function unspentOutputs(db: Db, address: string) {
  const rows = await db.kysely
    .selectFrom('chain_utxos as u')
    .innerJoin('chain_blocks as b', 'b.height', 'u.height')
    .select(['u.txid', 'u.vout', 'u.value', 'b.height', 'b.hash', 'b.block_time'])
    .where('u.address', '=', address)
    .where(uIsUnspent)
    .orderBy('u.height', 'desc')
    .orderBy('u.txid')
    .orderBy('u.vout')
    .execute();
  return rows.map((r) => ({
    txid: r.txid,
    vout: r.vout,
    value: BigInt(r.value),
    status: confirmedStatus(r),
  }));
}

/** Confirmed transactions that paid or spent the address, newest first. */
export async function addressHistory(db: Db, address: string, limit: number) {
  const { rows } = await sql<{ txid: string; height: number; hash: string; block_time: Date }>`
    select h.txid, h.height, b.hash, b.block_time
    from (
      select txid, height from chain_utxos where address = ${address}
      union
      select s.spent_txid, s.spent_height from chain_utxos u
        join chain_spends s on s.txid = u.txid and s.vout = u.vout
        where u.address = ${address}
    ) as h (txid, height)
    join chain_blocks b on b.height = h.height
    order by h.height desc, h.txid desc
    limit ${limit}`.execute(db.kysely);
  return rows.map((r) => ({ txid: r.txid, status: confirmedStatus(r) }));
}

/** The block that confirmed a transaction, if the indexer has seen it (every tx has an output). */
export async function indexedTxStatus(db: Db, txid: string): Promise<TxStatus | undefined> {
  const row = await db.kysely
    .selectFrom('chain_utxos as u')
    .innerJoin('chain_blocks as b', 'b.height', 'u.height')
    .select(['b.height', 'b.hash', 'b.block_time'])
    .where('u.txid', '=', txid)
    .limit(1)
    .executeTakeFirst();
  return row && confirmedStatus(row);
}

function byTxid(outpoints: readonly string[]): string[][] {
  const txids = [...new Set(outpoints.map((o) => o.slice(0, 64)))];
  return chunks(txids, BATCH);
}

/** Indexed outputs (spent or not) among `outpoints`, by "txid:vout". */
export async function indexedOutputs(
  db: Db,
  outpoints: readonly string[],
): Promise<Map<string, TxOutputDetails>> {
  const wanted = new Set(outpoints);
  const result = new Map<string, TxOutputDetails>();
  for (const txids of byTxid(outpoints)) {
    const rows = await db.kysely
      .selectFrom('chain_utxos')
      .select(['txid', 'vout', 'value', 'script', 'address'])
      .where('txid', 'in', txids)
      .execute();
    for (const r of rows) {
      const key = `${r.txid}:${r.vout}`;
      if (!wanted.has(key)) continue;
      result.set(key, {
        scriptPubKey: bytesToHex(r.script),
        address: r.address,
        value: BigInt(r.value),
      });
    }
  }
  return result;
}

export interface PlacedInscription {
  id: string;
  /** Offset of its sat within the output. */
  offset: bigint;
}

/** Indexed inscriptions on `outpoints`, in sat order, by "txid:vout". */
export async function inscriptionsAt(
  db: Db,
  outpoints: readonly string[],
): Promise<Map<string, PlacedInscription[]>> {
  const wanted = new Set(outpoints);
  const result = new Map<string, PlacedInscription[]>();
  for (const txids of byTxid(outpoints)) {
    const rows = await db.kysely
      .selectFrom('chain_inscriptions')
      .select(['inscription_id', 'txid', 'vout', 'sat_offset', 'sequence'])
      .where('txid', 'in', txids)
      .orderBy('sat_offset')
      .orderBy('sequence')
      .execute();
    for (const r of rows) {
      const key = `${r.txid}:${r.vout}`;
      if (!wanted.has(key)) continue;
      const list = result.get(key) ?? [];
      list.push({ id: r.inscription_id, offset: BigInt(r.sat_offset) });
      result.set(key, list);
    }
  }
  return result;
}

/**
 * The indexed outputs among `outpoints` that hold no runes (unspent rune balances), each with its
 * inscriptions in sat order (none: an empty list), by "txid:vout". An output holding runes is never
 * cardinal: spent as padding or fee, its runes go with it (to the first output that is not
 * OP_RETURN, or burned), as an inscription would be lost. One statement: a buyer's coins are read
 * on every mint offer of a rush, and three round trips each were a tenth of a rush's statements.
 */
export async function vouchedOutputs(
  db: Db,
  outpoints: readonly string[],
): Promise<Map<string, PlacedInscription[]>> {
  const result = new Map<string, PlacedInscription[]>();
  if (outpoints.length === 0) return result;
  const parts = [...new Set(outpoints)].map((o) => o.split(':'));
  const txids = parts.map(([txid = '']) => txid);
  const vouts = parts.map(([, vout = '0']) => Number(vout));
  const { rows } = await sql<{
    txid: string;
    vout: number;
    inscriptions: { id: string; offset: string }[];
  }>`
    select u.txid, u.vout, coalesce((
      select json_agg(json_build_object('id', i.inscription_id, 'offset', i.sat_offset::text)
        order by i.sat_offset, i.sequence)
      from chain_inscriptions i where i.txid = u.txid and i.vout = u.vout), '[]') as inscriptions
    from unnest(${txids}::text[], ${vouts}::integer[]) as x (txid, vout)
    join chain_utxos u on u.txid = x.txid and u.vout = x.vout
    where not exists (
      select 1 from rune_balances b
      where b.outpoint = x.txid || ':' || x.vout and b.spent_height is null)`.execute(db.kysely);
  for (const r of rows) {
    const placed = r.inscriptions.map((i) => ({ id: i.id, offset: BigInt(i.offset) }));
    result.set(`${r.txid}:${r.vout}`, placed);
  }
  return result;
}

export async function indexedLocation(
  db: Db,
  inscriptionId: string,
): Promise<InscriptionLocation | null> {
  const row = await db.kysely
    .selectFrom('chain_inscriptions')
    .select(['inscription_id', 'txid', 'vout', 'sat_offset', 'address', 'output_value'])
    .where('inscription_id', '=', inscriptionId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    inscriptionId: row.inscription_id,
    satpoint: `${row.txid}:${row.vout}:${row.sat_offset}`,
    address: row.address,
    outputValue: BigInt(row.output_value),
  };
}
