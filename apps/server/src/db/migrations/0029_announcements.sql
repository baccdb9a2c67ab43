-- announcements (ADR 018): the platform's global notifications (app 'global' or 'product'),
-- written by an operator (npm run announce) or the regtest demo. Each wallet receives them as its
-- own notification rows, made the first time it reads its notifications (keyed
-- 'announcement:<id>', so once each), which keeps read and unread per wallet without a row per
-- wallet per announcement in advance.
create table announcements (
  id text primary key,
  app text not null default 'global',
  title text not null,
  body text not null default '',
  link text,
  created_at timestamptz not null default now(),
  constraint announcements_title check (title <> '')
);
create index announcements_recent on announcements (created_at desc);
