-- 0010_listing_witness: each launch listing keeps its own signature (ADR 010).
--
-- Confirm copied the whole signed batch PSBT (up to 100 inputs) into every orderbook row of the
-- batch, and every mint moved and parsed it. A row now carries what its own input needs: the
-- maker's witness as the purchase takes it, hex items. For a maker-wallet input that is U's
-- SIGHASH_SINGLE|ANYONECANPAY signature alone; the witness script is witness_script and the
-- platform's signature is added at the mint. Like signed_psbt it is never sent to a buyer. The
-- batch's PSBTs stay in psbt_batches.
alter table orderbook
  add column maker_witness text[],
  add constraint orderbook_maker_witness_format check (
    maker_witness is null
    or (cardinality(maker_witness) >= 1
      and array_to_string(maker_witness, ',') ~ '^([0-9a-f]{2})+(,([0-9a-f]{2})+)*$'));

-- Backfill, for the rows of batches already signed: U's partial signature (BIP174
-- PSBT_IN_PARTIAL_SIG, key 0x02 || U) at the row's input of the batch's signed PSBT, U being the
-- first key of the witness script. A reader of the PSBT's key-value maps, dropped below.
create function listing_witness_compact_size(psbt bytea, pos integer, out n bigint, out next integer)
language plpgsql immutable as $fn$
declare
  first integer := get_byte(psbt, pos);
  width integer;
begin
  if first < 253 then
    n := first;
    next := pos + 1;
    return;
  end if;
  width := case first when 253 then 2 when 254 then 4 else 8 end;
  n := 0;
  for i in reverse width..1 loop
    n := n * 256 + get_byte(psbt, pos + i);
  end loop;
  next := pos + 1 + width;
end
$fn$;

create function listing_witness_partial_sig(psbt bytea, input_index integer, public_key bytea)
returns bytea language plpgsql immutable as $fn$
declare
  pos integer := 5; -- past the magic, 'psbt' 0xff
  map_index integer := -1; -- the global map, then input 0, 1, …
  key_length bigint;
  value_length bigint;
  key bytea;
begin
  if length(psbt) < 5 or substring(psbt from 1 for 5) <> '\x70736274ff'::bytea then
    return null;
  end if;
  while pos < length(psbt) loop
    select s.n, s.next into key_length, pos from listing_witness_compact_size(psbt, pos) s;
    if key_length = 0 then
      -- The end of a map: the next one is the next input's.
      map_index := map_index + 1;
      if map_index > input_index then
        return null;
      end if;
      continue;
    end if;
    key := substring(psbt from pos + 1 for key_length::integer);
    pos := pos + key_length::integer;
    select s.n, s.next into value_length, pos from listing_witness_compact_size(psbt, pos) s;
    if map_index = input_index and key = '\x02'::bytea || public_key then
      return substring(psbt from pos + 1 for value_length::integer);
    end if;
    pos := pos + value_length::integer;
  end loop;
  return null;
end
$fn$;

update orderbook o
set maker_witness = array[encode(w.sig, 'hex')]
from (
  select o2.id,
    listing_witness_partial_sig(
      decode(b.signed_psbt, 'base64'),
      o2.index_in_maker_psbt,
      substring(decode(o2.witness_script, 'hex') from 2 for 33)) as sig
  from orderbook o2
  join psbt_batches b on b.id = o2.psbt_batch_id
  where o2.phase_id is not null and o2.witness_script is not null
    and b.kind = 'listing' and b.status = 'signed' and b.signed_psbt is not null
) w
where o.id = w.id and w.sig is not null;

drop function listing_witness_partial_sig(bytea, integer, bytea);
drop function listing_witness_compact_size(bytea, integer);

-- The rows' copies of their batch's PSBTs: the batch keeps them, the mint reads maker_witness.
update orderbook
set psbt = null, signed_psbt = null
where phase_id is not null and (psbt is not null or signed_psbt is not null)
  and (signed_psbt is null or maker_witness is not null);
