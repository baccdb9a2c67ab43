-- The review queue (ADR 019): one decision per submitted thing, by a reviewer address
-- from REVIEWER_ADDRESSES. What has no row is waiting. An onboarded collection leaves review only
-- when approved; a launch, an edition or an auction is live at once and a rejection takes it down.
-- subject_id is the launch's, auction's or collection's id as text (uuid or int8).
create table review_decisions (
  kind text not null check (kind in ('launch', 'edition', 'auction', 'collection')),
  subject_id text not null,
  decision text not null check (decision in ('approved', 'rejected')),
  reason text,
  reviewer_address text not null,
  decided_at timestamptz not null default now(),
  primary key (kind, subject_id)
);
