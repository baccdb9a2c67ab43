import type { BitcoinNetwork } from '../networks.ts';
import { scriptOfAddress } from '../psbt/codec.ts';
import {
  changeFloor,
  checkFeeRate,
  DEFAULT_MAX_FEE_RATE,
  estimateVsize,
  inputTypeOf,
  isDust,
} from '../psbt/fees.ts';
import { walletInputRole, type InputRole } from '../psbt/input-role.ts';
import { CHANGE_MIN } from '../psbt/purchase.ts';
import { selectUtxos } from '../psbt/select-utxos.ts';
import { TradeError } from '../psbt/trade-error.ts';
import { psbtTxid } from '../psbt/txid.ts';
import {
  checkDistinctOutpoints,
  checkWalletUtxos,
  paymentWallet,
  psbtInput,
  type WalletUtxo,
} from '../psbt/utxo.ts';
import { checkMultisigWallet, type MultisigWallet } from './script.ts';
import { walletTransaction } from './wallet-tx.ts';

export type BuiltMultisigDeposit = {
  psbt: Uint8Array;
  txid: string;
  fee: bigint;
  vsize: number;
  feeRate: number;
  maxFeeRate: number;
  layout: { inputs: InputRole[]; depositIndices: number[]; changeIndex: number | undefined };
  /** The wallet's new coins, usable (co-signed) once this is broadcast. */
  deposited: WalletUtxo[];
};

/**
 * Funds the multisig wallet from the payment wallet, split into `count` coins so that several
 * purchases can take paddings at once (ADR 009 "Padding"): `amount` / `count` each, the remainder
 * of the division on the last. Fee from the payment coins, change back to the payment address; the
 * user signs every input with ALL (DEFAULT for taproot). Throws TradeError.
 */
export function buildMultisigDeposit(params: {
  payment: { address: string; publicKey: Uint8Array; utxos: readonly WalletUtxo[] };
  to: MultisigWallet;
  amount: bigint;
  count?: number;
  feeRate: number;
  network: BitcoinNetwork;
  changeMin?: bigint;
  maxFeeRate?: number;
}): BuiltMultisigDeposit {
  const { payment, to, amount, feeRate, network } = params;
  const count = params.count ?? 1;
  const maxFeeRate = params.maxFeeRate ?? DEFAULT_MAX_FEE_RATE;
  checkFeeRate(feeRate, maxFeeRate);
  checkMultisigWallet(to, network);
  if (!Number.isInteger(count) || count < 1 || count > 100) {
    throw new TradeError('invalid-amount', `Cannot split a deposit into ${count} coins`);
  }
  if (amount <= 0n) throw new TradeError('invalid-amount', 'Nothing to deposit');
  const share = amount / BigInt(count);
  if (isDust(to.script, share)) throw new TradeError('dust-output', `${share} sats is dust`);
  const wallet = paymentWallet(scriptOfAddress(payment.address, network), payment.publicKey);
  checkWalletUtxos(payment.utxos, wallet, 'inscribed-utxo-as-payment');
  checkDistinctOutpoints(payment.utxos);

  const values = Array.from({ length: count }, (_, i) =>
    i === count - 1 ? amount - share * BigInt(count - 1) : share,
  );
  const scripts = values.map(() => to.script);
  const inputType = inputTypeOf(wallet.type);
  const selection = selectUtxos({
    utxos: payment.utxos,
    need: amount,
    feeRate,
    changeMin: changeFloor(params.changeMin ?? CHANGE_MIN, wallet.script),
    vsize: (selected, withChange) =>
      estimateVsize(
        selected.map(() => inputType),
        withChange ? [...scripts, wallet.script] : scripts,
      ),
  });

  const tx = walletTransaction();
  for (const coin of selection.selected) tx.addInput(psbtInput(coin, wallet.fields));
  for (const value of values) tx.addOutput({ script: to.script, amount: value });
  if (selection.change > 0n) tx.addOutput({ script: wallet.script, amount: selection.change });

  const psbt = tx.toPSBT();
  const txid = psbtTxid(psbt);
  const role = walletInputRole('payment', 'owner', wallet.type);
  return {
    psbt,
    txid,
    fee: selection.fee,
    vsize: selection.vsize,
    feeRate,
    maxFeeRate,
    layout: {
      inputs: selection.selected.map(() => role),
      depositIndices: values.map((_, i) => i),
      changeIndex: selection.change > 0n ? count : undefined,
    },
    deposited: values.map((value, vout) => ({
      txid,
      vout,
      value,
      script: to.script,
      inscribed: false,
    })),
  };
}
