create or replace function get_orderbook_by_inscription_id(p_inscription_id text)
returns setof market_listing language sql stable as $$
  select o.id, o.inscription_id, o.price, o.status, o.outpoint, c.slug, i.name, ci.content_type,
    o.maker_ordinal_address, o.maker_payment_address, o.maker_fee, o.is_snipe_protected,
    o.transaction_id, o.listed_at, o.created_at
  from orderbook o
  left join collections c on c.id = o.collection_id
  left join inscriptions i on i.inscription_id = o.inscription_id
  left join chain_inscriptions ci on ci.inscription_id = o.inscription_id
  where o.inscription_id = p_inscription_id and o.phase_id is null
  order by o.created_at desc, o.id desc
$$;
