-- The slots matching a trait filter ({"Category": ["Value", ...]}: values of a category OR,
-- categories AND) as a bit string as long as the collection's slots; all zeros when a value is
-- unknown. A category of one value is its string, and strings are padded only when shorter than
-- the collection's slots (no zero string built per category).
create or replace function trait_filter_mask(p_collection_id bigint, p_traits jsonb)
returns bit varying language plpgsql stable as $$
declare
  v_length integer;
  v_mask bit varying;
  v_category bit varying;
  v_bits bit varying;
  v_key text;
begin
  select s.next_slot into v_length from collection_stats s where s.collection_id = p_collection_id;
  v_length := coalesce(v_length, 0);
  if v_length = 0 then
    return B'';
  end if;
  for v_key in select jsonb_object_keys(p_traits) loop
    v_category := null;
    for v_bits in
      select b.bits from collection_trait_bits b
      where b.collection_id = p_collection_id and b.category = v_key
        and b.value in (select jsonb_array_elements_text(p_traits -> v_key))
    loop
      v_bits := padded_bits(v_bits, v_length);
      v_category := case when v_category is null then v_bits else v_category | v_bits end;
    end loop;
    if v_category is null then
      -- An unknown value: nothing matches.
      return repeat('0', v_length)::varbit;
    end if;
    v_mask := case when v_mask is null then v_category else v_mask & v_category end;
  end loop;
  return coalesce(v_mask, repeat('1', v_length)::varbit);
end;
$$;
