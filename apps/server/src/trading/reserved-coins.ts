import { bytesToHex, parsePsbt } from '@om/bitcoin';
import { auctionHoldsInscription, COINS_BACK_A_BID } from '@om/core';
import type { Db } from '../db/create-db.ts';
import { AppError } from '../http/app-error.ts';
import { refuseLaunchedOutpoints } from './launch-items.queries.ts';

// A standing auction bid's multisig coins stay where its settlement needs them (ADR 012): the
// platform co-signs no other spend of them. The two places that co-sign a multisig input the
// user built with us call this first: multisig-tx.ts (paddings, withdrawals) and the purchase
// settlement (paddings from the multisig wallet). The auctions feature writes the reservations.
// Likewise an auction's item stays in the seller's maker wallet while the auction takes bids.

/** The outpoints ('txid:vout') a PSBT spends. */
export function outpointsOf(psbt: Parameters<typeof parsePsbt>[0]): string[] {
  const tx = parsePsbt(psbt);
  const outpoints: string[] = [];
  for (let i = 0; i < tx.inputsLength; i++) {
    const { txid, index } = tx.getInput(i);
    if (txid && index !== undefined) outpoints.push(`${bytesToHex(txid)}:${index}`);
  }
  return outpoints;
}

/** The wallet's coins that standing bids count on ('txid:vout'). */
export async function reservedCoinsOf(db: Db, walletId: string): Promise<Set<string>> {
  const rows = await db.kysely
    .selectFrom('auction_coin_reservations')
    .select('outpoint')
    .where('wallet_id', '=', walletId)
    .execute();
  return new Set(rows.map((r) => r.outpoint));
}

/** 409 when the PSBT (one we built, so it parses) spends a coin reserved by a standing bid. */
export async function refuseReservedCoins(db: Db, psbt: Parameters<typeof parsePsbt>[0]) {
  const outpoints = outpointsOf(psbt);
  if (outpoints.length === 0) return;
  const reserved = await db.kysely
    .selectFrom('auction_coin_reservations')
    .select('outpoint')
    .where('outpoint', 'in', outpoints)
    .executeTakeFirst();
  if (reserved) throw new AppError('CONFLICT', COINS_BACK_A_BID);
}

/** 409 when one of the inscriptions is the item of an auction taking bids (ADR 012's escrow). */
export async function refuseAuctionedInscriptions(
  db: Db,
  inscriptionIds: readonly string[],
): Promise<void> {
  if (inscriptionIds.length === 0) return;
  const open = await db.kysely
    .selectFrom('auctions')
    .select(['inscription_id as inscriptionId', 'slug'])
    .where('inscription_id', 'in', inscriptionIds)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (open) {
    throw new AppError('CONFLICT', auctionHoldsInscription(open.inscriptionId, open.slug));
  }
}

/**
 * 409 when a maker-wallet spend the platform is about to co-sign takes an item it holds for
 * others: an active auction's escrow, or an unminted item of a launch that holds it. Asked again
 * at co-signing, not only when the withdrawal was prepared: a withdrawal prepared before the
 * auction or the launch took the item must not be co-signed after.
 */
export async function refuseHeldItems(db: Db, psbt: Uint8Array): Promise<void> {
  const outpoints = outpointsOf(psbt);
  if (outpoints.length === 0) return;
  const auction = await db.kysely
    .selectFrom('auctions')
    .select(['inscription_id as inscriptionId', 'slug'])
    .where('maker_wallet_outpoint', 'in', outpoints)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (auction) {
    throw new AppError('CONFLICT', auctionHoldsInscription(auction.inscriptionId, auction.slug));
  }
  await refuseLaunchedOutpoints(db, outpoints);
}
