-- 0021_edition_orders_on_engine: one inscription service, not two (ADR 016; ADR 011).
--
-- An edition order is an inscription-service order of order_type 'edition': its state, payment,
-- commit, reveal and refund live in inscribe_orders and move by the service's one state machine.
-- edition_orders keeps only the edition's terms, fixed when the order is made. For an edition the
-- charge address IS the commit (the buyer's payment is the commit transaction): commit_txid is the
-- payment, receive_address the taker's ordinals address, refund_address the taker's payment
-- address, chain_fee the reveal's fee, service_fee the platform fee, file_count the editions.
--
-- The reveal's txid is a column (reveal_txid, editions only) rather than read from the journal: a
-- journal row can be released and written again, and the wire (inscription ids) reads it in the
-- same row as the state. A direct order keeps its reveals per file (inscribe_order_files).
alter table inscribe_orders drop constraint inscribe_orders_type;
alter table inscribe_orders
  add constraint inscribe_orders_type check (order_type in ('direct', 'brc20', 'edition')),
  add column reveal_txid text,
  add constraint inscribe_orders_reveal_txid check (
    reveal_txid is null or (order_type = 'edition' and reveal_txid ~ '^[0-9a-f]{64}$'));

-- Existing orders, faithfully: a 'paid' order's commit (when ours to send) and reveal are
-- journalled so that the claimed-transactions worker sends them; an 'inscribed' one completes once
-- its reveal is mined; a 'refunding' one's refund is journalled. reveal_vsize was never recorded
-- (0), refund_amount neither (null). Their editions are held or given back as the trigger
-- (../functions/edition_hold_follows_state.sql) would have it already: nothing to adjust.
insert into inscribe_orders (id, state, order_type, receive_address, refund_address, fee_rate,
  file_count, charge_address, amount, chain_fee, service_fee, postage, commit_vsize, reveal_vsize,
  payment_txid, commit_txid, reveal_txid, refund_reason, refund_txid, expires_at, created_at,
  updated_at)
select id,
  case status
    when 'awaiting_payment' then 'waiting-payment'
    when 'paid' then 'inscribing'
    when 'inscribed' then 'inscribing'
    when 'refund_due' then 'underpaid'
    else status
  end,
  'edition', taker_ordinal_address, taker_payment_address, fee_rate, mint_count, charge_address,
  amount, network_fee, platform_fee, 546 * mint_count, 0, 0, commit_txid, commit_txid,
  reveal_txid,
  case when status in ('refund_due', 'refunding', 'refunded') then 'underpaid' end,
  refund_txid, expires_at, created_at, updated_at
from edition_orders;

insert into claimed_transactions (kind, ref, hexes, txids)
select 'inscribe', id::text,
  case when commit_hex is null then array[reveal_hex] else array[commit_hex, reveal_hex] end,
  case when commit_hex is null then array[reveal_txid] else array[commit_txid, reveal_txid] end
from edition_orders where status = 'paid';

insert into claimed_transactions (kind, ref, hexes, txids)
select 'inscribe-refund', id::text, array[refund_hex], array[refund_txid]
from edition_orders where status = 'refunding';

-- (Only a database made before ADR 024 has it: its triggers were created by the migrations.)
drop trigger if exists edition_orders_set_updated_at on edition_orders;
drop index edition_orders_by_status;
alter table edition_orders
  drop constraint edition_orders_status,
  drop constraint edition_orders_amounts,
  drop constraint edition_orders_txids,
  drop constraint edition_orders_revealed,
  drop constraint edition_orders_refund_txid,
  drop constraint edition_orders_refunding,
  drop column status,
  drop column charge_address,
  drop column amount,
  drop column fee_rate,
  drop column commit_txid,
  drop column commit_vout,
  drop column commit_hex,
  drop column reveal_txid,
  drop column reveal_hex,
  drop column expires_at,
  drop column paid_at,
  drop column inscribed_at,
  drop column refund_txid,
  drop column refund_hex,
  drop column refunding_at,
  drop column refunded_at,
  drop column refund_checked_at,
  drop column updated_at,
  add constraint edition_orders_amounts check (
    mint_count >= 1 and unit_price >= 0 and platform_fee >= 0 and network_fee > 0
    and max_fee_rate > 0),
  add constraint edition_orders_engine foreign key (id) references inscribe_orders (id)
    on delete cascade;

