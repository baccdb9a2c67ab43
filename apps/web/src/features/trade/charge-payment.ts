import {
  addressOfScript,
  equalBytes,
  estimateVsize,
  inputTypeOf,
  spendTypeOfScript,
  type BitcoinNetwork,
  type parsePsbt,
} from '@om/bitcoin';
import { btcText } from '../../lib/trade-format.ts';

/** What a PSBT paying an inscription order's charge address does, output by output. */
export interface ChargePayment {
  /** Paid to the charge address. */
  charged: bigint;
  /** Back to the payment address. */
  change: bigint;
  /** Inputs minus outputs. */
  networkFee: bigint;
  /** The fee over the transaction's estimated vsize. */
  feeRate: number;
}

/**
 * Walks a charge payment (the edition mint's and the inscription service's alike): every input a
 * coin of the payment address, exactly one output of `amount` to the charge address, the rest
 * change; pushes to `problems` in words whatever else it finds.
 */
export function reviewChargePayment(
  tx: ReturnType<typeof parsePsbt>,
  scripts: { payment: Uint8Array; charge: Uint8Array | undefined },
  amount: bigint,
  network: BitcoinNetwork,
  problems: string[],
): ChargePayment {
  let spent = 0n;
  const inputTypes = Array.from({ length: tx.inputsLength }, (_, i) => {
    const prevout = tx.getInput(i).witnessUtxo;
    if (!prevout || !equalBytes(prevout.script, scripts.payment)) {
      problems.push(`Input ${i} is not a coin of your payment address.`);
    }
    spent += prevout?.amount ?? 0n;
    return inputTypeOf((prevout && spendTypeOfScript(prevout.script)) ?? 'p2wpkh');
  });

  let kept = 0n;
  let charges = 0;
  let charged = 0n;
  let change = 0n;
  const outputScripts = Array.from({ length: tx.outputsLength }, (_, i) => {
    const { script, amount: value = 0n } = tx.getOutput(i);
    kept += value;
    if (script && scripts.charge && equalBytes(script, scripts.charge)) {
      charges += 1;
      charged += value;
    } else if (script && equalBytes(script, scripts.payment)) {
      change += value;
    } else {
      const to = script ? addressOfScript(script, network) : undefined;
      problems.push(
        `Output ${i} pays ${to ?? 'a script'}, neither the charge address nor your payment address.`,
      );
    }
    return script ?? new Uint8Array();
  });
  if (charges !== 1 || charged !== amount) {
    problems.push(
      `The PSBT pays ${btcText(charged)} to the charge address, not the ${btcText(amount)} of the order.`,
    );
  }
  const networkFee = spent - kept;
  const feeRate = Number(networkFee) / estimateVsize(inputTypes, outputScripts);
  return { charged, change, networkFee, feeRate };
}
