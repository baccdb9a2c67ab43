-- product.md#scale-and-delivery, the mint rush: reserveItems takes a phase's free items oldest
-- first (created_at, index_in_maker_psbt), which orderbook_phase_pick's (phase_id,
-- index_in_maker_psbt) cannot serve: every reservation read and sorted the whole phase. In the
-- pick's own order, a reservation reads the index from the front and stops at its count (skipping
-- the held rows).
create index orderbook_phase_free on orderbook (phase_id, created_at, index_in_maker_psbt)
  where phase_id is not null and status = 'active';
drop index orderbook_phase_pick;
