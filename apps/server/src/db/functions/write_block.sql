-- The inscription index's write of one block (apps/server/src/indexer/write-rows.ts): every row
-- of the block in one statement, written only when the block is new and extends the tip (the
-- guard; on PostgreSQL the caller holds the indexer's lock); answers what the guard read, and the
-- inscriptions on the lookahead outputs as they were before this block (a later block's read,
-- carried by this round trip). Data-modifying CTEs run once each against one snapshot, and
-- foreign keys are checked at the statement's end (transfers of inscriptions inserted by it).
-- PL/pgSQL for its kept plan: the statement was parsed and planned again for every block, 0.4 ms
-- on PostgreSQL and 0.8 ms in PGlite (docs/benchmarks.md, Indexer). The one generic plan serves
-- every block, so its shape is pinned: each join is a block's few rows probing a table's index by
-- key. Left to the planner, a plan made on the first, empty block hashes the whole table, and
-- keeps doing so for every block after (nothing analyzes PGlite's tables to renew it).
-- p_durability 'off' commits this block without waiting for the WAL flush (null: the session's).
create or replace function write_block(
  p_height integer, p_hash text, p_previous_hash text, p_block_time double precision,
  p_counters jsonb, p_start_height integer, p_durability text,
  p_inscriptions json, p_transfers json, p_moved json, p_utxos json, p_spends json,
  p_ahead_txids text[], p_ahead_vouts bigint[])
returns table (existing text, tip_height integer, tip_hash text, durability text, lookahead json)
language plpgsql
set plan_cache_mode = force_generic_plan
set enable_seqscan = off set enable_hashjoin = off set enable_mergejoin = off as $$
#variable_conflict use_column
begin
  return query
  with guard as (
    select e.existing, t.height as tip_height, t.hash as tip_hash,
      -- set_config(..., true) lasts until this transaction's commit, which it governs.
      set_config('synchronous_commit',
        coalesce(p_durability, current_setting('synchronous_commit')), true) as durability,
      e.existing is distinct from p_hash
        and case when t.height is null then p_height = p_start_height
          else t.height + 1 = p_height and t.hash = p_previous_hash end as ok
    from (select (select b.hash from chain_blocks b where b.height = p_height) as existing) as e
    left join (select b.height, b.hash from chain_blocks b order by b.height desc limit 1) as t
      on true
  ), new_block as (
    insert into chain_blocks (height, hash, previous_hash, block_time, counters)
    select p_height, p_hash, p_previous_hash, to_timestamp(p_block_time), p_counters
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
      i.vout, i.sat_offset, i.output_value, i.address, p_height
    from json_to_recordset(p_inscriptions) as i(id text, number int8, sequence int8,
      genesis_txid text, genesis_height int, genesis_time float8, genesis_fee int8,
      content_type text, content_encoding text, content_length int, content text,
      metaprotocol text, parents text[], delegate text, pointer numeric, metadata text,
      properties text, genesis_charms text[], charms text[], txid text, vout int8,
      sat_offset int8, output_value int8, address text)
    where (select ok from guard)
  ), transfers as (
    insert into chain_transfers (inscription_id, height, seq, txid, vout, sat_offset,
      output_value, address, added_charms, sent_as_fee, script)
    select t.id, p_height, t.seq, t.txid, t.vout, t.sat_offset, t.output_value, t.address,
      t.added, t.sent_as_fee, decode(t.script, 'hex')
    from json_to_recordset(p_transfers) as t(id text, seq int, txid text, vout int8,
      sat_offset int8, output_value int8, address text, added text[], sent_as_fee boolean,
      script text)
    where (select ok from guard)
  ), moved as (
    update chain_inscriptions as c set
      txid = v.txid, vout = v.vout, sat_offset = v.sat_offset, output_value = v.output_value,
      address = v.address, location_height = p_height,
      charms = array(select distinct x from unnest(c.charms || v.added) as x order by x)
    from json_to_recordset(p_moved) as v(id text, txid text, vout int8,
      sat_offset int8, output_value int8, address text, added text[])
    where c.inscription_id = v.id and (select ok from guard)
  ), new_utxos as (
    insert into chain_utxos (txid, vout, value, script, address, height)
    select u.txid, u.vout, u.value, decode(u.script, 'hex'), u.address, p_height
    from json_to_recordset(p_utxos) as u(txid text, vout int, value int8,
      script text, address text)
    where (select ok from guard)
  ), new_spends as (
    -- Outputs are kept only where the index starts at height 0 (ChainFollower), so every output
    -- a block spends is in chain_utxos or in this statement's own insert: no lookup needed.
    insert into chain_spends (txid, vout, spent_height, spent_txid)
    select s.txid, s.vout, p_height, s.spender
    from json_to_recordset(p_spends) as s(txid text, vout int, spender text)
    where (select ok from guard)
  )
  select g.existing, g.tip_height, g.tip_hash, g.durability, (
    select json_agg(json_build_object('inscription_id', c.inscription_id,
      'sequence', c.sequence::text, 'txid', c.txid, 'vout', c.vout::text,
      'sat_offset', c.sat_offset::text, 'charms', c.charms))
    from unnest(p_ahead_txids, p_ahead_vouts) as o(txid, vout)
    join chain_inscriptions c on c.txid = o.txid and c.vout = o.vout
  )
  from guard g;
end;
$$;
