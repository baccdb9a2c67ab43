import { Address, OutScript, RawTx, Transaction } from '@scure/btc-signer';
import { sha256x2 } from '@scure/btc-signer/utils.js';
import { addressToScript } from '../address.ts';
import { base64ToBytes, bytesToHex } from '../bytes.ts';
import { networkParams, type BitcoinNetwork } from '../networks.ts';
import { TradeError } from './trade-error.ts';

/**
 * scure's options for every transaction of this module. Its script checks are off: they decode
 * every taproot key again (a modular square root each) on every input and output added, parsed or
 * serialized, some 70% of a purchase's build time. What they guard is checked here at the
 * boundary instead: output scripts come from decoded addresses or from the verified listing, input
 * scripts are typed by their template bytes and matched to their keys (keySpendFields), and
 * submitted PSBTs are compared byte for byte with the ones built. Unknown output scripts parse, so
 * that a tampered output is reported as such.
 */
export const TRADE_TX_OPTIONS = { allowUnknownOutputs: true, disableScriptCheck: true } as const;

/** A PSBT as a request handler may hold it: parsed once, or still bytes or base64. */
export type PsbtInput = Uint8Array | string | Transaction;

/**
 * A PSBT from bytes or base64 (as wallets return it); throws TradeError('invalid-psbt'). One
 * already parsed is answered as is: decoding a PSBT checks every public key in it again (a modular
 * square root each), so a request parses what it received once and hands the result down
 * (product.md#scale-and-delivery). Callers only read it.
 */
export function parsePsbt(psbt: PsbtInput): Transaction {
  if (psbt instanceof Transaction) return psbt;
  const bytes = typeof psbt === 'string' ? base64ToBytes(psbt) : psbt;
  if (!bytes) throw new TradeError('invalid-psbt', 'The PSBT is not base64');
  try {
    return Transaction.fromPSBT(bytes, TRADE_TX_OPTIONS);
  } catch (cause) {
    throw new TradeError('invalid-psbt', `Not a valid PSBT: ${String(cause)}`);
  }
}

/** The scriptPubKey of an address of `network`; throws TradeError('invalid-address'). */
export function scriptOfAddress(address: string, network: BitcoinNetwork): Uint8Array {
  const script = addressToScript(address, network);
  if (!script) throw new TradeError('invalid-address', `Not a ${network} address: ${address}`);
  return script;
}

/** The address paying to `script` on `network`, or undefined for non-standard scripts. */
export function addressOfScript(script: Uint8Array, network: BitcoinNetwork): string | undefined {
  try {
    const decoded = OutScript.decode(script);
    return Address(networkParams(network)).encode(decoded);
  } catch {
    // OP_RETURN and unknown scripts have no address; the summary shows the value alone.
    return undefined;
  }
}

export type RawInput = { txid: Uint8Array; index: number; sequence: number };
export type RawOutput = { script: Uint8Array; amount: bigint };

/** The outpoints, sequences and outputs of a PSBT's unsigned transaction. */
export function unsignedParts(tx: Transaction): { inputs: RawInput[]; outputs: RawOutput[] } {
  const inputs = Array.from({ length: tx.inputsLength }, (_, i): RawInput => {
    const { txid, index, sequence } = tx.getInput(i);
    if (!txid || index === undefined)
      throw new TradeError('invalid-psbt', `Input ${i} has no outpoint`, i);
    return { txid, index, sequence: sequence ?? 0xffffffff };
  });
  const outputs = Array.from({ length: tx.outputsLength }, (_, i): RawOutput => {
    const { script, amount } = tx.getOutput(i);
    if (!script || amount === undefined)
      throw new TradeError('invalid-psbt', `Output ${i} is incomplete`, i);
    return { script, amount };
  });
  return { inputs, outputs };
}

export type EncodedTransaction = { raw: Uint8Array; txid: string; vsize: number };

/**
 * Serializes a transaction with its final scriptSigs and witnesses (BIP144), with the txid (of
 * the serialization without witnesses) and the vsize Core uses: ceil((3 · stripped + full) / 4).
 * Without witnesses the raw bytes are the stripped form, and the txid is still the final one.
 */
export function encodeTransaction(
  tx: Pick<Transaction, 'version' | 'lockTime'>,
  parts: { inputs: readonly RawInput[]; outputs: readonly RawOutput[] },
  finals: readonly { scriptSig: Uint8Array; witness: Uint8Array[] }[],
): EncodedTransaction {
  const header = {
    version: tx.version,
    lockTime: tx.lockTime,
    inputs: parts.inputs.map((input, i) => ({
      ...input,
      finalScriptSig: finals[i]?.scriptSig ?? new Uint8Array(),
    })),
    outputs: [...parts.outputs],
  };
  const stripped = RawTx.encode({ ...header, segwitFlag: false, witnesses: undefined });
  const hasWitness = finals.some((final) => final.witness.length > 0);
  const raw = hasWitness
    ? RawTx.encode({ ...header, segwitFlag: true, witnesses: finals.map((f) => f.witness) })
    : stripped;
  return {
    raw,
    txid: bytesToHex(sha256x2(stripped).reverse()),
    vsize: Math.ceil((stripped.length * 3 + raw.length) / 4),
  };
}
