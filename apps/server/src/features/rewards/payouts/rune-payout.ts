import {
  addressToScript,
  buildRuneDistribution,
  RuneDistributionError,
  type RevealTransaction,
  type RuneCarrier,
  type RunePayee,
} from '@om/bitcoin';
import type { Transaction } from 'kysely';
import type { AppDeps } from '../../../app-deps.ts';
import type { Database } from '../../../db/database.ts';
import {
  pendingAssetRewards,
  stillPending,
  type PendingAssetReward,
} from './asset-payouts.queries.ts';
import { broadcastPayout, journalPayout, payoutCoins, payoutFeeRate } from './payout-send.ts';
import { lockPayouts } from './payouts.queries.ts';
import { parseRuneAsset } from './rune-asset.ts';
import { indexedRune, markRunesSent, runeCarriers } from './rune-payouts.queries.ts';
import { payoutKeys, rewardsWallet } from './rewards-wallet.ts';

// ADR 020: a pool's rune rewards go out in ONE transaction per pool, from the rewards wallet's
// outputs holding the rune (confirmed in our runes index, none inscribed) plus cardinal coins for
// postage and fee: a runestone with one edict per winner, the rune change by its pointer
// (buildRuneDistribution). It is journalled as a 'reward-payout' claim (ref `pool:<id>:runes`) in
// the transaction that marks the rows sent, and broadcast after, so the claims worker finishes or
// releases it as any payout. While the wallet holds too little of a rune, the rows stay pending,
// logged: an operator must deposit it.

type Deps = Pick<AppDeps, 'chain' | 'db' | 'env' | 'log'>;

/** One pass over the pending rune rewards, one transaction per pool. */
export async function payRuneRewards(deps: Deps): Promise<void> {
  const byPool = new Map<string, PendingAssetReward[]>();
  for (const r of await pendingAssetRewards(deps.db.kysely, 'rune')) {
    byPool.set(r.poolId, [...(byPool.get(r.poolId) ?? []), r]);
  }
  for (const [poolId, rewards] of byPool) {
    await payRunePool(deps, poolId, rewards).catch((err: unknown) =>
      deps.log.error({ err, poolId }, 'rewards: rune payout failed'),
    );
  }
}

async function payRunePool(
  deps: Deps,
  poolId: string,
  rewards: PendingAssetReward[],
): Promise<void> {
  const ref = `pool:${poolId}:runes`;
  const feeRate = await payoutFeeRate(deps);
  let tx: RevealTransaction | undefined;
  try {
    tx = await deps.db.kysely.transaction().execute(async (trx) => {
      await lockPayouts(trx);
      const owed: PendingAssetReward[] = [];
      for (const r of rewards) if (await stillPending(trx, r.key)) owed.push(r);
      const payees = await runePayees(deps, trx, poolId, owed);
      if (!payees) return undefined;
      const carriers = await walletCarriers(deps, trx, payees);
      if (!carriers) return undefined;
      const wallet = rewardsWallet(deps.env);
      const built = buildRuneDistribution({
        carriers,
        coins: await payoutCoins(deps.env, trx),
        payees: payees.map((p) => p.payee),
        runeChange: wallet.script,
        change: wallet.script,
        feeRate,
        network: deps.env.BITCOIN_NETWORK,
      });
      await markRunesSent(trx, payees, built.txid);
      await journalPayout(trx, ref, built);
      return built;
    });
  } catch (err) {
    if (err instanceof RuneDistributionError && err.code === 'insufficient-funds') {
      deps.log.warn({ poolId, reason: err.message }, 'rewards: rune payout waits for funds');
      return;
    }
    throw err;
  }
  if (tx) await broadcastPayout(deps, ref, tx);
}

type OwedRune = { key: string; runeId: string; name: string; payee: RunePayee };

/**
 * The pool's owed rewards as payees, each rune resolved to its id in our runes index; undefined
 * (logged) while a rune is not etched in it yet. A winner's address not of this network is logged
 * and left pending.
 */
async function runePayees(
  deps: Deps,
  trx: Transaction<Database>,
  poolId: string,
  owed: readonly PendingAssetReward[],
): Promise<OwedRune[] | undefined> {
  const network = deps.env.BITCOIN_NETWORK;
  const payees: OwedRune[] = [];
  for (const r of owed) {
    const asset = parseRuneAsset(r.asset);
    const rune = asset && (await indexedRune(trx, asset));
    if (!rune) {
      deps.log.warn(
        { poolId, rune: r.asset },
        'rewards: rune reward waits: the rune is not in our runes index',
      );
      return undefined;
    }
    const script = addressToScript(r.address, network);
    if (!script) {
      deps.log.error({ key: r.key }, `rewards: ${r.address} is not a ${network} address`);
      continue;
    }
    const [block = 0, tx = 0] = rune.id.split(':').map(Number);
    payees.push({
      key: r.key,
      runeId: rune.id,
      name: rune.spacedName,
      payee: { script, id: { block, tx }, amount: r.amount },
    });
  }
  return payees.length > 0 ? payees : undefined;
}

/**
 * The wallet's outputs holding each rune owed, the largest first until they cover it; undefined
 * (a warning naming the rune and the wallet) when the wallet holds too little of one.
 */
async function walletCarriers(
  deps: Deps,
  trx: Transaction<Database>,
  payees: readonly OwedRune[],
): Promise<RuneCarrier[] | undefined> {
  const keys = new Map(payoutKeys(deps.env).map((k) => [k.address, k]));
  const wallet = rewardsWallet(deps.env);
  const owed = new Map<string, { name: string; amount: bigint }>();
  for (const p of payees) {
    const amount = (owed.get(p.runeId)?.amount ?? 0n) + p.payee.amount;
    owed.set(p.runeId, { name: p.name, amount });
  }
  const picked = new Map<string, RuneCarrier>();
  for (const [runeId, { name, amount }] of owed) {
    let held = 0n;
    for (const c of await runeCarriers(trx, [...keys.keys()], runeId)) {
      if (held >= amount) break;
      const key = keys.get(c.address);
      if (!key) continue;
      held += c.runeAmount;
      const runes = c.runes.map((r) => {
        const [block = 0, tx = 0] = r.id.split(':').map(Number);
        return { id: { block, tx }, amount: r.amount };
      });
      picked.set(`${c.txid}:${c.vout}`, {
        ...c,
        script: key.script,
        privateKey: key.privateKey,
        runes,
      });
    }
    if (held < amount) {
      deps.log.warn(
        { rune: name, runeId, held: String(held), owed: String(amount), wallet: wallet.address },
        `rewards: rune reward waits: the rewards wallet ${wallet.address} holds ${held} base units of ${name} (${runeId}) it can spend, the pool owes ${amount}; an operator must deposit them`,
      );
      return undefined;
    }
  }
  return [...picked.values()];
}
