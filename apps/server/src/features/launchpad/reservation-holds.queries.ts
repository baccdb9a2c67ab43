import { sql } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import { sqlErrorOf } from '../../db/sql-error.ts';

// product.md#trust-findings finding 3: a reservation (launch mint offer, edition order) holds its
// items only with coins no other open one has promised, and within caps per wallet and per client.
// Raw SQL: the tables (0017) are this file's alone.

export type Hold = {
  /** 'mint:{phaseId}:{ordinals address}' (one per taker and phase) or 'order:{orderId}'. */
  holder: string;
  /** The signed-in user. */
  wallet: string;
  /** The request's client address. */
  client: string;
  /** The payment address whose coins the PSBTs spend. */
  address: string;
  outpoints: readonly string[];
  expiresAt: Date;
};

/** The hold of a taker's mint offer in a phase: asking again replaces it. */
export const mintHolder = (phaseId: string, takerOrdinalAddress: string) =>
  `mint:${phaseId}:${takerOrdinalAddress}`;

export type HoldRefusal = 'coins' | 'wallet' | 'client';

/**
 * Open holds of the wallet and of the client besides the holder's own, and the coins of the
 * address that another open reservation has promised: what a reservation asks before it reserves
 * or builds anything, in one round trip.
 */
export async function holdsAndPromises(
  db: Db['kysely'],
  hold: Pick<Hold, 'holder' | 'wallet' | 'client' | 'address'>,
): Promise<{ open: { wallet: number; client: number }; promised: Set<string> }> {
  const { rows } = await sql<{ wallet: number; client: number; promised: string[] }>`
    select h.wallet, h.client, array(
      select outpoint from promised_coins
      where address = ${hold.address} and expires_at > clock_timestamp()
        and holder <> ${hold.holder}) as promised
    from (
      select count(*) filter (where wallet = ${hold.wallet})::int as wallet,
             count(*) filter (where client = ${hold.client})::int as client
      from reservation_holds
      where (wallet = ${hold.wallet} or client = ${hold.client}) and holder <> ${hold.holder}
        and expires_at > clock_timestamp()) as h`.execute(db);
  const row = rows[0];
  return {
    open: { wallet: row?.wallet ?? 0, client: row?.client ?? 0 },
    promised: new Set(row?.promised ?? []),
  };
}

export function overCaps(
  open: { wallet: number; client: number },
  caps: { perWallet: number; perClient: number },
): HoldRefusal | undefined {
  if (open.wallet >= caps.perWallet) return 'wallet';
  if (open.client >= caps.perClient) return 'client';
  return undefined;
}

/**
 * Records the hold and promises its coins, all or none, in one round trip (take_hold.sql): under
 * locks on the wallet and the client (one order, no deadlock) the caps are counted, then each coin
 * is taken unless a live promise of another holder has it. A holder asking again replaces its own
 * hold. Answers the refusal, if any.
 */
export async function takeHold(
  db: Db,
  hold: Hold,
  caps: { perWallet: number; perClient: number },
): Promise<HoldRefusal | undefined> {
  const lockKeys = [`hold-wallet|${hold.wallet}`, `hold-client|${hold.client}`].sort();
  try {
    const { rows } = await sql<{ refusal: HoldRefusal | null }>`
      select take_hold(${lockKeys}::text[], ${hold.holder}, ${hold.wallet}, ${hold.client},
        ${hold.address}, ${[...hold.outpoints]}::text[], ${hold.expiresAt}, ${caps.perWallet},
        ${caps.perClient}) as refusal`.execute(db.kysely);
    return rows[0]?.refusal ?? undefined;
  } catch (err) {
    // A coin another open reservation holds: nothing of the hold was kept.
    if (sqlErrorOf(err).code === 'OMC01') return 'coins';
    throw err;
  }
}

/** Ends a hold at once (its offer failed, or its order lapsed): its coins are free again. */
export async function releaseHold(db: Db, holder: string): Promise<void> {
  await sql`delete from reservation_holds where holder = ${holder}`.execute(db.kysely);
}
