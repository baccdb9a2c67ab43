-- The string with the bits of these slots set to p_on (padded to reach the last of them).
create or replace function with_slots(p_bits bit varying, p_slots integer[], p_on boolean)
returns bit varying language plpgsql immutable as $$
declare
  v_bits bit varying;
  v_slot integer;
begin
  if coalesce(cardinality(p_slots), 0) = 0 then
    return p_bits;
  end if;
  v_bits := padded_bits(p_bits, (select max(s) from unnest(p_slots) s) + 1);
  foreach v_slot in array p_slots loop
    v_bits := set_bit(v_bits, v_slot, p_on::integer);
  end loop;
  return v_bits;
end;
$$;
