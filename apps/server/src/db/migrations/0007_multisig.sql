-- 0007_multisig: the multisig and maker wallets (ADR 009; product.md#records "Wallet data:
-- multisig wallet and maker wallet", product.md#market-calls Multisig).

-- One wallet per kind and user key: P2WSH of
--   <user> CHECKSIGVERIFY <platform> CHECKSIG IFDUP NOTIF <144> CHECKSEQUENCEVERIFY ENDIF.
-- The platform's private key is derived from the cosigner secret and never stored.
create table multisig_wallets (
  id uuid primary key default gen_random_uuid(),
  kind text not null,
  user_public_key text not null,
  user_address text not null,
  platform_public_key text not null,
  witness_script text not null,
  address text not null unique,
  created_at timestamptz not null default now(),
  constraint multisig_wallets_kind check (kind in ('multisig', 'maker')),
  constraint multisig_wallets_user_key check (user_public_key ~ '^0[23][0-9a-f]{64}$'),
  constraint multisig_wallets_platform_key check (platform_public_key ~ '^0[23][0-9a-f]{64}$'),
  constraint multisig_wallets_script check (witness_script ~ '^([0-9a-f]{2})+$'),
  unique (kind, user_public_key)
);

-- multisig_transactions: every transaction the server built for a wallet and the user signs,
-- keyed by the txid of its unsigned transaction (all inputs are segwit, so the final txid):
-- the confirm call must bring back exactly this one. layout says who signs each input (the
-- platform co-signs the wallet's own inputs). transaction_id is set once it is broadcast.
create table multisig_transactions (
  txid text primary key,
  wallet_id uuid not null references multisig_wallets (id) on delete cascade,
  kind text not null,
  psbt text not null,
  layout jsonb not null,
  max_fee_rate numeric(12, 3) not null,
  fee bigint not null,
  -- Sats leaving the wallet (a withdrawal) or entering it (a deposit); null otherwise.
  amount bigint,
  -- What else the confirm call or the UI needs: recipient, inscription ids, output count.
  details jsonb not null default '{}',
  transaction_id text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  broadcast_at timestamptz,
  constraint multisig_transactions_kind check (kind in (
    'padding', 'deposit', 'withdrawal', 'inscription-deposit', 'inscription-withdrawal')),
  constraint multisig_transactions_txid_format check (txid ~ '^[0-9a-f]{64}$'),
  constraint multisig_transactions_transaction_id_format check (transaction_id ~ '^[0-9a-f]{64}$'),
  constraint multisig_transactions_amounts check (fee >= 0 and max_fee_rate > 0 and (amount is null or amount > 0))
);
create index multisig_transactions_by_wallet on multisig_transactions (wallet_id, created_at desc);

-- A snipe-protected listing's input is a maker-wallet output: its witness script goes with it
-- into every purchase, where the platform adds its signature.
alter table orderbook
  add column witness_script text,
  add constraint orderbook_witness_script check (witness_script ~ '^([0-9a-f]{2})+$');
