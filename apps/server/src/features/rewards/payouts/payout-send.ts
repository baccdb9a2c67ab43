import type { Transaction } from 'kysely';
import { addressToScript, type KeyPathInput, type RevealTransaction } from '@om/bitcoin';
import type { AppDeps } from '../../../app.ts';
import type { Database } from '../../../db/database.ts';
import { journalClaim, settleJournal } from '../../broadcasts/claimed-transactions.queries.ts';
import { broadcastInOrder } from '../../listings/broadcast.ts';
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
  const keys = payoutKeys(deps.env);
  const byAddress = new Map(keys.map((k) => [k.address, k]));
  const coins: KeyPathInput[] = (await spendableCoins(trx, [...byAddress.keys()])).flatMap((c) => {
    const key = byAddress.get(c.address);
    return key ? [{ ...c, script: key.script, privateKey: key.privateKey }] : [];
  });
  const outputs = payees.map((p) => {
    const script = addressToScript(p.address, network);
    if (!script) throw new Error(`reward payout: ${p.address} is not a ${network} address`);
    return { script, value: p.amount };
  });
  return buildPayout({ coins, outputs, change: rewardsWallet(deps.env).script, feeRate, network });
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
