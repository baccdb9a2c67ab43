-- The inscriptions passing the trait and search filters, or null without any. traits is
-- {"Category": ["Value", ...], ...}: values of one category OR, categories AND. A selective trait
-- mask (trait_filter_mask) becomes ids by the slot index; a broad one gathers them from the
-- attributes index, each value one range of it (offset 0 keeps those lookups from becoming a scan
-- of the collection's attributes). search matches a name (substring, any case), an inscription id
-- or an inscription number.
create or replace function collection_filter_ids(p_collection_id bigint, p_traits jsonb, p_search text)
returns table (ids text[]) language plpgsql stable as $$
declare
  v_mask bit varying;
  v_slots integer[];
  v_search text := nullif(btrim(p_search), '');
begin
  if coalesce(p_traits, '{}') = '{}' and v_search is null then
    return query select null::text[];
    return;
  end if;
  if coalesce(p_traits, '{}') = '{}' then
    return query select array(
      select i.inscription_id
      from inscriptions i left join collection_items n on n.inscription_id = i.inscription_id
      where i.collection_id = p_collection_id
        and (i.name ilike '%' || escape_like(v_search) || '%'
          or i.inscription_id = lower(v_search)
          or n.number = case when v_search ~ '^-?\d{1,18}$' then v_search::bigint end));
    return;
  end if;

  v_mask := trait_filter_mask(p_collection_id, p_traits);
  if bit_count(v_mask) > sparse_filter_limit() then
    return query
    select array(
      select m.inscription_id
      from (
        select a.inscription_id
        from trait_filter_pairs(p_traits) as t
        cross join lateral (
          select x.inscription_id from attributes x
          where x.collection_id = p_collection_id and x.category = t.category and x.value = t.value
          offset 0
        ) a
        group by a.inscription_id
        having bit_or(t.category_bit) = min(t.all_bits)
      ) m
      where v_search is null or exists (
        select 1
        from inscriptions i left join collection_items n on n.inscription_id = i.inscription_id
        where i.inscription_id = m.inscription_id
          and (i.name ilike '%' || escape_like(v_search) || '%'
            or i.inscription_id = lower(v_search)
            or n.number = case when v_search ~ '^-?\d{1,18}$' then v_search::bigint end)));
    return;
  end if;

  v_slots := set_bits(v_mask);
  return query
  select array(
    select n.inscription_id
    from collection_items n
    where n.collection_id = p_collection_id and n.slot = any (v_slots)
      and (v_search is null or exists (
        select 1 from inscriptions i
        where i.inscription_id = n.inscription_id
          and (i.name ilike '%' || escape_like(v_search) || '%'
            or i.inscription_id = lower(v_search)
            or n.number = case when v_search ~ '^-?\d{1,18}$' then v_search::bigint end))));
end;
$$;
