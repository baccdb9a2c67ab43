-- notifications (ADR 018): what produced one (type), its details (payload: amounts in sats and a
-- link), a per-user dedupe key so a worker's retry or a reorg replay never adds a second one, and
-- retracted for a state a reorg undid (the notification stays, marked, rather than vanishing).
alter table notifications add column type text not null default 'announcement';
alter table notifications add column payload jsonb not null default '{}'::jsonb;
alter table notifications add column dedupe_key text;
alter table notifications add column retracted boolean not null default false;
create unique index notifications_dedupe on notifications (user_id, dedupe_key)
  where dedupe_key is not null;
