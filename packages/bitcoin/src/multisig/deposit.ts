import type { BitcoinNetwork } from '../networks.ts';
import { checkFeeRate, DEFAULT_MAX_FEE_RATE, isDust } from '../psbt/fees.ts';
import type { InputRole } from '../psbt/input-role.ts';
import { buildOutputsPayment, type PaymentSource } from '../psbt/payment.ts';
import { TradeError } from '../psbt/trade-error.ts';
import type { WalletUtxo } from '../psbt/utxo.ts';
import { checkMultisigWallet, type MultisigWallet } from './script.ts';

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
  payment: PaymentSource;
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
  const values = Array.from({ length: count }, (_, i) =>
    i === count - 1 ? amount - share * BigInt(count - 1) : share,
  );
  const paid = buildOutputsPayment({
    payment,
    to: to.script,
    outputs: values,
    feeRate,
    network,
    signer: 'owner',
    maxFeeRate,
    changeMin: params.changeMin,
  });
  const { txid } = paid;
  return {
    psbt: paid.psbt,
    txid,
    fee: paid.fee,
    vsize: paid.vsize,
    feeRate,
    maxFeeRate,
    layout: {
      inputs: paid.inputs,
      depositIndices: values.map((_, i) => i),
      changeIndex: paid.changeIndex,
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
