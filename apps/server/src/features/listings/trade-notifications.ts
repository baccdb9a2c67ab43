import { satsToBtc } from '@om/core';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { notify, retract, unretract } from '../notifications/notifications.service.ts';
import type { TradeChange } from '../../trading/trade-change.ts';
import { findTradeParties } from './trade-parties.queries.ts';

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
  const trade = await findTradeParties(db, tradeId);
  if (!trade) return;
  const name = trade.inscriptionName ?? `Inscription ${trade.inscriptionId.slice(0, 8)}…`;
  const btc = `${satsToBtc(trade.price)} BTC`;
  const payload = {
    inscriptionId: trade.inscriptionId,
    priceSats: String(trade.price),
    txid: trade.txid,
    link: `/inscriptions/${trade.inscriptionId}`,
  };

  if (change.status === 'sniped') {
    await notify(db, {
      to: trade.buyer,
      type: trade.isMint ? 'mint_sniped' : 'purchase_sniped',
      title: trade.isMint ? 'Your mint was taken' : 'Your purchase was sniped',
      body: `Another transaction took ${name} first and is confirmed; yours cannot confirm, so none of your coins were spent.`,
      payload: { ...payload, sniperTxid: trade.sniperTxid },
      dedupeKey: keys.sniped,
    });
    await unretract(db, keys.sniped);
    return;
  }
  if (change.status !== 'confirmed') return;
  await notify(db, {
    to: trade.buyer,
    type: trade.isMint ? 'mint_completed' : 'purchase_confirmed',
    title: trade.isMint ? 'Your mint is confirmed' : 'Your purchase is confirmed',
    body: `${name} is yours for ${btc}, confirmed in block ${change.blockHeight}.`,
    payload,
    dedupeKey: keys.bought,
  });
  // A launch's creator follows its mints on the launch's progress, not one notification each.
  if (!trade.isMint) {
    await notify(db, {
      to: trade.seller,
      type: 'listing_sold',
      title: 'Your inscription sold',
      body: `${name} sold for ${btc}, confirmed in block ${change.blockHeight}.`,
      payload,
      dedupeKey: keys.sold,
    });
  }
  await unretract(db, [keys.bought, keys.sold]);
}
