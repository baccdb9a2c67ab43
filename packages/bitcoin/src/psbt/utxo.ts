import { p2tr } from '@scure/btc-signer';
import { hash160 } from '@scure/btc-signer/utils.js';
import { bytesToHex, equalBytes, hexToBytes } from '../bytes.ts';
import { toXOnly } from '../keys.ts';
import { TradeError } from './trade-error.ts';

export type Outpoint = { txid: string; vout: number };

/** An unspent output: its outpoint, value in sats and scriptPubKey. */
export type Utxo = Outpoint & { value: bigint; script: Uint8Array };

/**
 * A coin of the buyer's or seller's wallet. `inscribed` is the indexer's answer (true also when it
 * cannot tell, e.g. an unconfirmed parent): builders refuse inscribed coins as padding or fee.
 */
export type WalletUtxo = Utxo & { inscribed: boolean };

/**
 * How a single-key output is spent, which fixes the input's weight and PSBT fields. The 2-of-2
 * P2WSH of ADR 009 is no single-key spend: spendTypeOfScript cannot tell it from any other P2WSH
 * without its witness script, so it has its own input types in fees.ts and lives in multisig/.
 */
export type SpendType = 'p2tr' | 'p2wpkh' | 'p2sh-p2wpkh';

/** PSBT_IN_SEQUENCE of every input we build: final, no relative locktime (full RBF needs no flag). */
export const FINAL_SEQUENCE = 0xffffffff;

/**
 * The spend type a wallet output script implies. P2SH is taken as nested P2WPKH (BIP49), the only
 * P2SH payment address wallets give out; undefined for P2PKH, P2WSH and anything else. Read from
 * the template bytes: decoding would lift every taproot key onto the curve, the build's main cost.
 */
export function spendTypeOfScript(script: Uint8Array): SpendType | undefined {
  const [first, second] = script;
  if (script.length === 34 && first === 0x51 && second === 0x20) return 'p2tr';
  if (script.length === 22 && first === 0x00 && second === 0x14) return 'p2wpkh';
  if (script.length === 23 && first === 0xa9 && second === 0x14 && script[22] === 0x87) {
    return 'p2sh-p2wpkh';
  }
  return undefined;
}

/** What a wallet needs besides witnessUtxo to sign a key spend: BIP86 internal key or redeem script. */
export type KeySpendFields = { tapInternalKey?: Uint8Array; redeemScript?: Uint8Array };

/**
 * Checks that `publicKey` controls `script` and answers the PSBT fields that let a wallet sign it.
 * Taproot takes the x-only or compressed internal key (BIP86, no script tree); P2WPKH and
 * P2SH-P2WPKH the 33-byte compressed key, matched by its hash. Throws TradeError('key-mismatch').
 */
export function keySpendFields(script: Uint8Array, publicKey: Uint8Array): KeySpendFields {
  const type = spendTypeOfScript(script);
  const isCompressed = publicKey.length === 33 && (publicKey[0] === 2 || publicKey[0] === 3);
  if (type === 'p2tr') {
    try {
      const tapInternalKey = toXOnly(publicKey);
      if (equalBytes(p2tr(tapInternalKey).script, script)) return { tapInternalKey };
    } catch {
      // A key that is no curve point controls nothing.
    }
  } else if (type === 'p2wpkh' && isCompressed) {
    if (equalBytes(hash160(publicKey), script.subarray(2))) return {};
  } else if (type === 'p2sh-p2wpkh' && isCompressed) {
    const redeemScript = Uint8Array.of(0x00, 0x14, ...hash160(publicKey));
    if (equalBytes(hash160(redeemScript), script.subarray(2, 22))) return { redeemScript };
  }
  throw new TradeError('key-mismatch', 'The public key does not control this output script');
}

// (script, key) pairs keySpendFields already accepted. For taproot the check is a tweak (a point
// multiplication, milliseconds), and a launch's deposits spend thousands of outputs of one ordinals
// address with one key. Public data; bounded like checkCompressedKey's cache of keys.
const KNOWN_KEY_SPENDS = new Map<string, KeySpendFields>();
const KNOWN_KEY_SPENDS_MAX = 10_000;

/**
 * keySpendFields, remembering every pair that passed, so that many inputs of one address check
 * its key once. Same answers and the same TradeError('key-mismatch'); the fields are fresh copies.
 */
export function knownKeySpendFields(script: Uint8Array, publicKey: Uint8Array): KeySpendFields {
  const id = `${bytesToHex(script)}:${bytesToHex(publicKey)}`;
  let fields = KNOWN_KEY_SPENDS.get(id);
  if (!fields) {
    fields = keySpendFields(script, publicKey);
    if (KNOWN_KEY_SPENDS.size >= KNOWN_KEY_SPENDS_MAX) KNOWN_KEY_SPENDS.clear();
    KNOWN_KEY_SPENDS.set(id, fields);
  }
  return {
    ...(fields.tapInternalKey && { tapInternalKey: fields.tapInternalKey.slice() }),
    ...(fields.redeemScript && { redeemScript: fields.redeemScript.slice() }),
  };
}

/** A scure input spending `utxo`, with the witnessUtxo every segwit signer needs. */
export function psbtInput(
  utxo: Utxo,
  fields: KeySpendFields & { witnessScript?: Uint8Array } = {},
  sequence = FINAL_SEQUENCE,
) {
  return {
    txid: hexToBytes(utxo.txid),
    index: utxo.vout,
    sequence,
    witnessUtxo: { script: utxo.script, amount: utxo.value },
    ...fields,
  };
}

export function sameOutpoint(a: Outpoint, b: Outpoint): boolean {
  return a.txid.toLowerCase() === b.txid.toLowerCase() && a.vout === b.vout;
}

export function sumValues(items: readonly { value: bigint }[]): bigint {
  return items.reduce((sum, item) => sum + item.value, 0n);
}

/** A single-key payment wallet: its output script, how it is spent and the PSBT fields for that. */
export type PaymentWallet = { script: Uint8Array; type: SpendType; fields: KeySpendFields };

/**
 * The payment wallet of a buyer (or of a seller paying a delisting): P2TR, P2WPKH or P2SH-P2WPKH
 * controlled by `publicKey`. Throws TradeError 'unsupported-payment-script' or 'key-mismatch'.
 */
export function paymentWallet(script: Uint8Array, publicKey: Uint8Array): PaymentWallet {
  const type = spendTypeOfScript(script);
  if (!type) {
    throw new TradeError(
      'unsupported-payment-script',
      'Payments come from P2TR, P2WPKH or P2SH-P2WPKH',
    );
  }
  return { script, type, fields: keySpendFields(script, publicKey) };
}

/**
 * Refuses coins the indexer flagged as inscribed (never padding, never fee, ADR 007 "Safety") and
 * coins that are not the wallet's. Throws TradeError `inscribedCode` or
 * 'utxo-not-at-payment-address'.
 */
export function checkWalletUtxos(
  utxos: readonly WalletUtxo[],
  wallet: Pick<PaymentWallet, 'script'>,
  inscribedCode: 'inscribed-utxo-as-padding' | 'inscribed-utxo-as-payment',
): void {
  for (const utxo of utxos) {
    const outpoint = `${utxo.txid}:${utxo.vout}`;
    if (utxo.inscribed) throw new TradeError(inscribedCode, `${outpoint} holds an inscription`);
    if (!equalBytes(utxo.script, wallet.script)) {
      throw new TradeError(
        'utxo-not-at-payment-address',
        `${outpoint} is not at the payment address`,
      );
    }
  }
}

/** Throws TradeError 'duplicate-input' when an outpoint is spent twice. */
export function checkDistinctOutpoints(outpoints: readonly Outpoint[]): void {
  const seen = new Set<string>();
  for (const { txid, vout } of outpoints) {
    const key = `${txid.toLowerCase()}:${vout}`;
    if (seen.has(key)) throw new TradeError('duplicate-input', `${key} is spent twice`);
    seen.add(key);
  }
}
