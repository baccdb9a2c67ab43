-- attributes: the strings of the values a statement touched are built again.
create or replace function trait_bits_on_attributes() returns trigger language plpgsql as $$
begin
  perform rebuild_trait_bits(jsonb_agg(distinct jsonb_build_object(
    'collection_id', collection_id, 'category', category, 'value', value)))
  from changed;
  return null;
end;
$$;

drop trigger if exists attributes_bits_insert on attributes;
create trigger attributes_bits_insert after insert on attributes
  referencing new table as changed for each statement execute function trait_bits_on_attributes();

drop trigger if exists attributes_bits_delete on attributes;
create trigger attributes_bits_delete after delete on attributes
  referencing old table as changed for each statement execute function trait_bits_on_attributes();

drop trigger if exists attributes_bits_update_1_old on attributes;
create trigger attributes_bits_update_1_old after update on attributes
  referencing old table as changed for each statement execute function trait_bits_on_attributes();

drop trigger if exists attributes_bits_update_2_new on attributes;
create trigger attributes_bits_update_2_new after update on attributes
  referencing new table as changed for each statement execute function trait_bits_on_attributes();
