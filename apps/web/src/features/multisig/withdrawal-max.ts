import {
  estimateVsize,
  feeFor,
  isValidAddress,
  scriptOfAddress,
  type BitcoinNetwork,
} from '@om/bitcoin';
import type { MultisigUtxo } from '@om/core';
import { btcText } from '../../lib/trade-format.ts';

/** The most a withdrawal can send, and the network fee that leaves for it. */
export type WithdrawalMax = { amount: bigint; fee: bigint; feeRate: number };

/**
 * Coins a withdrawal may spend: those the indexer vouches carry no inscription (the server's
 * availableBalance counts the same ones; a coin it cannot vouch for is kept out).
 */
function cardinalCoins(utxos: readonly MultisigUtxo[]): MultisigUtxo[] {
  return utxos.filter((u) => u.inscriptions !== null && u.inscriptions.length === 0);
}

/**
 * The whole cardinal balance less the fee of the transaction the server builds for it
 * (packages/bitcoin buildMultisigWithdrawal): every coin in, one output to the recipient, no
 * change. Undefined when the recipient is not an address yet or nothing would be left.
 */
export function withdrawalMax(params: {
  utxos: readonly MultisigUtxo[];
  recipientAddress: string;
  feeRate: number;
  network: BitcoinNetwork;
}): WithdrawalMax | undefined {
  const { feeRate, network } = params;
  const recipient = params.recipientAddress.trim();
  if (!isValidAddress(recipient, network)) return undefined;
  const coins = cardinalCoins(params.utxos);
  if (coins.length === 0) return undefined;
  const total = coins.reduce((sum, c) => sum + BigInt(c.value), 0n);
  const vsize = estimateVsize(
    coins.map(() => 'p2wsh-multisig' as const),
    [scriptOfAddress(recipient, network)],
  );
  const fee = feeFor(vsize, feeRate);
  return total > fee ? { amount: total - fee, fee, feeRate } : undefined;
}

/** Why an amount above the maximum is refused before the server is asked. */
export function aboveMaxText(max: WithdrawalMax): string {
  return `At ${max.feeRate} sat/vB the most you can withdraw is ${btcText(max.amount)}: the network fee of ${btcText(max.fee)} comes from the wallet.`;
}
