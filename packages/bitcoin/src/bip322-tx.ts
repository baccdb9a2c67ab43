import { schnorr } from '@noble/curves/secp256k1.js';
import { RawTx, Script, Transaction } from '@scure/btc-signer';
import { sha256x2 } from '@scure/btc-signer/utils.js';
import { utf8ToBytes } from './bytes.ts';

// The two virtual transactions of BIP-322 ("Full" section of
// https://github.com/bitcoin/bips/blob/master/bip-0322.mediawiki). Txids are in display (RPC)
// byte order, the order scure's `txid` fields use.

const MESSAGE_TAG = 'BIP0322-signed-message';
const OP_RETURN_SCRIPT = Script.encode(['RETURN']);

/** sha256_tag(m) with tag "BIP0322-signed-message"; m is the UTF-8 message, no length prefix. */
export function bip322MessageHash(message: string | Uint8Array): Uint8Array {
  const bytes = typeof message === 'string' ? utf8ToBytes(message) : message;
  return schnorr.utils.taggedHash(MESSAGE_TAG, bytes);
}

/**
 * to_spend: version 0, locktime 0, one input spending 000…000:0xFFFFFFFF with sequence 0 and
 * scriptSig OP_0 PUSH32[message_hash], one output of 0 sats paying message_challenge.
 */
export function bip322ToSpendTxid(message: string | Uint8Array, challenge: Uint8Array): Uint8Array {
  const raw = RawTx.encode({
    version: 0,
    segwitFlag: false,
    inputs: [
      {
        txid: new Uint8Array(32),
        index: 0xffffffff,
        sequence: 0,
        finalScriptSig: Script.encode(['OP_0', bip322MessageHash(message)]),
      },
    ],
    outputs: [{ amount: 0n, script: challenge }],
    witnesses: undefined,
    lockTime: 0,
  });
  return txidOf(raw);
}

/** Unsigned to_sign with every field at the value the simple format implies. */
export function bip322ToSign(message: string | Uint8Array, challenge: Uint8Array): Transaction {
  const tx = new Transaction({ version: 0, lockTime: 0, allowUnknownOutputs: true });
  tx.addInput({
    txid: bip322ToSpendTxid(message, challenge),
    index: 0,
    sequence: 0,
    witnessUtxo: { script: challenge, amount: 0n },
  });
  tx.addOutput({ script: OP_RETURN_SCRIPT, amount: 0n });
  return tx;
}

/**
 * The serialized to_sign of a simple signature: defaults plus the given witness stack (and, for
 * nested segwit, the scriptSig that pushes the redeem script).
 */
export function bip322SimpleToSignRaw(
  message: string | Uint8Array,
  challenge: Uint8Array,
  witness: Uint8Array[],
  scriptSig: Uint8Array = new Uint8Array(),
): Uint8Array {
  return RawTx.encode({
    version: 0,
    segwitFlag: true,
    inputs: [
      {
        txid: bip322ToSpendTxid(message, challenge),
        index: 0,
        sequence: 0,
        finalScriptSig: scriptSig,
      },
    ],
    outputs: [{ amount: 0n, script: OP_RETURN_SCRIPT }],
    witnesses: [witness],
    lockTime: 0,
  });
}

export function isBip322ToSignOutput(output: { script?: Uint8Array; amount?: bigint }): boolean {
  const { script, amount } = output;
  return amount === 0n && script?.length === 1 && script[0] === OP_RETURN_SCRIPT[0];
}

function txidOf(rawWithoutWitness: Uint8Array): Uint8Array {
  return sha256x2(rawWithoutWitness).reverse();
}
