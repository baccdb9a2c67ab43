import type { BitcoinNetwork } from '../networks.ts';
import { scriptOfAddress } from '../psbt/codec.ts';
import {
  changeFloor,
  checkFeeRate,
  DEFAULT_MAX_FEE_RATE,
  estimateVsize,
  isDust,
} from '../psbt/fees.ts';
import { multisigInputRole, type InputRole } from '../psbt/input-role.ts';
import { CHANGE_MIN } from '../psbt/purchase.ts';
import { selectUtxos } from '../psbt/select-utxos.ts';
import { TradeError } from '../psbt/trade-error.ts';
import { psbtTxid } from '../psbt/txid.ts';
import { psbtInput, type WalletUtxo } from '../psbt/utxo.ts';
import { checkMultisigWallet, type MultisigWallet } from './script.ts';
import { checkMultisigCoins, multisigFields, walletTransaction } from './wallet-tx.ts';

export type BuiltMultisigWithdrawal = {
  psbt: Uint8Array;
  txid: string;
  fee: bigint;
  vsize: number;
  feeRate: number;
  maxFeeRate: number;
  layout: { inputs: InputRole[]; recipientIndex: 0; changeIndex: number | undefined };
  spent: WalletUtxo[];
};

/**
 * Pays `amount` from the multisig wallet to `recipientAddress`; the fee comes from the wallet's
 * coins (largest first) and change goes back to it. Co-signed like every multisig spend. Throws
 * TradeError 'invalid-amount', 'dust-output', 'insufficient-funds'…
 */
export function buildMultisigWithdrawal(params: {
  wallet: MultisigWallet;
  /** Cardinal coins of the wallet: inscribed ones are refused. */
  utxos: readonly WalletUtxo[];
  recipientAddress: string;
  amount: bigint;
  feeRate: number;
  network: BitcoinNetwork;
  changeMin?: bigint;
  maxFeeRate?: number;
}): BuiltMultisigWithdrawal {
  const { wallet, utxos, amount, feeRate, network } = params;
  const maxFeeRate = params.maxFeeRate ?? DEFAULT_MAX_FEE_RATE;
  checkFeeRate(feeRate, maxFeeRate);
  checkMultisigWallet(wallet, network);
  checkMultisigCoins(wallet, utxos);
  const recipient = scriptOfAddress(params.recipientAddress, network);
  if (amount <= 0n) throw new TradeError('invalid-amount', 'Nothing to withdraw');
  if (isDust(recipient, amount)) throw new TradeError('dust-output', `${amount} sats is dust`);

  const selection = selectUtxos({
    utxos,
    need: amount,
    feeRate,
    changeMin: changeFloor(params.changeMin ?? CHANGE_MIN, wallet.script),
    vsize: (selected, withChange) =>
      estimateVsize(
        selected.map(() => 'p2wsh-multisig'),
        withChange ? [recipient, wallet.script] : [recipient],
      ),
  });

  const tx = walletTransaction();
  for (const coin of selection.selected) tx.addInput(psbtInput(coin, multisigFields(wallet)));
  tx.addOutput({ script: recipient, amount });
  if (selection.change > 0n) tx.addOutput({ script: wallet.script, amount: selection.change });

  const psbt = tx.toPSBT();
  const role = multisigInputRole('payment', 'owner');
  return {
    psbt,
    txid: psbtTxid(psbt),
    fee: selection.fee,
    vsize: selection.vsize,
    feeRate,
    maxFeeRate,
    layout: {
      inputs: selection.selected.map(() => role),
      recipientIndex: 0,
      changeIndex: selection.change > 0n ? 1 : undefined,
    },
    spent: selection.selected,
  };
}
