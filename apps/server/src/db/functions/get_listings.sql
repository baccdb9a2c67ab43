-- Marketplace listings (GET /api/listings), newest first; p_status 'any' for every status.
create or replace function get_listings(p_slug text, p_maker text, p_status text, p_limit integer,
  p_offset bigint)
returns setof market_listing language sql stable as $$
  select o.id, o.inscription_id, o.price, o.status, o.outpoint, c.slug, i.name, ci.content_type,
    o.maker_ordinal_address, o.maker_payment_address, o.maker_fee, o.is_snipe_protected,
    o.transaction_id, o.listed_at, o.created_at
  from orderbook o
  left join collections c on c.id = o.collection_id
  left join inscriptions i on i.inscription_id = o.inscription_id
  left join chain_inscriptions ci on ci.inscription_id = o.inscription_id
  where o.phase_id is null
    and (p_status = 'any' or o.status = p_status)
    and (p_slug is null or o.collection_id = (select x.id from collections x where x.slug = p_slug))
    and (p_maker is null or o.maker_ordinal_address = p_maker)
  order by o.created_at desc, o.id desc
  limit p_limit offset p_offset
$$;
