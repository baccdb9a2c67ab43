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
 * Every row of the block in one statement, written only when the block is new and extends the
 * tip (the guard; on PostgreSQL under the indexer's lock, see withBlockWriter); answers what the
 * guard read, and the inscriptions on `lookahead`'s outputs as they were before this block (a
 * later block's read, carried by this round trip). Data-modifying CTEs run once each against one
 * snapshot, and foreign keys are checked at the statement's end (transfers of
 * inscriptions inserted by it).
 */
export async function writeRows(
  conn: Kysely<Database>,
  rows: BlockRows,
  json: BlockJson,
  opts: { startHeight: number; asyncCommit: boolean; lookahead: readonly string[] },
): Promise<Guard> {
  const { block } = rows;
  const height = block.height;
  const counters = JSON.stringify({
    ...rows.countersAfter,
    lostSats: rows.countersAfter.lostSats.toString(),
  });
  const { startHeight } = opts;
  const ahead = outpointArrays(opts.lookahead);
  // set_config(..., true) lasts until this transaction's commit, which it governs.
  const durability = opts.asyncCommit ? 'off' : null;
  const { rows: guard } = await sql<Guard>`
    with guard as (
      select e.existing, t.height as tip_height, t.hash as tip_hash,
        set_config('synchronous_commit',
          coalesce(${durability}::text, current_setting('synchronous_commit')), true) as durability,
        e.existing is distinct from ${block.hash}::text
          and case when t.height is null then ${height}::int = ${startHeight}::int
            else t.height + 1 = ${height}::int and t.hash = ${block.previousHash}::text end as ok
      from (select (select hash from chain_blocks where height = ${height}::int) as existing) as e
      left join (select height, hash from chain_blocks order by height desc limit 1) as t on true
    ), new_block as (
      insert into chain_blocks (height, hash, previous_hash, block_time, counters)
      select ${height}::int, ${block.hash}::text, ${block.previousHash}::text,
        to_timestamp(${block.time}::float8), ${counters}::jsonb
      where (select ok from guard)
    ), new_inscriptions as (
      insert into chain_inscriptions (inscription_id, number, sequence, genesis_txid, genesis_height,
        genesis_time, genesis_fee, content_type, content_encoding, content_length, content,
        metaprotocol, parents, delegate, pointer, metadata, properties, genesis_charms, charms, txid,
        vout, sat_offset, output_value, address, location_height)
      select i.id, i.number, i.sequence, i.genesis_txid, i.genesis_height,
        to_timestamp(i.genesis_time), i.genesis_fee, i.content_type, i.content_encoding,
        i.content_length, decode(i.content, 'hex'), i.metaprotocol, i.parents, i.delegate, i.pointer,
        decode(i.metadata, 'hex'), decode(i.properties, 'hex'), i.genesis_charms, i.charms, i.txid,
        i.vout, i.sat_offset, i.output_value, i.address, ${height}::int
      from json_to_recordset(${json.inscriptions}::json) as i(id text, number int8, sequence int8,
        genesis_txid text, genesis_height int, genesis_time float8, genesis_fee int8,
        content_type text, content_encoding text, content_length int, content text,
        metaprotocol text, parents text[], delegate text, pointer numeric, metadata text,
        properties text, genesis_charms text[], charms text[], txid text, vout int8,
        sat_offset int8, output_value int8, address text)
      where (select ok from guard)
    ), transfers as (
      insert into chain_transfers (inscription_id, height, seq, txid, vout, sat_offset,
        output_value, address, added_charms, sent_as_fee, script)
      select t.id, ${height}::int, t.seq, t.txid, t.vout, t.sat_offset, t.output_value, t.address,
        t.added, t.sent_as_fee, decode(t.script, 'hex')
      from json_to_recordset(${json.transfers}::json) as t(id text, seq int, txid text, vout int8,
        sat_offset int8, output_value int8, address text, added text[], sent_as_fee boolean,
        script text)
      where (select ok from guard)
    ), moved as (
      update chain_inscriptions as c set
        txid = v.txid, vout = v.vout, sat_offset = v.sat_offset, output_value = v.output_value,
        address = v.address, location_height = ${height}::int,
        charms = array(select distinct x from unnest(c.charms || v.added) as x order by x)
      from json_to_recordset(${json.moved}::json) as v(id text, txid text, vout int8,
        sat_offset int8, output_value int8, address text, added text[])
      where c.inscription_id = v.id and (select ok from guard)
    ), new_utxos as (
      insert into chain_utxos (txid, vout, value, script, address, height)
      select u.txid, u.vout, u.value, decode(u.script, 'hex'), u.address, ${height}::int
      from json_to_recordset(${json.utxos}::json) as u(txid text, vout int, value int8,
        script text, address text)
      where (select ok from guard)
    ), new_spends as (
      -- Outputs are kept only where the index starts at height 0 (ChainFollower), so every output
      -- a block spends is in chain_utxos or in this statement's own insert: no lookup needed.
      insert into chain_spends (txid, vout, spent_height, spent_txid)
      select s.txid, s.vout, ${height}::int, s.spender
      from json_to_recordset(${json.spends}::json) as s(txid text, vout int, spender text)
      where (select ok from guard)
    )
    select existing, tip_height, tip_hash, durability, (
      select json_agg(json_build_object('inscription_id', c.inscription_id,
        'sequence', c.sequence::text, 'txid', c.txid, 'vout', c.vout::text,
        'sat_offset', c.sat_offset::text, 'charms', c.charms))
      from unnest(${ahead.txids}::text[], ${ahead.vouts}::int8[]) as o(txid, vout)
      join chain_inscriptions c on c.txid = o.txid and c.vout = o.vout
    ) as lookahead
    from guard`.execute(conn);
  return guard[0]!;
}
