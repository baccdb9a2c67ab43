-- 0013_x_accounts: a creator's X account, connected by X's OAuth 2.0 sign-in (ADR 013).
--
-- product.md#roles "A creator may connect an X account by a social sign-in";
-- product.md#market-overview. The link lives in x_accounts with the tokens that keep its profile
-- fresh (POST /api/twitter/cache); the placeholder columns of 0001 that nothing wrote
-- (users.x_user_id, users.x_username) go, so there is one place to read it.

alter table users drop column x_user_id, drop column x_username;

-- x_accounts: at most one per user, and an X account on at most one user (connecting it from
-- another wallet moves it there). Tokens are AES-256-GCM ciphertexts, 'v1.<iv>.<ciphertext+tag>'
-- in base64url, under a key derived from the server's JWT secret: never answered, never logged.
create table x_accounts (
  user_id uuid primary key references users (id) on delete cascade,
  x_user_id text not null unique,
  username text not null,
  name text not null,
  access_token text not null,
  refresh_token text,
  access_token_expires_at timestamptz,
  scope text not null default '',
  connected_at timestamptz not null default now(),
  -- When the profile was last read from X (the callback, or POST /api/twitter/cache).
  profile_read_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint x_accounts_x_user_id_format check (x_user_id ~ '^[0-9]{1,20}$'),
  constraint x_accounts_username_format check (username ~ '^[A-Za-z0-9_]{1,15}$'),
  constraint x_accounts_tokens_sealed check (
    access_token like 'v1.%' and (refresh_token is null or refresh_token like 'v1.%'))
);

-- x_oauth_states: a sign-in under way: the state X hands back, the PKCE code_verifier (RFC 7636)
-- and whose it is. Single use (used_at, set by a conditional update) and 10 minutes long. The
-- callback also wants the state in the browser's cookie, so a consent link one person started
-- cannot connect another person's X account to the first one's wallet.
create table x_oauth_states (
  state text primary key,
  user_id uuid not null references users (id) on delete cascade,
  code_verifier text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  constraint x_oauth_states_expiry check (expires_at > created_at),
  constraint x_oauth_states_state_format check (state ~ '^[A-Za-z0-9_-]{43}$'),
  constraint x_oauth_states_verifier_format check (code_verifier ~ '^[A-Za-z0-9._~-]{43,128}$')
);
create index x_oauth_states_expires_at on x_oauth_states (expires_at);
create index x_oauth_states_user_id on x_oauth_states (user_id);
