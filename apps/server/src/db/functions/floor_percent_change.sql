-- Floor change in percent, two decimals; null without both floors.
create or replace function floor_percent_change(p_now bigint, p_then bigint) returns numeric
language sql immutable as $$
  select case when p_then > 0 and p_now is not null then round((p_now - p_then) * 100.0 / p_then, 2) end
$$;
