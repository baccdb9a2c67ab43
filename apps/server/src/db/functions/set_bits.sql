-- The positions of a bit string's set bits (its slots), left to right: position() finds the next
-- '1' after the ones already read, so the cost follows the set bits, not the string's length.
create or replace function set_bits(p_bits bit varying) returns integer[] language plpgsql immutable as $$
declare
  v_slots integer[] := '{}';
  v_done integer := 0;
  v_next integer;
begin
  loop
    v_next := position(B'1' in substring(p_bits from v_done + 1));
    exit when v_next = 0;
    v_done := v_done + v_next;
    v_slots := v_slots || (v_done - 1);
  end loop;
  return v_slots;
end;
$$;
