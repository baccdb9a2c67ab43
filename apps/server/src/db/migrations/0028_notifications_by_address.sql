-- notifications (ADR 018): addressed to a wallet address, not to a user row. Producers
-- know the addresses an event concerns (a seller's payout and ordinals addresses, a bidder's
-- payment address), and most of them have never signed in; a user reads what was sent to the
-- address they signed in with. Existing rows keep their user's sign-in address.
alter table notifications add column address text;
update notifications n set address = u.address from users u where u.id = n.user_id;
delete from notifications where address is null;
alter table notifications alter column address set not null;
drop index notifications_dedupe;
drop index notifications_by_user;
drop index notifications_unread_by_user;
alter table notifications drop column user_id;
create unique index notifications_dedupe on notifications (address, dedupe_key)
  where dedupe_key is not null;
create index notifications_by_address on notifications (address, app, timestamp desc);
create index notifications_unread_by_address on notifications (address) where not read;

-- Which types a wallet does not want as a live pop-up (the in-app list always has them).
create table notification_mutes (
  address text not null,
  type text not null,
  primary key (address, type)
);

-- Live delivery: ../functions/notifications_notify.sql (ADR 024).
