import { OutScript, RawWitness, Script, SigHash, Transaction } from '@scure/btc-signer';
import { hash160 } from '@scure/btc-signer/utils.js';
import { addressToScript, addressType } from './address.ts';
import {
  bip322SimpleToSignRaw,
  bip322ToSign,
  bip322ToSpendTxid,
  isBip322ToSignOutput,
} from './bip322-tx.ts';
import { base64ToBytes, bytesToBase64, equalBytes } from './bytes.ts';
import { isValidKeySpend } from './key-spend.ts';
import { compressedPublicKey, isAddressOfPublicKey, toXOnly } from './keys.ts';
import type { BitcoinNetwork } from './networks.ts';

// BIP-322 generic signed messages: https://github.com/bitcoin/bips/blob/master/bip-0322.mediawiki

export type Bip322Format = 'simple' | 'full';
export type Bip322Verification = { ok: true; format: Bip322Format } | { ok: false };

export type Bip322SignOptions = {
  /**
   * Prefix the result with 'smp' / 'ful' as BIP-322 1.0.0 (2026) requires. Off by default: the
   * wallets and verifiers in use (Xverse, UniSat, Leather, bip322-js, ord) speak the unprefixed
   * draft encoding, which the BIP still lets verifiers accept.
   */
  isPrefixed?: boolean;
  /**
   * Taproot sighash: 'all' (65-byte signature, as in Bitcoin Core's reference vector and ord's
   * bip322 crate) or 'default' (64 bytes, allowed since the BIP's 1.0.0 text).
   */
  taprootSighash?: 'all' | 'default';
  /** BIP340 auxiliary randomness, for reproducible tests only; fresh randomness when omitted. */
  auxRand?: Uint8Array;
};

// to_sign pays 0 sats to a bare OP_RETURN, a script scure only parses when told to.
const TO_SIGN_OPTIONS = { allowUnknownOutputs: true };
const SIGNABLE_TYPES = ['p2wpkh', 'p2sh', 'p2tr'];
const PREFIXES: Record<string, Bip322Format | 'proof-of-funds'> = {
  smp: 'simple',
  ful: 'full',
  pof: 'proof-of-funds',
};

/**
 * Simple signature: base64 of the witness stack that spends to_spend. For P2WPKH, P2TR key path
 * (BIP86) and P2SH-P2WPKH (the draft allowed nested segwit; 1.0.0 wants the full format there).
 */
export function signBip322Simple(
  message: string,
  privateKey: Uint8Array,
  address: string,
  network: BitcoinNetwork,
  options: Bip322SignOptions = {},
): string {
  const toSign = signToSign(message, privateKey, address, network, options);
  const witness = RawWitness.encode(toSign.getInput(0).finalScriptWitness ?? []);
  return (options.isPrefixed ? 'smp' : '') + bytesToBase64(witness);
}

/** Full signature: base64 of the whole signed to_sign transaction. */
export function signBip322Full(
  message: string,
  privateKey: Uint8Array,
  address: string,
  network: BitcoinNetwork,
  options: Bip322SignOptions = {},
): string {
  const toSign = signToSign(message, privateKey, address, network, options);
  return (options.isPrefixed ? 'ful' : '') + bytesToBase64(toSign.extract());
}

function signToSign(
  message: string,
  privateKey: Uint8Array,
  address: string,
  network: BitcoinNetwork,
  { taprootSighash = 'all', auxRand }: Bip322SignOptions,
): Transaction {
  const challenge = addressToScript(address, network);
  const type = addressType(address, network);
  const publicKey = compressedPublicKey(privateKey);
  if (!challenge || !type || !SIGNABLE_TYPES.includes(type)) {
    throw new Error(`BIP-322 signing supports P2WPKH, P2SH-P2WPKH and P2TR, not ${address}`);
  }
  if (!isAddressOfPublicKey(publicKey, address, network)) {
    throw new Error('The private key does not control this address');
  }
  const toSign = bip322ToSign(message, challenge);
  let sighash: number = SigHash.ALL;
  if (type === 'p2tr') {
    toSign.updateInput(0, { tapInternalKey: toXOnly(publicKey) });
    if (taprootSighash === 'all') toSign.updateInput(0, { sighashType: SigHash.ALL });
    else sighash = SigHash.DEFAULT;
  }
  if (type === 'p2sh') toSign.updateInput(0, { redeemScript: p2wpkhScript(publicKey) });
  toSign.signIdx(privateKey, 0, [sighash], auxRand);
  toSign.finalizeIdx(0);
  return toSign;
}

export function verifyBip322(
  message: string,
  address: string,
  signature: string,
  network: BitcoinNetwork,
): boolean {
  return verifyBip322Detailed(message, address, signature, network).ok;
}

/**
 * Verifies a simple or full signature, prefixed ('smp'/'ful') or not (the draft encoding, tried
 * as simple then full). Single-key scripts only (see isValidKeySpend); proof-of-funds ('pof')
 * needs the UTXO set and is rejected, as is anything not understood: never throws.
 */
export function verifyBip322Detailed(
  message: string,
  address: string,
  signature: string,
  network: BitcoinNetwork,
): Bip322Verification {
  const challenge = addressToScript(address, network);
  if (!challenge) return { ok: false };
  const prefix = PREFIXES[signature.slice(0, 3)];
  const bytes = base64ToBytes(prefix ? signature.slice(3) : signature);
  if (!bytes || prefix === 'proof-of-funds') return { ok: false };
  const formats: Bip322Format[] = prefix ? [prefix] : ['simple', 'full'];
  for (const format of formats) {
    const toSign =
      format === 'simple' ? simpleToSign(message, challenge, bytes) : parseTransaction(bytes);
    if (toSign && isValidToSign(toSign, message, challenge)) return { ok: true, format };
  }
  return { ok: false };
}

function simpleToSign(message: string, challenge: Uint8Array, witnessBytes: Uint8Array) {
  try {
    const witness = RawWitness.decode(witnessBytes);
    // Nested segwit: the scriptSig pushes the P2WPKH redeem script of the witness public key.
    const publicKey = witness[1];
    const isNested = OutScript.decode(challenge).type === 'sh' && publicKey !== undefined;
    const scriptSig = isNested ? Script.encode([p2wpkhScript(publicKey)]) : new Uint8Array();
    return Transaction.fromRaw(
      bip322SimpleToSignRaw(message, challenge, witness, scriptSig),
      TO_SIGN_OPTIONS,
    );
  } catch {
    // Not a witness stack, or one no transaction can carry (all empty): not a simple signature.
    return undefined;
  }
}

function parseTransaction(raw: Uint8Array): Transaction | undefined {
  try {
    return Transaction.fromRaw(raw, TO_SIGN_OPTIONS);
  } catch {
    // Not a transaction (or one scure refuses, such as an unknown version): not a signature.
    return undefined;
  }
}

/** The "basic validation" of BIP-322, then the script check of the one input. */
function isValidToSign(toSign: Transaction, message: string, challenge: Uint8Array): boolean {
  if (toSign.version !== 0 && toSign.version !== 2) return false;
  if (toSign.inputsLength !== 1 || toSign.outputsLength !== 1) return false;
  const { txid, index } = toSign.getInput(0);
  if (!txid || index !== 0 || !equalBytes(txid, bip322ToSpendTxid(message, challenge))) {
    return false;
  }
  if (!isBip322ToSignOutput(toSign.getOutput(0))) return false;
  return isValidKeySpend(toSign, 0, [{ script: challenge, amount: 0n }]);
}

function p2wpkhScript(publicKey: Uint8Array): Uint8Array {
  return OutScript.encode({ type: 'wpkh', hash: hash160(publicKey) });
}
