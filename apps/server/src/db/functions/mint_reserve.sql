-- A mint reservation in one round trip (product.md#scale-and-delivery, the mint rush): reserves
-- p_count free items of the phase for the taker until p_until, all or none, and answers them.
-- Under the taker's locks (p_lock_keys, in the order given: the same keys that claims take) the
-- taker's earlier reservation in the phase is dropped (a taker asking again), the allow-list
-- entry's use counted (minted + reserved + p_count <= p_allocation, over every taker either of
-- whose addresses is the entry, as launch-mint.queries.ts heldBy counts it; both null in a public
-- phase), then free items are taken oldest first with SKIP LOCKED, so that concurrent minters
-- never wait on each other's rows: those never held first, then those whose hold lapsed.
-- PL/pgSQL, not one statement: each statement here takes its snapshot after the locks, so the
-- count sees what the lock's previous holder committed (a statement's CTEs share the snapshot
-- taken before any lock they take).
-- Refusals raise, so that nothing of the attempt stays: SQLSTATE OMA01 (allocation) or OMS01
-- (not enough free items), the items the taker could still get as the DETAIL.
create or replace function mint_reserve(
  p_lock_keys text[], p_phase_id uuid, p_taker_ordinal_address text,
  p_taker_payment_address text, p_entry text, p_allocation integer, p_count integer,
  p_until timestamptz)
returns setof orderbook language plpgsql as $$
declare
  v_held integer;
  v_left integer;
  v_taken integer;
  v_lapsed integer;
begin
  perform lock_in_order(p_lock_keys);

  update orderbook
  set reserved_until = null, taker_ordinal_address = null, taker_payment_address = null
  where phase_id = p_phase_id and status = 'active'
    and taker_ordinal_address = p_taker_ordinal_address;

  if p_allocation is not null and p_entry is not null then
    select count(*) filter (where o.status = 'broadcast')
         + count(*) filter (where o.status = 'active' and o.reserved_until > clock_timestamp())
    into v_held
    from orderbook o
    where o.phase_id = p_phase_id
      and (o.taker_ordinal_address = p_entry or o.taker_payment_address = p_entry);
    v_left := p_allocation - v_held;
    if p_count > v_left then
      raise exception 'allocation reached' using errcode = 'OMA01', detail = greatest(0, v_left)::text;
    end if;
  end if;

  -- Items never reserved, or given back, first: their own index (orderbook_phase_unreserved) leaves
  -- out the items held, which a rush's every pick would otherwise walk past from the front.
  return query
  update orderbook o
  set reserved_until = p_until,
      taker_ordinal_address = p_taker_ordinal_address,
      taker_payment_address = p_taker_payment_address
  where o.id in (
    select c.id from orderbook c
    where c.phase_id = p_phase_id and c.status = 'active' and c.reserved_until is null
      and not exists (
        select 1 from orderbook m
        where m.inscription_id = c.inscription_id and m.phase_id is not null
          and m.status = 'broadcast')
    order by c.created_at, c.index_in_maker_psbt
    limit p_count
    for update skip locked)
  returning o.*;
  get diagnostics v_taken = row_count;
  if v_taken < p_count then
    -- Then items whose hold lapsed (the expiry job gives them back soon after).
    return query
    update orderbook o
    set reserved_until = p_until,
        taker_ordinal_address = p_taker_ordinal_address,
        taker_payment_address = p_taker_payment_address
    where o.id in (
      select c.id from orderbook c
      where c.phase_id = p_phase_id and c.status = 'active'
        and c.reserved_until <= clock_timestamp()
        and not exists (
          select 1 from orderbook m
          where m.inscription_id = c.inscription_id and m.phase_id is not null
            and m.status = 'broadcast')
      order by c.created_at, c.index_in_maker_psbt
      limit p_count - v_taken
      for update skip locked)
    returning o.*;
    get diagnostics v_lapsed = row_count;
    v_taken := v_taken + v_lapsed;
  end if;
  if v_taken < p_count then
    raise exception 'not enough items left' using errcode = 'OMS01', detail = v_taken::text;
  end if;
end
$$;
