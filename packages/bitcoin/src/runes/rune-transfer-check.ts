import type { Transaction } from '@scure/btc-signer';
import { bytesToHex, equalBytes } from '../bytes.ts';
import type { BitcoinNetwork } from '../networks.ts';
import { addressOfScript, parsePsbt, scriptOfAddress } from '../psbt/codec.ts';
import { estimateVsize, inputTypeOf } from '../psbt/fees.ts';
import { inputsWithUnsafeSighash } from '../psbt/sighash-check.ts';
import { spendTypeOfScript } from '../psbt/utxo.ts';
import { decipherRunestone } from './runestone.ts';
import type { RuneId } from './runestone.types.ts';

/** What the sender asked for, and which inputs the server says each key signs. */
export type RuneTransferRequest = {
  network: BitcoinNetwork;
  runeId: RuneId;
  /** Base units to send. */
  amount: bigint;
  recipientAddress: string;
  /** Where the runes sit and where the rest of them returns. */
  ordinalAddress: string;
  paymentAddress: string;
  /** 'txid:vout' of the sender's outputs holding the rune: the only rune inputs it may spend. */
  runeOutpoints: readonly string[];
  ordinalInputs: readonly number[];
  paymentInputs: readonly number[];
  /** The highest fee rate, sat/vB, the sender accepts. */
  maxFeeRate: number;
};

/** Why not to sign a rune transfer: a code, and what the words about it need. */
export type RuneTransferProblem =
  /** Output 0 is not a runestone, or the transaction's runestone is a cenotaph (it burns). */
  | { code: 'no-runestone' }
  /** Not exactly one edict of the rune and amount to output 1, or an etching or mint beside it. */
  | { code: 'edict-mismatch' }
  /** No pointer (the rest would go to the recipient), or it points at an output not the sender's. */
  | { code: 'rune-change-not-yours' }
  | { code: 'not-to-recipient' }
  | { code: 'pays-stranger'; index: number; address: string | undefined }
  /** Not a coin of the sender's, or a rune input that is not one of its outputs of the rune. */
  | { code: 'foreign-input'; index: number }
  /** An input neither key is asked to sign. */
  | { code: 'unlisted-input'; index: number }
  | { code: 'unsafe-sighash'; indices: number[] }
  | { code: 'overspends' }
  | { code: 'fee-rate-too-high'; feeRate: number };

export type RuneTransferCheck = {
  /** The sats that travel with the runes to the recipient (output 1). */
  recipientValue: bigint;
  /** Sats back to the sender's addresses: the rune change's and the coins' change. */
  change: bigint;
  networkFee: bigint;
  /** Estimated from the input and output types; the fee rate is fee / this. */
  vsize: number;
  feeRate: number;
  problems: RuneTransferProblem[];
};

/**
 * What a rune transfer PSBT does, read before the wallet signs it, against buildRuneTransferPsbt's
 * layout (docs/product.md#runes): output 0 the runestone with one edict of `amount` to output 1,
 * output 1 the recipient, the pointer at an output of the sender's so no other rune is given away,
 * every other output the sender's; the inputs the sender's outputs of the rune (ordinals key) and
 * its coins (payment key), each signed ALL. Throws TradeError for a PSBT that cannot be read.
 */
export function checkRuneTransferPsbt(
  psbtBase64: string,
  request: RuneTransferRequest,
): RuneTransferCheck {
  const tx = parsePsbt(psbtBase64);
  const { network } = request;
  const own = [request.ordinalAddress, request.paymentAddress].map((a) =>
    scriptOfAddress(a, network),
  );
  const isOwn = (script: Uint8Array | undefined) =>
    script !== undefined && own.some((s) => equalBytes(s, script));

  const inputs = checkInputs(tx, request);
  const problems: RuneTransferProblem[] = [...inputs.problems, ...checkRunestone(tx, request)];
  const pointer = runestonePointer(tx);
  if (pointer === undefined || pointer < 2 || !isOwn(tx.getOutput(pointer).script)) {
    problems.push({ code: 'rune-change-not-yours' });
  }

  const recipient = scriptOfAddress(request.recipientAddress, network);
  let recipientValue = 0n;
  let change = 0n;
  let kept = 0n;
  const scripts = Array.from({ length: tx.outputsLength }, (_, i) => {
    const { script = new Uint8Array(), amount = 0n } = tx.getOutput(i);
    kept += amount;
    if (i === 1) {
      recipientValue = amount;
      if (!equalBytes(script, recipient)) problems.push({ code: 'not-to-recipient' });
    } else if (i > 1 && isOwn(script)) {
      change += amount;
    } else if (i > 1 || amount > 0n) {
      // The runestone's output carries no sats; any there would be burned.
      problems.push({ code: 'pays-stranger', index: i, address: addressOfScript(script, network) });
    }
    return script;
  });

  const networkFee = inputs.spent - kept;
  if (networkFee < 0n) problems.push({ code: 'overspends' });
  const vsize = estimateVsize(inputs.types, scripts);
  const feeRate = Number(networkFee) / vsize;
  if (feeRate > request.maxFeeRate) problems.push({ code: 'fee-rate-too-high', feeRate });
  return { recipientValue, change, networkFee, vsize, feeRate, problems };
}

/** Each input is the sender's and listed for its key; what they spend and their types. */
function checkInputs(tx: Transaction, request: RuneTransferRequest) {
  const { network } = request;
  const ordinalScript = scriptOfAddress(request.ordinalAddress, network);
  const paymentScript = scriptOfAddress(request.paymentAddress, network);
  const problems: RuneTransferProblem[] = [];
  let spent = 0n;
  const types = Array.from({ length: tx.inputsLength }, (_, index) => {
    const input = tx.getInput(index);
    const prevout = input.witnessUtxo;
    const outpoint = input.txid ? `${bytesToHex(input.txid)}:${input.index ?? 0}` : '';
    const isRuneInput = request.ordinalInputs.includes(index);
    const isCoin = request.paymentInputs.includes(index);
    if (!isRuneInput && !isCoin) problems.push({ code: 'unlisted-input', index });
    const isOurs = isRuneInput
      ? prevout !== undefined &&
        equalBytes(prevout.script, ordinalScript) &&
        request.runeOutpoints.includes(outpoint)
      : prevout !== undefined && equalBytes(prevout.script, paymentScript);
    if ((isRuneInput || isCoin) && !isOurs) problems.push({ code: 'foreign-input', index });
    spent += prevout?.amount ?? 0n;
    return inputTypeOf((prevout && spendTypeOfScript(prevout.script)) ?? 'p2wpkh');
  });
  const everyInput = Array.from({ length: tx.inputsLength }, (_, i) => i);
  const unsafe = inputsWithUnsafeSighash(tx, everyInput);
  if (unsafe.length > 0) problems.push({ code: 'unsafe-sighash', indices: unsafe });
  return { problems, spent, types };
}

function outputsOf(tx: Transaction): { script: Uint8Array }[] {
  return Array.from({ length: tx.outputsLength }, (_, i) => ({
    script: tx.getOutput(i).script ?? new Uint8Array(),
  }));
}

/** Output 0 is the runestone, and it says exactly: `amount` of the rune to output 1. */
function checkRunestone(tx: Transaction, request: RuneTransferRequest): RuneTransferProblem[] {
  const outputs = outputsOf(tx);
  // ord reads the first OP_RETURN OP_13 output; it must be output 0, as built.
  const atFirst = outputs[0] && decipherRunestone({ outputs: [outputs[0]] });
  const artifact = decipherRunestone({ outputs });
  if (!atFirst || artifact?.kind !== 'runestone') return [{ code: 'no-runestone' }];
  const { edicts, etching, mint } = artifact.runestone;
  const [edict] = edicts;
  const isExact =
    edicts.length === 1 &&
    edict !== undefined &&
    edict.id.block === request.runeId.block &&
    edict.id.tx === request.runeId.tx &&
    edict.amount === request.amount &&
    edict.output === 1 &&
    etching === undefined &&
    mint === undefined;
  return isExact ? [] : [{ code: 'edict-mismatch' }];
}

function runestonePointer(tx: Transaction): number | undefined {
  const artifact = decipherRunestone({ outputs: outputsOf(tx) });
  return artifact?.kind === 'runestone' ? artifact.runestone.pointer : undefined;
}
