-- A purchase's claim in one round trip (product.md#trust-findings finding 5; the mint rush of
-- product.md#scale-and-delivery takes one per submit, where begin, lock, claim, record and commit
-- were five): under the taker's locks (p_lock_keys, a mint's; empty for a market purchase) the
-- listings still active (and, for a mint, still reserved for this taker) are marked sold to
-- p_txid, their trades recorded as initiated (p_trades: trade_history's columns, one object per
-- listing), and the final transactions journalled. All or none: a listing no longer available
-- raises SQLSTATE OML01 with DETAIL = its id, the first of p_ids, so that nothing of the claim
-- stays. PL/pgSQL, not one statement: the update takes its snapshot after the locks, and the
-- locks come before any row lock the inserts' triggers take (a reservation of the same taker
-- takes them in that order too).
create or replace function claim_listings(
  p_lock_keys text[], p_ids uuid[], p_txid text, p_taker_payment text, p_taker_ordinal text,
  p_mint boolean, p_trades jsonb, p_kind text, p_ref text, p_hexes text[], p_txids text[])
returns void language plpgsql as $$
declare
  v_claimed uuid[];
  v_missing uuid;
begin
  perform lock_in_order(p_lock_keys);

  with claimed as (
    update orderbook
    set status = 'broadcast', transaction_id = p_txid, taker_payment_address = p_taker_payment,
      taker_ordinal_address = p_taker_ordinal, closed_at = now()
    where id = any (p_ids) and status = 'active'
      and (not p_mint
        or (taker_ordinal_address = p_taker_ordinal and reserved_until > clock_timestamp()))
    returning id
  )
  select coalesce(array_agg(id), '{}') into v_claimed from claimed;

  select i into v_missing
  from unnest(p_ids) with ordinality as t (i, n)
  where i <> all (v_claimed)
  order by n
  limit 1;
  if v_missing is not null then
    raise exception 'listing % is no longer available', v_missing
      using errcode = 'OML01', detail = v_missing::text;
  end if;

  insert into trade_history (order_id, transaction_id, inscription_id, price, trade_status,
    maker_address, taker_address, fee_rate, thumbnail_url, inscription_name, collection_slug,
    is_snipe_protected)
  select t.order_id, p_txid, t.inscription_id, t.price, 'initiated', t.maker_address,
    t.taker_address, t.fee_rate, t.thumbnail_url, t.inscription_name, t.collection_slug,
    t.is_snipe_protected
  from jsonb_to_recordset(p_trades) as t (order_id uuid, inscription_id text, price bigint,
    maker_address text, taker_address text, fee_rate numeric, thumbnail_url text,
    inscription_name text, collection_slug text, is_snipe_protected boolean);

  insert into claimed_transactions (kind, ref, hexes, txids)
  values (p_kind, p_ref, p_hexes, p_txids);
end
$$;
