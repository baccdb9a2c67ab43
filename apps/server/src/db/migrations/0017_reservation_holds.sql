-- product.md#trust-findings finding 3: inventory hoarding. A launch mint offer or an edition order
-- holds items only while it is funded by coins no other open offer or order has promised, and a
-- wallet (signed-in user) and a client (address of the request) may hold only so many open
-- reservations at once.

-- One open reservation: a launch mint offer (holder 'mint:{phase}:{ordinals address}', replaced
-- when the same taker asks again) or an edition order ('order:{id}').
create table reservation_holds (
  holder text primary key,
  wallet text not null,
  client text not null,
  expires_at timestamptz not null
);
create index reservation_holds_wallet on reservation_holds (wallet, expires_at);
create index reservation_holds_client on reservation_holds (client, expires_at);

-- The coins a hold's PSBTs spend: a live promise (expires_at ahead) keeps the coin out of any other.
create table promised_coins (
  outpoint text primary key,
  holder text not null references reservation_holds (holder) on delete cascade,
  address text not null,
  expires_at timestamptz not null,
  constraint promised_coins_outpoint check (outpoint ~ '^[0-9a-f]{64}:[0-9]+$')
);
create index promised_coins_address on promised_coins (address, expires_at);
create index promised_coins_holder on promised_coins (holder);
