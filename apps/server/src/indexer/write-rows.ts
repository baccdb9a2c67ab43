import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { BlockJson } from './block-rows-json.ts';
import { outpointArrays, type OnOutputRow } from './inscriptions-on-outputs.ts';
import type { BlockRows } from './indexer.types.ts';

/** What the guard read under the indexer's lock: the row at the block's height, and the tip. */
export interface Guard {
  existing: string | null;
  tip_height: number | null;
  tip_hash: string | null;
  /** The inscriptions on the outputs asked for, as the statement's snapshot had them. */
  lookahead: OnOutputRow[] | null;
}

/**
 * Every row of the block in one statement (db/functions/write_block.sql, whose plan the
 * connection keeps), written only when the block is new and extends the tip (the guard; on
 * PostgreSQL under the indexer's lock, see withBlockWriter); answers what the guard read, and the
 * inscriptions on `lookahead`'s outputs as they were before this block.
 */
export async function writeRows(
  conn: Kysely<Database>,
  rows: BlockRows,
  json: BlockJson,
  opts: { startHeight: number; asyncCommit: boolean; lookahead: readonly string[] },
): Promise<Guard> {
  const { block } = rows;
  const counters = JSON.stringify({
    ...rows.countersAfter,
    lostSats: rows.countersAfter.lostSats.toString(),
  });
  const ahead = outpointArrays(opts.lookahead);
  const durability = opts.asyncCommit ? 'off' : null;
  const { rows: guard } = await sql<Guard>`
    select existing, tip_height, tip_hash, lookahead from write_block(
      ${block.height}::int, ${block.hash}::text, ${block.previousHash}::text,
      ${block.time}::float8, ${counters}::jsonb, ${opts.startHeight}::int, ${durability}::text,
      ${json.inscriptions}::json, ${json.transfers}::json, ${json.moved}::json,
      ${json.utxos}::json, ${json.spends}::json, ${ahead.txids}::text[], ${ahead.vouts}::int8[])
  `.execute(conn);
  return guard[0]!;
}
