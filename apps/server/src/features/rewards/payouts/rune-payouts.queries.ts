import { sql, type Kysely, type Transaction } from 'kysely';
import { uIsUnspent } from '../../../chain/sources/local-queries.ts';
import type { Database } from '../../../db/database.ts';
import { claimedOutpoints, type WalletCoin } from './payouts.queries.ts';
import type { RuneAsset } from './rune-asset.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** A rune of our runes index, as a reward names it. */
export interface IndexedRune {
  id: string;
  spacedName: string;
  divisibility: number;
}

/** The rune the asset names, when our runes index has it etched. */
export async function indexedRune(
  trx: Executor,
  asset: RuneAsset,
): Promise<IndexedRune | undefined> {
  const row = await trx
    .selectFrom('rune_entries')
    .select(['id', 'spaced_name', 'divisibility'])
    .where((eb) =>
      'id' in asset ? eb('id', '=', asset.id) : eb('rune', '=', asset.rune.toString()),
    )
    .executeTakeFirst();
  return row && { id: row.id, spacedName: row.spaced_name, divisibility: row.divisibility };
}

/** A wallet output holding runes: every rune it holds (base units), `runeAmount` of the one asked. */
export type RuneCarrierRow = WalletCoin & {
  runeAmount: bigint;
  runes: { id: string; amount: bigint }[];
};

/**
 * The outputs of `addresses` holding rune `runeId` that a payout may spend, the largest holding
 * first: confirmed in our runes index and unspent in the chain index, spent by nothing in the
 * mempool nor by a payout journalled and not mined yet, and carrying no inscription (its sats
 * would follow the runes to a winner).
 */
export async function runeCarriers(
  trx: Executor,
  addresses: readonly string[],
  runeId: string,
): Promise<RuneCarrierRow[]> {
  const claimed = await claimedOutpoints(trx);
  const { rows } = await sql<{
    outpoint: string;
    txid: string;
    vout: number;
    value: string;
    address: string;
    amount: string;
  }>`
    select b.outpoint, u.txid, u.vout, u.value::text as value, u.address, b.amount::text as amount
    from rune_balances b
    join chain_utxos u on b.outpoint = u.txid || ':' || u.vout
    where b.rune_id = ${runeId} and b.spent_height is null
      and ${uIsUnspent}
      and b.address in (${sql.join(addresses)})
      and not exists (select 1 from mempool_spends m
                      where m.prev_txid = u.txid and m.prev_vout = u.vout)
      and not exists (select 1 from chain_inscriptions i where i.txid = u.txid and i.vout = u.vout)
    order by b.amount desc, b.outpoint`.execute(trx);
  const usable = rows.filter((r) => !claimed.has(r.outpoint));
  if (usable.length === 0) return [];
  const held = await trx
    .selectFrom('rune_balances')
    .select(['outpoint', 'rune_id', 'amount'])
    .where('outpoint', '=', sql<string>`any(${usable.map((r) => r.outpoint)}::text[])`)
    .where('spent_height', 'is', null)
    .orderBy('rune_id')
    .execute();
  return usable.map((r) => ({
    txid: r.txid,
    vout: r.vout,
    value: BigInt(r.value),
    address: r.address,
    runeAmount: BigInt(r.amount),
    runes: held
      .filter((h) => h.outpoint === r.outpoint)
      .map((h) => ({ id: h.rune_id, amount: BigInt(h.amount) })),
  }));
}

/** The rune rewards are journalled as `txid`: sent, their asset the rune's id from now on. */
export async function markRunesSent(
  trx: Executor,
  sent: readonly { key: string; runeId: string }[],
  txid: string,
): Promise<void> {
  for (const { key, runeId } of sent) {
    await trx
      .updateTable('rewards')
      .set({ status: 'sent', txid, asset: runeId })
      .where('key', '=', key)
      .where('status', '=', 'pending')
      .execute();
  }
}
