import type { Transaction } from '@scure/btc-signer';
import { estimateVsize, inputTypeOf, type InputType } from '../psbt/fees.ts';
import { inputsWithUnsafeSighash } from '../psbt/sighash-check.ts';
import { spendTypeOfScript } from '../psbt/utxo.ts';

// What the reviews of a PSBT before signing (charge payments, BRC-20 sends, swaps) read alike:
// each input's prevout, each output, and the fee and fee rate they make.

type Prevout = { script: Uint8Array; amount: bigint };

export type PsbtAmounts = {
  /** Each input's witnessUtxo; undefined when the PSBT does not say what it spends. */
  prevouts: (Prevout | undefined)[];
  outputs: Prevout[];
  /** Inputs minus outputs (an input that does not say counts for nothing). */
  networkFee: bigint;
  /** The fee over the vsize estimated from the input and output types; 0 without outputs. */
  feeRate: number;
};

export function readPsbtAmounts(tx: Transaction): PsbtAmounts {
  const prevouts = Array.from({ length: tx.inputsLength }, (_, i) => tx.getInput(i).witnessUtxo);
  const outputs = Array.from({ length: tx.outputsLength }, (_, i) => {
    const { script = new Uint8Array(), amount = 0n } = tx.getOutput(i);
    return { script, amount };
  });
  const sum = (lines: readonly (Prevout | undefined)[]) =>
    lines.reduce((total, line) => total + (line?.amount ?? 0n), 0n);
  const networkFee = sum(prevouts) - sum(outputs);
  // An input that does not say what it spends is estimated as the commonest, P2WPKH.
  const types = prevouts.map((prevout): InputType =>
    inputTypeOf((prevout && spendTypeOfScript(prevout.script)) ?? 'p2wpkh'),
  );
  const vsize = estimateVsize(
    types,
    outputs.map((o) => o.script),
  );
  const feeRate = outputs.length > 0 ? Number(networkFee) / vsize : 0;
  return { prevouts, outputs, networkFee, feeRate };
}

/** What every wallet-signed payment must not do, as the reviews of one say it alike. */
export type SpendingProblem =
  | { code: 'unsafe-sighash'; indices: number[] }
  | { code: 'overspends' }
  | { code: 'fee-rate-too-high'; feeRate: number };

/**
 * Every input signed ALL (or DEFAULT), outputs no more than the inputs, and the fee rate at most
 * `maxFeeRate`: the checks of a PSBT whose every input the wallet signs.
 */
export function spendingProblems(
  tx: Transaction,
  { networkFee, feeRate }: PsbtAmounts,
  maxFeeRate: number,
): SpendingProblem[] {
  const problems: SpendingProblem[] = [];
  const everyInput = Array.from({ length: tx.inputsLength }, (_, i) => i);
  const unsafe = inputsWithUnsafeSighash(tx, everyInput);
  if (unsafe.length > 0) problems.push({ code: 'unsafe-sighash', indices: unsafe });
  if (networkFee < 0n) problems.push({ code: 'overspends' });
  if (feeRate > maxFeeRate) problems.push({ code: 'fee-rate-too-high', feeRate });
  return problems;
}
