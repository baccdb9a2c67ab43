import { Transaction } from '@scure/btc-signer';
import type { BitcoinNetwork } from '../networks.ts';
import { scriptOfAddress, TRADE_TX_OPTIONS } from './codec.ts';
import {
  changeFloor,
  checkFeeRate,
  DEFAULT_MAX_FEE_RATE,
  estimateVsize,
  inputTypeOf,
  isDust,
} from './fees.ts';
import { walletInputRole, type InputRole } from './input-role.ts';
import { CHANGE_MIN } from './purchase.ts';
import { TRADE_LOCKTIME, TRADE_TX_VERSION } from './seller-signature.ts';
import { selectUtxos } from './select-utxos.ts';
import { TradeError } from './trade-error.ts';
import { psbtTxid } from './txid.ts';
import {
  checkDistinctOutpoints,
  checkWalletUtxos,
  paymentWallet,
  psbtInput,
  type WalletUtxo,
} from './utxo.ts';

export type PaymentSource = {
  address: string;
  publicKey: Uint8Array;
  utxos: readonly WalletUtxo[];
};

export type BuiltPayment = {
  psbt: Uint8Array;
  /** Known before signing (all inputs segwit): where the paid output will be, `${txid}:0`. */
  txid: string;
  fee: bigint;
  vsize: number;
  feeRate: number;
  maxFeeRate: number;
  layout: { inputs: InputRole[]; payIndex: 0; changeIndex: 1 | undefined };
};

/**
 * A plain payment of `amount` to one script (an inscription service's charge address, say) from
 * the payment wallet's cardinal coins: output 0 the payment, output 1 the change when it is worth
 * making, the fee exact for the wallet's input type. Every input signed ALL (DEFAULT for taproot).
 * Throws TradeError.
 */
export function buildPaymentPsbt(params: {
  payment: PaymentSource;
  to: Uint8Array;
  amount: bigint;
  feeRate: number;
  network: BitcoinNetwork;
  changeMin?: bigint;
  maxFeeRate?: number;
}): BuiltPayment {
  const { to, amount } = params;
  const maxFeeRate = params.maxFeeRate ?? DEFAULT_MAX_FEE_RATE;
  checkFeeRate(params.feeRate, maxFeeRate);
  if (amount <= 0n) throw new TradeError('invalid-amount', 'Nothing to pay');
  if (isDust(to, amount)) throw new TradeError('dust-output', `${amount} sats is dust`);
  const paid = buildOutputsPayment({ ...params, outputs: [amount], signer: 'buyer', maxFeeRate });
  return {
    ...paid,
    layout: { inputs: paid.inputs, payIndex: 0, changeIndex: paid.changeIndex as 1 | undefined },
  };
}

export type BuiltOutputsPayment = Omit<BuiltPayment, 'layout'> & {
  inputs: InputRole[];
  /** The change output's index (after the paid outputs), when there is change. */
  changeIndex: number | undefined;
};

/**
 * What the payment builders share (this one, the multisig deposit): `outputs` paid to `to` in
 * order, from the payment wallet's coins (never an inscribed one), then the change back to it
 * when worth making; the fee exact for the wallet's input type; `signer` is the role its inputs
 * sign as. The caller checks the fee rate and the amounts. Throws TradeError.
 */
export function buildOutputsPayment(params: {
  payment: PaymentSource;
  to: Uint8Array;
  outputs: readonly bigint[];
  feeRate: number;
  network: BitcoinNetwork;
  signer: 'buyer' | 'owner';
  maxFeeRate: number;
  changeMin?: bigint;
}): BuiltOutputsPayment {
  const { payment, to, outputs, feeRate, network, maxFeeRate } = params;
  const wallet = paymentWallet(scriptOfAddress(payment.address, network), payment.publicKey);
  checkWalletUtxos(payment.utxos, wallet, 'inscribed-utxo-as-payment');
  checkDistinctOutpoints(payment.utxos);

  const scripts = outputs.map(() => to);
  const inputType = inputTypeOf(wallet.type);
  const selection = selectUtxos({
    utxos: payment.utxos,
    need: outputs.reduce((sum, value) => sum + value, 0n),
    feeRate,
    changeMin: changeFloor(params.changeMin ?? CHANGE_MIN, wallet.script),
    vsize: (selected, withChange) =>
      estimateVsize(
        selected.map(() => inputType),
        withChange ? [...scripts, wallet.script] : scripts,
      ),
  });

  const tx = new Transaction({
    ...TRADE_TX_OPTIONS,
    version: TRADE_TX_VERSION,
    lockTime: TRADE_LOCKTIME,
  });
  for (const coin of selection.selected) tx.addInput(psbtInput(coin, wallet.fields));
  for (const value of outputs) tx.addOutput({ script: to, amount: value });
  if (selection.change > 0n) tx.addOutput({ script: wallet.script, amount: selection.change });
  const psbt = tx.toPSBT();
  const role = walletInputRole('payment', params.signer, wallet.type);
  return {
    psbt,
    txid: psbtTxid(psbt),
    fee: selection.fee,
    vsize: selection.vsize,
    feeRate,
    maxFeeRate,
    inputs: selection.selected.map(() => role),
    changeIndex: selection.change > 0n ? outputs.length : undefined,
  };
}
