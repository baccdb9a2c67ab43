import { SigHash } from '@scure/btc-signer';
import type { TransactionInput } from '@scure/btc-signer/psbt.js';
import { isValidKeySpend } from '../key-spend.ts';
import { parsePsbt, unsignedParts } from '../psbt/codec.ts';
import {
  checkSameTransaction,
  finalizeSignedPsbt,
  signedFinalInput,
  type FinalizedTransaction,
} from '../psbt/finalize-purchase.ts';
import { TradeError } from '../psbt/trade-error.ts';
import { signPsbtWithKey } from '../sign-psbt.ts';
import type { BuiltSwap } from './build-swap.ts';

// send_swap_psbt (ADR 017 "Settlement, the pool signs last"): the user's PSBT is accepted only as
// the order's own transaction plus the user's signatures; the pool then signs its inputs and the
// transaction is complete.

/**
 * Checks a PSBT the user signed against the swap built: the same unsigned transaction (version,
 * locktime, outpoints, sequences, outputs), every user input signed ALL (DEFAULT for taproot) by
 * its key with a signature that verifies, no pool input signed. Answers the built PSBT with the
 * user's inputs finalized, nothing else taken from what the user sent. Throws TradeError naming
 * what differs.
 */
export function checkSignedSwap(
  signedPsbt: Uint8Array | string,
  built: Pick<BuiltSwap, 'psbt' | 'layout'>,
): Uint8Array {
  const builtTx = parsePsbt(built.psbt);
  const signedTx = parsePsbt(signedPsbt);
  checkSameTransaction(builtTx, unsignedParts(builtTx), signedTx);
  const prevouts = Array.from({ length: builtTx.inputsLength }, (_, i) => {
    const prevout = builtTx.getInput(i).witnessUtxo;
    if (!prevout) throw new TradeError('invalid-psbt', `Input ${i} has no witnessUtxo`, i);
    return prevout;
  });
  built.layout.inputs.forEach((role, i) => {
    const signed = signedTx.getInput(i);
    if (role.party === 'pool') {
      if (hasSignature(signed)) {
        throw new TradeError(
          'inputs-changed',
          `Input ${i} is the pool's: it must not be signed`,
          i,
        );
      }
      return;
    }
    const final = signedFinalInput(signed, prevouts[i]!.script, i);
    builtTx.updateInput(i, {
      finalScriptWitness: final.witness,
      ...(final.scriptSig.length > 0 && { finalScriptSig: final.scriptSig }),
    });
  });
  // The pool signs only once the user's signatures hold: a bad one fails here, not at broadcast.
  for (const i of built.layout.userInputs) {
    if (!isValidKeySpend(builtTx, i, prevouts)) {
      throw new TradeError('bad-buyer-signature', `Input ${i}'s signature does not verify`, i);
    }
  }
  return builtTx.toPSBT();
}

/**
 * The pool's key-path signatures (DEFAULT: 64 bytes, as the fee estimate counts them) on its inputs
 * of the PSBT checkSignedSwap answered. Throws TradeError('key-mismatch') when the key does not control one of them.
 */
export function signPoolInputs(
  psbt: Uint8Array,
  poolPrivateKey: Uint8Array,
  indices: readonly number[],
): Uint8Array {
  if (indices.length === 0) return psbt;
  try {
    // Never the sighash a PSBT might declare: the pool commits to the whole transaction.
    const sighashTypes = [SigHash.DEFAULT, SigHash.ALL];
    return signPsbtWithKey(psbt, poolPrivateKey, { inputs: indices, sighashTypes });
  } catch (cause) {
    throw new TradeError(
      'key-mismatch',
      `The pool key cannot sign inputs ${indices.join(', ')}: ${String(cause)}`,
    );
  }
}

/** The raw transaction of a swap both sides signed; refuses a fee rate above the build's cap. */
export function finalizeSwap(
  psbt: Uint8Array,
  built: Pick<BuiltSwap, 'psbt' | 'layout' | 'maxFeeRate'>,
): FinalizedTransaction {
  return finalizeSignedPsbt(psbt, built);
}

function hasSignature(input: TransactionInput): boolean {
  return Boolean(
    input.finalScriptWitness?.length ||
    input.finalScriptSig?.length ||
    input.partialSig?.length ||
    input.tapKeySig ||
    input.tapScriptSig?.length,
  );
}
