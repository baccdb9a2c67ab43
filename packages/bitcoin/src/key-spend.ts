import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js';
import { OutScript, RawTx, Script, SigHash, type Transaction } from '@scure/btc-signer';
import { hash160, sha256x2 } from '@scure/btc-signer/utils.js';
import { equalBytes } from './bytes.ts';

/** The output an input spends: what a verifier must know besides the spending transaction. */
export type SpentOutput = { script: Uint8Array; amount: bigint };

type SighashOf = (hashType: number) => Uint8Array;

/**
 * Whether input `index` of `tx` is a valid single-key spend of `prevouts[index]` signed with
 * SIGHASH_ALL (or SIGHASH_DEFAULT for taproot), with strict DER, low-S ECDSA and minimal pushes as
 * BIP-322 requires. Understands P2PKH, P2WPKH, P2SH-P2WPKH and P2TR key path; anything else
 * (multisig, P2WSH, taproot script path or annex) is not understood and gives false.
 * `prevouts` lists the output spent by every input, in order (BIP341 hashes all of them).
 */
export function isValidKeySpend(tx: Transaction, index: number, prevouts: SpentOutput[]): boolean {
  const prevout = prevouts[index];
  if (!prevout || prevouts.length !== tx.inputsLength) return false;
  const input = tx.getInput(index);
  const scriptSig = input.finalScriptSig ?? new Uint8Array();
  const witness = input.finalScriptWitness ?? [];
  try {
    const spent = OutScript.decode(prevout.script);
    switch (spent.type) {
      case 'pkh': {
        const sighash: SighashOf = (type) => legacySighash(tx, index, prevout.script, type);
        return witness.length === 0 && isP2pkhSpend(scriptSig, spent.hash, sighash);
      }
      case 'wpkh':
        return scriptSig.length === 0 && isP2wpkhSpend(tx, index, spent.hash, prevout, witness);
      case 'sh':
        return isP2shP2wpkhSpend(tx, index, spent.hash, prevout, scriptSig, witness);
      case 'tr':
        return scriptSig.length === 0 && isKeyPathSpend(tx, index, spent.pubkey, prevouts, witness);
      default:
        return false;
    }
  } catch {
    // Malformed scripts, keys or signatures all mean one thing here: not a valid spend.
    return false;
  }
}

function isP2pkhSpend(scriptSig: Uint8Array, hash: Uint8Array, sighash: SighashOf): boolean {
  const pushes = Script.decode(scriptSig);
  const [signature, publicKey] = pushes;
  if (pushes.length !== 2 || !(signature instanceof Uint8Array)) return false;
  if (!(publicKey instanceof Uint8Array) || !equalBytes(hash160(publicKey), hash)) return false;
  // MINIMALDATA: the pushes must re-encode to the very same bytes.
  return (
    equalBytes(Script.encode(pushes), scriptSig) && isEcdsaValid(signature, publicKey, sighash)
  );
}

function isP2wpkhSpend(
  tx: Transaction,
  index: number,
  hash: Uint8Array,
  prevout: SpentOutput,
  witness: Uint8Array[],
): boolean {
  const [signature, publicKey] = witness;
  if (witness.length !== 2 || !signature || !publicKey || publicKey.length !== 33) return false;
  if (!equalBytes(hash160(publicKey), hash)) return false;
  // BIP143: the script code of P2WPKH is the P2PKH script of the same hash.
  const scriptCode = OutScript.encode({ type: 'pkh', hash });
  const sighash: SighashOf = (type) =>
    tx.preimageWitnessV0(index, scriptCode, type, prevout.amount);
  return isEcdsaValid(signature, publicKey, sighash);
}

function isP2shP2wpkhSpend(
  tx: Transaction,
  index: number,
  scriptHash: Uint8Array,
  prevout: SpentOutput,
  scriptSig: Uint8Array,
  witness: Uint8Array[],
): boolean {
  const publicKey = witness[1];
  if (!publicKey) return false;
  const keyHash = hash160(publicKey);
  const redeemScript = OutScript.encode({ type: 'wpkh', hash: keyHash });
  if (!equalBytes(hash160(redeemScript), scriptHash)) return false;
  if (!equalBytes(scriptSig, Script.encode([redeemScript]))) return false;
  return isP2wpkhSpend(tx, index, keyHash, prevout, witness);
}

function isKeyPathSpend(
  tx: Transaction,
  index: number,
  outputKey: Uint8Array,
  prevouts: SpentOutput[],
  witness: Uint8Array[],
): boolean {
  const [signature] = witness;
  if (witness.length !== 1 || !signature) return false;
  const hashType = taprootHashType(signature);
  if (hashType === undefined) return false;
  const scripts = prevouts.map((prevout) => prevout.script);
  const amounts = prevouts.map((prevout) => prevout.amount);
  const digest = tx.preimageWitnessV1(index, scripts, hashType, amounts);
  return schnorr.verify(signature.subarray(0, 64), digest, outputKey);
}

/** BIP341: 64 bytes means SIGHASH_DEFAULT; a 65th byte names the type, and only ALL is allowed. */
function taprootHashType(signature: Uint8Array): number | undefined {
  if (signature.length === 64) return SigHash.DEFAULT;
  if (signature.length === 65 && signature[64] === SigHash.ALL) return SigHash.ALL;
  return undefined;
}

function isEcdsaValid(signature: Uint8Array, publicKey: Uint8Array, sighash: SighashOf): boolean {
  if (signature[signature.length - 1] !== SigHash.ALL) return false;
  const der = signature.subarray(0, -1);
  const digest = sighash(SigHash.ALL);
  return secp256k1.verify(der, digest, publicKey, { prehash: false, format: 'der', lowS: true });
}

/** The pre-segwit signature hash, for SIGHASH_ALL only (the one type BIP-322 allows). */
function legacySighash(tx: Transaction, index: number, script: Uint8Array, hashType: number) {
  if (hashType !== SigHash.ALL) throw new Error('Only SIGHASH_ALL is supported');
  const inputs = Array.from({ length: tx.inputsLength }, (_, i) => {
    const { txid, index: vout, sequence } = tx.getInput(i);
    if (!txid || vout === undefined) throw new Error('Input without outpoint');
    const finalScriptSig = i === index ? script : new Uint8Array();
    return { txid, index: vout, sequence: sequence ?? 0xffffffff, finalScriptSig };
  });
  const outputs = Array.from({ length: tx.outputsLength }, (_, i) => {
    const { script: outScript, amount } = tx.getOutput(i);
    if (!outScript || amount === undefined) throw new Error('Output without script');
    return { script: outScript, amount };
  });
  const { version, lockTime } = tx;
  const raw = RawTx.encode({
    version,
    segwitFlag: false,
    inputs,
    outputs,
    witnesses: undefined,
    lockTime,
  });
  return sha256x2(raw, Uint8Array.of(hashType, 0, 0, 0));
}
