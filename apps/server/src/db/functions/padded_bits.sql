-- The string padded with zeros to at least p_length bits.
create or replace function padded_bits(p_bits bit varying, p_length integer) returns bit varying
language sql immutable as $$
  select case when length(p_bits) >= p_length then p_bits
    else p_bits || repeat('0', p_length - length(p_bits))::varbit end
$$;
