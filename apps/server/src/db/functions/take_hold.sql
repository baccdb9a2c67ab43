-- A reservation's hold in one round trip (product.md#trust-findings finding 3; the mint rush of
-- product.md#scale-and-delivery takes one per mint): under the locks on the wallet and the client
-- (p_lock_keys, one order, no deadlock) the holder's own earlier hold and the holds lapsed an
-- hour are dropped, the wallet's and the client's other open holds counted against the caps, then
-- the hold recorded and each of its coins promised unless a live promise of another holder has it.
-- Answers 'wallet' or 'client' when a cap is reached (the sweep stays), else null. A coin promised
-- elsewhere raises SQLSTATE OMC01, so that nothing of the hold stays.
-- PL/pgSQL, not one statement: each statement here takes its snapshot after the locks.
create or replace function take_hold(
  p_lock_keys text[], p_holder text, p_wallet text, p_client text, p_address text,
  p_outpoints text[], p_expires_at timestamptz, p_per_wallet integer, p_per_client integer)
returns text language plpgsql as $$
declare
  v_wallet integer;
  v_client integer;
  v_taken integer;
begin
  perform lock_in_order(p_lock_keys);

  delete from reservation_holds
  where holder = p_holder or expires_at < now() - interval '1 hour';

  select count(*) filter (where h.wallet = p_wallet), count(*) filter (where h.client = p_client)
  into v_wallet, v_client
  from reservation_holds h
  where (h.wallet = p_wallet or h.client = p_client) and h.holder <> p_holder
    and h.expires_at > clock_timestamp();
  if v_wallet >= p_per_wallet then
    return 'wallet';
  end if;
  if v_client >= p_per_client then
    return 'client';
  end if;

  insert into reservation_holds (holder, wallet, client, expires_at)
  values (p_holder, p_wallet, p_client, p_expires_at);
  insert into promised_coins as p (outpoint, holder, address, expires_at)
  select distinct o, p_holder, p_address, p_expires_at from unnest(p_outpoints) as o
  on conflict (outpoint) do update
    set holder = excluded.holder, address = excluded.address, expires_at = excluded.expires_at
    where p.expires_at <= clock_timestamp();
  get diagnostics v_taken = row_count;
  if v_taken < (select count(distinct o) from unnest(p_outpoints) as o) then
    raise exception 'a coin is promised to another open reservation' using errcode = 'OMC01';
  end if;
  return null;
end
$$;
