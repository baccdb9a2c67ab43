import { equalBytes } from '../bytes.ts';
import { bytesToHex } from '../bytes.ts';
import { parsePsbt } from '../psbt/codec.ts';
import { InscribeError } from './inscribe.ts';

// POST {service}/pay (ADR 016): the payer's wallet signed the PSBT the service built; whatever it
// signed, only a transaction with an output paying exactly the charge to the charge script is
// accepted. The node's testmempoolaccept then checks the signatures.

/**
 * Finalizes a signed PSBT (inputs a wallet already finalized are kept) and checks that one output
 * pays exactly `amount` to `script`. Throws InscribeError: 'no-outputs' without that output,
 * 'no-inputs' when an input is not signed; TradeError('invalid-psbt') when it is not a PSBT.
 */
export function finalizeChargePayment(
  signedPsbt: string,
  charge: { script: Uint8Array; amount: bigint },
): { hex: string; txid: string; vout: number } {
  const tx = parsePsbt(signedPsbt);
  let vout = -1;
  for (let i = 0; i < tx.outputsLength; i++) {
    const output = tx.getOutput(i);
    if (
      output.script &&
      equalBytes(output.script, charge.script) &&
      output.amount === charge.amount
    ) {
      vout = i;
    }
  }
  if (vout < 0) {
    throw new InscribeError(
      'no-outputs',
      `The payment does not pay ${charge.amount} sats to the charge address`,
    );
  }
  for (let i = 0; i < tx.inputsLength; i++) {
    const input = tx.getInput(i);
    if (input.finalScriptWitness || input.finalScriptSig) continue;
    try {
      tx.finalizeIdx(i);
    } catch (cause) {
      throw new InscribeError('no-inputs', `Input ${i} is not signed: ${String(cause)}`);
    }
  }
  return { hex: bytesToHex(tx.extract()), txid: tx.id, vout };
}
