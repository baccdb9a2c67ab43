import { sql, type Kysely, type Transaction } from 'kysely';
import { uIsUnspent } from '../../../chain/sources/local-queries.ts';
import type { Database } from '../../../db/database.ts';
import type { PoolRewardType } from '../../../db/rewards.tables.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** A recorded pool reward still owed, in the asset's units. */
export interface PendingAssetReward {
  key: string;
  address: string;
  poolId: string;
  rewardIndex: number;
  asset: string;
  amount: bigint;
}

/**
 * The pool rewards of `type` recorded and still owed (status pending, no transaction): the
 * reward's type is its pool reward's, found by its index (position by id, as the draw numbers).
 */
export async function pendingAssetRewards(
  trx: Executor,
  type: PoolRewardType,
): Promise<PendingAssetReward[]> {
  const { rows } = await sql<{
    key: string;
    address: string;
    pool_id: string;
    reward_index: number;
    asset: string;
    amount: string;
  }>`
    select x.key, x.address, x.pool_id, x.reward_index, x.asset, x.amount::text as amount
    from rewards x
    join (select pool_id, type,
            (row_number() over (partition by pool_id order by id) - 1)::int as idx
          from pool_rewards) r on r.pool_id = x.pool_id and r.idx = x.reward_index
    where x.type = 'pool' and x.status = 'pending' and x.asset is not null and r.type = ${type}
    order by x.date, x.key`.execute(trx);
  return rows.map((row) => ({
    key: row.key,
    address: row.address,
    poolId: row.pool_id,
    rewardIndex: row.reward_index,
    asset: row.asset,
    amount: BigInt(row.amount),
  }));
}

/** Still owed: the row is pending (locked for the payout's transaction). */
export async function stillPending(trx: Transaction<Database>, key: string): Promise<boolean> {
  const row = await trx
    .selectFrom('rewards')
    .select('status')
    .where('key', '=', key)
    .forUpdate()
    .executeTakeFirst();
  return row?.status === 'pending';
}

/** The reward is journalled as `txid`: sent. */
export async function markSent(trx: Executor, key: string, txid: string): Promise<void> {
  await trx
    .updateTable('rewards')
    .set({ status: 'sent', txid })
    .where('key', '=', key)
    .where('status', '=', 'pending')
    .execute();
}

export type HeldInscription = {
  txid: string;
  vout: number;
  value: bigint;
  offset: bigint;
  /** How many inscriptions the output carries: moving it moves them all. */
  onOutput: number;
};

/**
 * Where inscription `id` sits when `address` holds it confirmed, its output unspent in our index
 * and in the mempool; undefined otherwise (not deposited, elsewhere, or being moved).
 */
export async function heldInscription(
  trx: Executor,
  id: string,
  address: string,
): Promise<HeldInscription | undefined> {
  const { rows } = await sql<{
    txid: string;
    vout: string;
    value: string;
    offset: string;
    on_output: number;
  }>`
    select i.txid, i.vout::text as vout, i.output_value::text as value,
      i.sat_offset::text as offset,
      (select count(*) from chain_inscriptions o where o.txid = i.txid and o.vout = i.vout)::int
        as on_output
    from chain_inscriptions i
    join chain_utxos u on u.txid = i.txid and u.vout = i.vout
    where i.inscription_id = ${id} and i.address = ${address}
      and ${uIsUnspent}
      and not exists (select 1 from mempool_spends m
                      where m.prev_txid = i.txid and m.prev_vout = i.vout)`.execute(trx);
  const row = rows[0];
  if (!row) return undefined;
  return {
    txid: row.txid,
    vout: Number(row.vout),
    value: BigInt(row.value),
    offset: BigInt(row.offset),
    onOutput: row.on_output,
  };
}

/** The open journal of a reward's transfer inscription (kind 'reward-payout', ref `ref`). */
export async function openTransferClaim(
  trx: Executor,
  ref: string,
): Promise<{ txids: string[] } | undefined> {
  return trx
    .selectFrom('claimed_transactions')
    .select('txids')
    .where('kind', '=', 'reward-payout')
    .where('ref', '=', ref)
    .where('status', '!=', 'released')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** An unused valid transfer inscription of `pkscript`, by our BRC-20 index. */
export async function isTransferable(
  trx: Executor,
  inscriptionId: string,
  pkscript: string,
): Promise<boolean> {
  const row = await trx
    .selectFrom('brc20_transferables')
    .select('inscription_id')
    .where('inscription_id', '=', inscriptionId)
    .where('source_pkscript', '=', pkscript)
    .where('used_height', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** `pkscript`'s available balance of `tick` (10^18 scale), 0 when it holds none. */
export async function availableBalance(
  trx: Executor,
  pkscript: string,
  tick: string,
): Promise<bigint> {
  const row = await trx
    .selectFrom('brc20_balances')
    .select('available')
    .where('pkscript', '=', pkscript)
    .where('tick', '=', tick)
    .executeTakeFirst();
  return BigInt(row?.available ?? 0);
}

/**
 * Whether another reward of `tick` has its transfer inscribed and not sent on: the index's
 * available balance may not count that transfer yet, so a second one waits for it.
 */
export async function transferInFlight(trx: Executor, tick: string, key: string): Promise<boolean> {
  const { rows } = await sql<{ key: string }>`
    select x.key from rewards x
    join claimed_transactions c on c.kind = 'reward-payout' and c.ref = x.key || ':transfer'
      and c.status <> 'released'
    where x.status = 'pending' and lower(x.asset) = ${tick} and x.key <> ${key}
    limit 1`.execute(trx);
  return rows.length > 0;
}
