import { addressToScript, InscribeError } from '@om/bitcoin';
import type { AppDeps } from '../../../app-deps.ts';
import { heldInscription, pendingAssetRewards, stillPending } from './asset-payouts.queries.ts';
import { broadcastPayout, journalInscriptionMove, payoutFeeRate } from './payout-send.ts';
import { lockPayouts } from './payouts.queries.ts';
import { rewardsWallet } from './rewards-wallet.ts';

// ADR 020: an inscription reward is the inscription itself, deposited in the rewards wallet by
// an operator. One transaction per winner moves its whole output to the winner (input 0 →
// output 0, postage unchanged), the fee from the wallet's cardinal coins. It is journalled as a
// 'reward-payout' claim under the reward's key in the transaction that marks the row sent, and
// broadcast after: the claims worker then confirms it, or releases it (the row is deleted, owed
// again) as for btc payouts. Not in the wallet yet, the row stays pending and is tried each pass.

/** One pass over the pending inscription rewards. */
export async function payInscriptionRewards(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env' | 'log'>,
): Promise<void> {
  const owed = await pendingAssetRewards(deps.db.kysely, 'inscription');
  for (const reward of owed) {
    await payInscription(deps, reward).catch((err: unknown) =>
      deps.log.error({ err, key: reward.key }, 'rewards: inscription payout failed'),
    );
  }
}

async function payInscription(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env' | 'log'>,
  reward: { key: string; address: string; asset: string },
): Promise<void> {
  const { db, env, log } = deps;
  const network = env.BITCOIN_NETWORK;
  const wallet = rewardsWallet(env);
  const to = addressToScript(reward.address, network);
  if (!to) {
    log.error({ key: reward.key }, `rewards: ${reward.address} is not a ${network} address`);
    return;
  }
  const feeRate = await payoutFeeRate(deps);
  let tx;
  try {
    tx = await db.kysely.transaction().execute(async (trx) => {
      await lockPayouts(trx);
      if (!(await stillPending(trx, reward.key))) return undefined;
      const held = await heldInscription(trx, reward.asset, wallet.address);
      if (!held) {
        log.warn(
          { key: reward.key, inscription: reward.asset, wallet: wallet.address },
          'rewards: inscription reward waits: the rewards wallet does not hold it confirmed; an operator must deposit it',
        );
        return undefined;
      }
      if (held.onOutput !== 1) {
        log.error(
          { key: reward.key, outpoint: `${held.txid}:${held.vout}`, count: held.onOutput },
          'rewards: inscription reward waits: its output carries other inscriptions too; split it first',
        );
        return undefined;
      }
      return journalInscriptionMove(env, trx, { key: reward.key, held, to }, feeRate);
    });
  } catch (err) {
    if (err instanceof InscribeError && err.code === 'insufficient-funds') {
      log.warn(
        { key: reward.key, reason: err.message },
        'rewards: inscription payout waits for funds',
      );
      return;
    }
    throw err;
  }
  if (tx) await broadcastPayout(deps, reward.key, tx);
}
