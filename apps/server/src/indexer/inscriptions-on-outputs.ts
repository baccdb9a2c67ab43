import { sql } from 'kysely';
import type { Db } from '../db/create-db.ts';
import type { InscriptionsOnOutputs } from './indexer.types.ts';

/** A chain_inscriptions row as inscriptionsOnOutputs reads it (int8 as decimal strings). */
export interface OnOutputRow {
  inscription_id: string;
  sequence: string;
  txid: string;
  vout: string;
  sat_offset: string;
  charms: string[];
}

/** "txid:vout" → the inscriptions on that output, from rows of chain_inscriptions. */
export function toInscriptionsOnOutputs(rows: readonly OnOutputRow[]): InscriptionsOnOutputs {
  const result: InscriptionsOnOutputs = new Map();
  for (const row of rows) {
    const key = `${row.txid}:${row.vout}`;
    const list = result.get(key) ?? [];
    list.push({
      id: row.inscription_id,
      sequence: Number(row.sequence),
      offset: BigInt(row.sat_offset),
      isCursedOrVindicated: row.charms.includes('cursed') || row.charms.includes('vindicated'),
    });
    result.set(key, list);
  }
  return result;
}

/** Outpoints "txid:vout" as the two arrays the queries unnest. */
export function outpointArrays(outpoints: readonly string[]): { txids: string[]; vouts: number[] } {
  const unique = [...new Set(outpoints)];
  return {
    txids: unique.map((o) => o.slice(0, 64)),
    vouts: unique.map((o) => Number(o.slice(65))),
  };
}

/**
 * The inscriptions sitting on the outputs a block spends ("txid:vout" → inscriptions). A join on
 * the (txid, vout) index: its plan stays an index probe per outpoint even on tables never analyzed.
 */
export async function inscriptionsOnOutputs(
  db: Pick<Db, 'kysely'>,
  outpoints: string[],
): Promise<InscriptionsOnOutputs> {
  if (outpoints.length === 0) return new Map();
  const { txids, vouts } = outpointArrays(outpoints);
  const { rows } = await sql<OnOutputRow>`
    select c.inscription_id, c.sequence, c.txid, c.vout, c.sat_offset, c.charms
    from unnest(${txids}::text[], ${vouts}::int8[]) as o(txid, vout)
    join chain_inscriptions c on c.txid = o.txid and c.vout = o.vout`.execute(db.kysely);
  return toInscriptionsOnOutputs(rows);
}
