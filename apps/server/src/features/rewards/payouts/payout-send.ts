import type { Transaction } from 'kysely';
import { addressToScript, type KeyPathInput, type RevealTransaction } from '@om/bitcoin';
import type { AppDeps } from '../../../app-deps.ts';
import type { Database } from '../../../db/database.ts';
import { journalClaim, settleJournal } from '../../../trading/claimed-transactions.queries.ts';
import { broadcastInOrder } from '../../../trading/broadcast.ts';
import { buildInscriptionMove } from './asset-payout-tx.ts';
import { markSent } from './asset-payouts.queries.ts';
import { buildPayout } from './payout-tx.ts';
import { spendableCoins } from './payouts.queries.ts';
import { payoutKeys, rewardsWallet } from './rewards-wallet.ts';

// Every payout (mining cycles, pool winners) goes the way of ADR 007's claims: built and
// journalled as kind 'reward-payout' in the transaction that records the rewards, broadcast
// after it commits. A process killed in between leaves the journal row, which the claimed
// transactions worker broadcasts again (or releases, see payout-claims.ts).

export type Payee = { address: string; amount: bigint };

/**
 * The payout transaction to `payees`, from the payout keys' spendable coins, change to the
 * rewards wallet. Throws InscribeError 'insufficient-funds' when the wallet cannot pay it.
 */
export async function buildRewardsPayout(
  deps: Pick<AppDeps, 'env'>,
  trx: Transaction<Database>,
  payees: readonly Payee[],
  feeRate: number,
): Promise<RevealTransaction> {
  const network = deps.env.BITCOIN_NETWORK;
  const coins = await payoutCoins(deps.env, trx);
  const outputs = payees.map((p) => {
    const script = addressToScript(p.address, network);
    if (!script) throw new Error(`reward payout: ${p.address} is not a ${network} address`);
    return { script, value: p.amount };
  });
  return buildPayout({ coins, outputs, change: rewardsWallet(deps.env).script, feeRate, network });
}

/** The payout keys' spendable coins (payouts.queries spendableCoins), each with its signing key. */
export async function payoutCoins(
  env: AppDeps['env'],
  trx: Transaction<Database>,
): Promise<KeyPathInput[]> {
  const byAddress = new Map(payoutKeys(env).map((k) => [k.address, k]));
  return (await spendableCoins(trx, [...byAddress.keys()])).flatMap((c) => {
    const key = byAddress.get(c.address);
    return key ? [{ ...c, script: key.script, privateKey: key.privateKey }] : [];
  });
}

/**
 * Moves an inscription the rewards wallet holds (`held`, alone on its output) to `to` for the
 * reward `key`: the move is built, the reward marked sent with its txid and the move journalled,
 * in the caller's transaction. Inscription and brc-20 rewards both end here.
 */
export async function journalInscriptionMove(
  env: AppDeps['env'],
  trx: Transaction<Database>,
  move: { key: string; held: { txid: string; vout: number; value: bigint }; to: Uint8Array },
  feeRate: number,
): Promise<RevealTransaction> {
  const wallet = rewardsWallet(env);
  const tx = buildInscriptionMove({
    carrier: { ...move.held, script: wallet.script, privateKey: wallet.privateKey },
    coins: await payoutCoins(env, trx),
    to: move.to,
    change: wallet.script,
    feeRate,
    network: env.BITCOIN_NETWORK,
  });
  await markSent(trx, move.key, tx.txid);
  await journalPayout(trx, move.key, tx);
  return tx;
}

export async function journalPayout(
  trx: Transaction<Database>,
  ref: string,
  tx: RevealTransaction,
): Promise<void> {
  await journalClaim(trx, { kind: 'reward-payout', ref, transactions: [tx] });
}

/**
 * Broadcasts a journalled payout. A refusal or an absent node is logged, not thrown: the claims
 * worker tries again, or releases the rewards when the coins went elsewhere.
 */
export async function broadcastPayout(
  deps: Pick<AppDeps, 'chain' | 'db' | 'log'>,
  ref: string,
  tx: RevealTransaction,
): Promise<void> {
  try {
    await broadcastInOrder(deps.chain, [tx.hex]);
    await settleJournal(deps.db.kysely, 'reward-payout', ref, 'sent');
    deps.log.info({ ref, txid: tx.txid }, 'rewards: payout sent');
  } catch (err) {
    deps.log.warn({ err, ref, txid: tx.txid }, 'rewards: payout journalled, broadcast failed');
  }
}

/** The fee rate payouts pay: the half-hour estimate. */
export async function payoutFeeRate(deps: Pick<AppDeps, 'chain'>): Promise<number> {
  return (await deps.chain.source.recommendedFees()).halfHourFee;
}
