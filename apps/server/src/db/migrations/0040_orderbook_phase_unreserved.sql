-- product.md#scale-and-delivery, the mint rush: orderbook_phase_free holds every active item of a
-- phase, the held ones too (a hold is a time, not a status), so in a rush each reservation walked
-- past the items held before it: 450 buffers a pick by the end of a 1,000-item rush. mint_reserve
-- takes the items never held (or given back) from this index first, then lapsed holds from the
-- other.
create index orderbook_phase_unreserved on orderbook (phase_id, created_at, index_in_maker_psbt)
  where phase_id is not null and status = 'active' and reserved_until is null;
