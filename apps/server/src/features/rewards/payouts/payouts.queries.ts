import { sql, type Kysely, type Transaction } from 'kysely';
import { RawTx } from '@scure/btc-signer';
import { bytesToHex, hexToBytes } from '@om/bitcoin';
import { uIsUnspent } from '../../../chain/sources/local-queries.ts';
import type { Db } from '../../../db/create-db.ts';
import type { Database } from '../../../db/database.ts';
import type { NewReward, PoolRewardType } from '../../../db/rewards.tables.ts';
import { awaitingBroadcast } from '../../../trading/claimed-transactions.queries.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export type WalletCoin = { txid: string; vout: number; value: bigint; address: string };

/** The indexed tip: the height payouts count confirmations from. */
export async function indexedTip(db: Db): Promise<number | null> {
  const row = await db.kysely
    .selectFrom('chain_blocks')
    .select((eb) => eb.fn.max('height').as('height'))
    .executeTakeFirst();
  return row?.height ?? null;
}

/**
 * The confirmed coins of `addresses` that may pay: unspent in our index, spent by nothing in the
 * mempool nor by a payout journalled and not mined yet, carrying no inscription and holding no
 * rune (docs/product.md#runes: never cardinal; a rune deposit would go to the first payee). Where
 * the runes index runs, a coin of a block it has not read yet waits for it: its runes are unknown.
 */
export async function spendableCoins(
  trx: Executor,
  addresses: readonly string[],
): Promise<WalletCoin[]> {
  const claimed = await claimedOutpoints(trx);
  const { rows } = await sql<{ txid: string; vout: number; value: string; address: string }>`
    select u.txid, u.vout, u.value, u.address from chain_utxos u
    where u.address in (${sql.join(addresses)})
      and ${uIsUnspent}
      and not exists (select 1 from mempool_spends m
                      where m.prev_txid = u.txid and m.prev_vout = u.vout)
      and not exists (select 1 from chain_inscriptions i where i.txid = u.txid and i.vout = u.vout)
      and not exists (select 1 from rune_balances b
                      where b.outpoint = u.txid || ':' || u.vout and b.spent_height is null)
      and u.height <= coalesce((select max(height) from rune_blocks), u.height)
    order by u.value desc, u.txid, u.vout`.execute(trx);
  return rows
    .filter((r) => !claimed.has(`${r.txid}:${r.vout}`))
    .map((r) => ({ ...r, value: BigInt(r.value) }));
}

/** The outpoints the payouts not mined yet spend, read from their journalled transactions. */
export async function claimedOutpoints(trx: Executor): Promise<Set<string>> {
  const claims = await trx
    .selectFrom('claimed_transactions')
    .select('hexes')
    .where('kind', '=', 'reward-payout')
    .where('status', 'in', ['claimed', 'sent'])
    .execute();
  const spent = new Set<string>();
  for (const { hexes } of claims) {
    for (const hex of hexes) {
      for (const input of RawTx.decode(hexToBytes(hex)).inputs) {
        // RawTx decodes the txid little-endian already: it reads as the txid is written.
        spent.add(`${bytesToHex(input.txid)}:${input.index}`);
      }
    }
  }
  return spent;
}

/** One payout at a time across processes: the coins and the "paid once" checks hold under it. */
export async function lockPayouts(trx: Transaction<Database>): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('om:reward-payouts'))`.execute(trx);
}

/** The keys among `keys` already recorded. */
export async function recordedKeys(trx: Executor, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await trx.selectFrom('rewards').select('key').where('key', 'in', keys).execute();
  return new Set(rows.map((r) => r.key));
}

/**
 * Records rewards once (by key). user_id is the user the address signed in as or is linked to,
 * when there is one: the reward belongs to the address either way (ADR 020).
 */
export async function insertRewards(trx: Executor, rows: readonly NewReward[]): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('rewards')
    .values(
      rows.map((row) => ({
        ...row,
        user_id: sql<string | null>`(
          select id from users where address = ${row.address}
          union all select user_id from addresses where address = ${row.address}
            and user_id is not null
          limit 1)`,
      })),
    )
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/** A reward a mined payout confirmed; amount in the asset's units (sats for btc). */
export interface ConfirmedReward {
  address: string;
  /** 'pool' or 'mining'. */
  type: string;
  poolId: string | null;
  cycle: number | null;
  amount: bigint | null;
  asset: string | null;
}

/** The payout is mined: its rows are confirmed. Answers the rewards it moved. */
export async function confirmRewards(trx: Executor, txid: string): Promise<ConfirmedReward[]> {
  const rows = await trx
    .updateTable('rewards')
    .set({ status: 'confirmed' })
    .where('txid', '=', txid)
    .where('status', '=', 'sent')
    .returning(['address', 'type', 'pool_id', 'cycle', 'amount', 'asset'])
    .execute();
  return rows.map((row) => ({
    address: row.address,
    type: row.type,
    poolId: row.pool_id,
    cycle: row.cycle,
    amount: row.amount === null ? null : BigInt(row.amount),
    asset: row.asset,
  }));
}

/** The payout's transaction was spent elsewhere before it was mined: its rows are owed again. */
export async function reopenRewards(trx: Executor, txid: string): Promise<void> {
  await trx.deleteFrom('rewards').where('txid', '=', txid).where('status', '=', 'sent').execute();
}

/** A row of an address's rewards history; amount in the asset's units (sats for btc). */
export interface RewardEntry {
  id: string;
  date: Date;
  type: string;
  address: string;
  poolId: string | null;
  poolTitle: string | null;
  asset: string | null;
  amount: bigint | null;
  txid: string | null;
  /** 'broadcasting': sent, but the node has not taken its transaction yet (awaitingBroadcast). */
  status: 'pending' | 'broadcasting' | 'sent' | 'confirmed';
}

/**
 * The rewards of `addresses`, newest first, a page of `pageSize` (one more read to tell whether
 * another page follows), with the pool's title.
 */
export async function rewardsOf(
  db: Db,
  addresses: readonly string[],
  page: number,
  pageSize: number,
): Promise<{ rewards: RewardEntry[]; hasMore: boolean }> {
  const rows = await db.kysely
    .selectFrom('rewards as r')
    .leftJoin('pools as p', 'p.id', 'r.pool_id')
    .select([
      'r.id',
      'r.date',
      'r.type',
      'r.address',
      'r.pool_id',
      'p.title as pool_title',
      'r.asset',
      'r.amount',
      'r.txid',
      'r.status',
      awaitingBroadcast('reward-payout', sql.ref('r.txid')).as('broadcasting'),
    ])
    .where('r.address', 'in', addresses)
    .orderBy('r.date', 'desc')
    .orderBy('r.id')
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize)
    .execute();
  const rewards = rows.slice(0, pageSize).map((row) => ({
    id: row.id,
    date: row.date,
    type: row.type,
    address: row.address,
    poolId: row.pool_id,
    poolTitle: row.pool_title,
    asset: row.asset,
    amount: row.amount === null ? null : BigInt(row.amount),
    txid: row.txid,
    status: row.status === 'sent' && row.broadcasting ? ('broadcasting' as const) : row.status,
  }));
  return { rewards, hasMore: rows.length > pageSize };
}

/** The addresses a session has proved: its own and those linked to its user. */
export async function sessionAddresses(
  db: Db,
  session: { userId: string; address: string },
): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom('addresses')
    .select('address')
    .where('user_id', '=', session.userId)
    .execute();
  return [...new Set([session.address, ...rows.map((r) => r.address)])];
}

/** A pool winner's share, in the reward's units (sats for btc). */
export interface WinnerToPay {
  poolId: string;
  rewardIndex: number;
  address: string;
  amount: bigint;
  type: PoolRewardType;
  asset: string | null;
}

/**
 * Pool winners with no rewards row yet, whose draw block is at or below `deepest`. The reward's
 * index is its position in the pool's rewards by id, from 0 (as the draw numbers them).
 */
export async function winnersToPay(trx: Executor, deepest: number): Promise<WinnerToPay[]> {
  const { rows } = await sql<{
    pool_id: string;
    reward_index: number;
    address: string;
    amount: string;
    type: PoolRewardType;
    asset: string | null;
  }>`
    select w.pool_id, w.reward_index, w.address, w.amount::text as amount, r.type, r.asset
    from pool_winners w
    join pool_draws d on d.pool_id = w.pool_id
    join (select pool_id, type, asset,
            (row_number() over (partition by pool_id order by id) - 1)::int as idx
          from pool_rewards) r on r.pool_id = w.pool_id and r.idx = w.reward_index
    where d.height <= ${deepest}
      and not exists (select 1 from rewards x
        where x.key = 'pool:' || w.pool_id || ':' || w.reward_index || ':' || w.address)
    order by d.height, w.pool_id, w.reward_index, w.address`.execute(trx);
  return rows.map((row) => ({
    poolId: row.pool_id,
    rewardIndex: row.reward_index,
    address: row.address,
    amount: BigInt(row.amount),
    type: row.type,
    asset: row.asset,
  }));
}
