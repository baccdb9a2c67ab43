-- Live delivery (ADR 008's channel): a new, read or retracted notification names only its address,
-- so each page of that address refetches its own; the content is read through the signed-in routes.
create or replace function notifications_notify() returns trigger language plpgsql as $$
begin
  perform pg_notify('market_' || current_schema(),
    json_build_object('kind', 'notification', 'address', new.address)::text);
  return null;
end $$;

drop trigger if exists notifications_notify on notifications;
create trigger notifications_notify after insert or update of read, retracted on notifications
  for each row execute function notifications_notify();
