import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';
import { lockInOrder } from '../../trading/offers.queries.ts';

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

/** Coins of the address that another open reservation has promised. */
export async function promisedCoinsOf(
  db: Db,
  address: string,
  exceptHolder: string | null,
): Promise<Set<string>> {
  const { rows } = await sql<{ outpoint: string }>`
    select outpoint from promised_coins
    where address = ${address} and expires_at > clock_timestamp()
      and holder is distinct from ${exceptHolder}`.execute(db.kysely);
  return new Set(rows.map((r) => r.outpoint));
}

/** Open holds of the wallet and of the client, besides the holder's own. */
export async function openHolds(
  db: Db['kysely'],
  hold: Pick<Hold, 'holder' | 'wallet' | 'client'>,
): Promise<{ wallet: number; client: number }> {
  const { rows } = await sql<{ wallet: number; client: number }>`
    select count(*) filter (where wallet = ${hold.wallet})::int as wallet,
           count(*) filter (where client = ${hold.client})::int as client
    from reservation_holds
    where (wallet = ${hold.wallet} or client = ${hold.client}) and holder <> ${hold.holder}
      and expires_at > clock_timestamp()`.execute(db);
  return rows[0] ?? { wallet: 0, client: 0 };
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
 * Records the hold and promises its coins, all or none: under locks on the wallet and the client
 * (one order, no deadlock) the caps are counted, then each coin is taken unless a live promise of
 * another holder has it. A holder asking again replaces its own hold. Answers the refusal, if any.
 * Three statements after the locks (product.md#scale-and-delivery: every mint takes a hold): the
 * deletes run in the count's statement, whose snapshot is taken once the locks are held; the rows
 * they remove (the holder's own, holds lapsed an hour) are none that the count counts.
 */
export async function takeHold(
  db: Db,
  hold: Hold,
  caps: { perWallet: number; perClient: number },
): Promise<HoldRefusal | undefined> {
  return db.kysely
    .transaction()
    .execute(async (trx): Promise<HoldRefusal | undefined> => {
      await lockInOrder(trx, [`hold-wallet|${hold.wallet}`, `hold-client|${hold.client}`].sort());
      const refusal = overCaps(await openHoldsAfterSweep(trx, hold), caps);
      if (refusal) return refusal;
      const insertHold = sql`
        insert into reservation_holds (holder, wallet, client, expires_at)
        values (${hold.holder}, ${hold.wallet}, ${hold.client}, ${hold.expiresAt})`;
      if (hold.outpoints.length === 0) {
        await insertHold.execute(trx);
        return undefined;
      }
      const values = sql.join(
        hold.outpoints.map((o) => sql`(${o}, ${hold.holder}, ${hold.address}, ${hold.expiresAt})`),
      );
      const taken = await sql<{ outpoint: string }>`
        with hold as (${insertHold})
        insert into promised_coins (outpoint, holder, address, expires_at) values ${values}
        on conflict (outpoint) do update
          set holder = excluded.holder, address = excluded.address, expires_at = excluded.expires_at
          where promised_coins.expires_at <= clock_timestamp()
        returning outpoint`.execute(trx);
      // A coin another open reservation holds: undo the whole hold.
      if (taken.rows.length < new Set(hold.outpoints).size) throw new CoinsPromised();
      return undefined;
    })
    .catch((err: unknown) => {
      if (err instanceof CoinsPromised) return 'coins' as const;
      throw err;
    });
}

/**
 * openHolds, in the statement that drops the holder's own hold (it asks again) and the holds of
 * anyone lapsed an hour since (of no use any more).
 */
async function openHoldsAfterSweep(
  trx: Transaction<Database>,
  hold: Pick<Hold, 'holder' | 'wallet' | 'client'>,
): Promise<{ wallet: number; client: number }> {
  const { rows } = await sql<{ wallet: number; client: number }>`
    with swept as (
      delete from reservation_holds
      where holder = ${hold.holder} or expires_at < now() - interval '1 hour')
    select count(*) filter (where wallet = ${hold.wallet})::int as wallet,
           count(*) filter (where client = ${hold.client})::int as client
    from reservation_holds
    where (wallet = ${hold.wallet} or client = ${hold.client}) and holder <> ${hold.holder}
      and expires_at > clock_timestamp()`.execute(trx);
  return rows[0] ?? { wallet: 0, client: 0 };
}

/** Ends a hold at once (its offer failed, or its order lapsed): its coins are free again. */
export async function releaseHold(db: Db, holder: string): Promise<void> {
  await sql`delete from reservation_holds where holder = ${holder}`.execute(db.kysely);
}

class CoinsPromised extends Error {
  constructor() {
    super('A coin is promised to another open reservation');
  }
}
