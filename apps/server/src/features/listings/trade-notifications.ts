import { satsToBtc } from '@om/core';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { notify, retract, unretract } from '../notifications/notifications.service.ts';
import type { TradeChange } from '../../trading/trade-change.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * What a trade's move tells its two sides (ADR 018), written in the transaction that
 * moves it. Keys are per trade, so the tracker's next pass, or another process's, adds nothing;
 * a reorg that takes the block back retracts them, and the block mined again restores them.
 */
export async function notifyTradeMoved(
  db: Executor,
  tradeId: string,
  change: TradeChange,
): Promise<void> {
  const keys = {
    sold: `sold:${tradeId}`,
    bought: `bought:${tradeId}`,
    sniped: `sniped:${tradeId}`,
  };
  if (!change.finalized) {
    // Back in (or still in) the mempool: what a mined block said is undone for now.
    await retract(db, Object.values(keys));
    return;
  }
  const trade = await db
    .selectFrom('trade_history as t')
    .innerJoin('orderbook as o', 'o.id', 't.order_id')
    .select([
      't.inscription_id',
      't.inscription_name',
      't.collection_slug',
      't.price',
      't.transaction_id',
      't.sniper_transaction_id',
      't.maker_address',
      't.taker_address',
      'o.maker_payment_address',
      'o.maker_ordinal_address',
      'o.taker_payment_address',
      'o.taker_ordinal_address',
      'o.phase_id',
    ])
    .where('t.id', '=', tradeId)
    .executeTakeFirst();
  if (!trade) return;
  const name = trade.inscription_name ?? `Inscription ${trade.inscription_id.slice(0, 8)}…`;
  const btc = `${satsToBtc(BigInt(trade.price))} BTC`;
  const buyer = [trade.taker_address, trade.taker_payment_address, trade.taker_ordinal_address];
  const seller = [trade.maker_address, trade.maker_payment_address, trade.maker_ordinal_address];
  const payload = {
    inscriptionId: trade.inscription_id,
    priceSats: String(trade.price),
    txid: trade.transaction_id,
    link: `/inscriptions/${trade.inscription_id}`,
  };
  const isMint = trade.phase_id !== null;

  if (change.status === 'sniped') {
    await notify(db, {
      to: present(buyer),
      type: isMint ? 'mint_sniped' : 'purchase_sniped',
      title: isMint ? 'Your mint was taken' : 'Your purchase was sniped',
      body: `Another transaction took ${name} first and is confirmed; yours cannot confirm, so none of your coins were spent.`,
      payload: { ...payload, sniperTxid: trade.sniper_transaction_id },
      dedupeKey: keys.sniped,
    });
    await unretract(db, keys.sniped);
    return;
  }
  if (change.status !== 'confirmed') return;
  await notify(db, {
    to: present(buyer),
    type: isMint ? 'mint_completed' : 'purchase_confirmed',
    title: isMint ? 'Your mint is confirmed' : 'Your purchase is confirmed',
    body: `${name} is yours for ${btc}, confirmed in block ${change.blockHeight}.`,
    payload,
    dedupeKey: keys.bought,
  });
  // A launch's creator follows its mints on the launch's progress, not one notification each.
  if (!isMint) {
    await notify(db, {
      to: present(seller),
      type: 'listing_sold',
      title: 'Your inscription sold',
      body: `${name} sold for ${btc}, confirmed in block ${change.blockHeight}.`,
      payload,
      dedupeKey: keys.sold,
    });
  }
  await unretract(db, [keys.bought, keys.sold]);
}

function present(addresses: (string | null)[]): string[] {
  return addresses.filter((a): a is string => a !== null && a !== '');
}
