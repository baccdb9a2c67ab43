import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js';
import { OutScript, Transaction } from '@scure/btc-signer';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '../bytes.ts';
import { isValidKeySpend } from '../key-spend.ts';
import {
  compressedPublicKey,
  p2shP2wpkhAddress,
  p2trAddress,
  p2wpkhAddress,
  privateKeyFromHex,
} from '../keys.ts';
import { addressToScript } from '../address.ts';
import type { Cosigner } from '../multisig/cosign.ts';
import {
  derivePlatformKey,
  platformKeyForScript,
  type MultisigKind,
} from '../multisig/platform-key.ts';
import { multisigWallet, type MultisigWallet } from '../multisig/script.ts';
import { isValidMultisigSpend } from '../multisig/sign.ts';
import { signPsbtWithKey } from '../sign-psbt.ts';
import { isSignedInPsbt, type InputRole } from './input-role.ts';
import { buildListingPsbt, verifySignedListing } from './listing.ts';
import type { Buyer } from './buyer.ts';
import { SELLER_SIGHASH, type SignedListedItem } from './seller-signature.ts';
import type { SpendType, WalletUtxo } from './utxo.ts';

// Fixed keys and outpoints for the trading tests: everything is deterministic (RFC 6979 ECDSA,
// BIP340 with zero aux randomness in scure), so fees and sizes can be asserted exactly.

export const NETWORK = 'regtest' as const;

export type TestWallet = {
  key: Uint8Array;
  publicKey: Uint8Array;
  address: string;
  script: Uint8Array;
  type: SpendType;
};

export function testKey(label: string): Uint8Array {
  return privateKeyFromHex(bytesToHex(sha256(utf8ToBytes(label))));
}

export function testWallet(label: string, type: SpendType): TestWallet {
  const key = testKey(label);
  const publicKey = compressedPublicKey(key);
  const toAddress = { p2tr: p2trAddress, p2wpkh: p2wpkhAddress, 'p2sh-p2wpkh': p2shP2wpkhAddress }[
    type
  ];
  const address = toAddress(publicKey, NETWORK);
  return { key, publicKey, address, script: scriptOf(address), type };
}

export function scriptOf(address: string): Uint8Array {
  const script = addressToScript(address, NETWORK);
  if (!script) throw new Error(`bad test address ${address}`);
  return script;
}

/** A coin of `wallet` with a txid made of `byte`. */
export function coin(
  wallet: TestWallet,
  byte: number,
  value: bigint,
  vout = 0,
  inscribed = false,
): WalletUtxo {
  const txid = byte.toString(16).padStart(2, '0').repeat(32);
  return { txid, vout, value, script: wallet.script, inscribed };
}

export const PLATFORM_ADDRESS = testWallet('platform', 'p2tr').address;

/** The platform's COSIGNER_SECRET in tests, and the cosigner finalizeSignedPsbt gets from it. */
const COSIGNER_SECRET = sha256(utf8ToBytes('test cosigner secret'));
export const testCosigner: Cosigner = (witnessScript) =>
  platformKeyForScript(COSIGNER_SECRET, witnessScript);

export type TestMultisig = MultisigWallet & { platformKey: Uint8Array };

/** The multisig (or maker) wallet of `owner`'s key, co-signed with the test secret's key. */
export function testMultisig(owner: TestWallet, kind: MultisigKind = 'multisig'): TestMultisig {
  const platformKey = derivePlatformKey(COSIGNER_SECRET, kind, owner.publicKey);
  const wallet = multisigWallet(owner.publicKey, compressedPublicKey(platformKey), NETWORK);
  return { ...wallet, platformKey };
}

/** A coin of a multisig wallet with a txid made of `byte`. */
export function multisigCoin(
  wallet: MultisigWallet,
  byte: number,
  value: bigint,
  vout = 0,
  inscribed = false,
): WalletUtxo {
  const txid = byte.toString(16).padStart(2, '0').repeat(32);
  return { txid, vout, value, script: wallet.script, inscribed };
}

/**
 * Checks every signature of a final transaction cryptographically: wallet inputs as BIP-322 style
 * key spends (ALL/DEFAULT), multisig inputs against their script (both signatures, or the user's
 * after the delay), and seller inputs by recomputing their SINGLE|ANYONECANPAY digest at their
 * index in *this* transaction (not on the one-input template the module uses).
 */
export function verifyFinalTransaction(
  hex: string,
  prevouts: { script: Uint8Array; amount: bigint }[],
  sellerIndices: readonly number[],
): boolean[] {
  const tx = Transaction.fromRaw(hexToBytes(hex));
  return prevouts.map((prevout, index) => {
    if (OutScript.decode(prevout.script).type === 'wsh') {
      return isValidMultisigSpend(tx, index, prevout);
    }
    if (!sellerIndices.includes(index)) return isValidKeySpend(tx, index, prevouts);
    const witness = tx.getInput(index).finalScriptWitness ?? [];
    const [signature, publicKey] = witness;
    if (!signature || signature.at(-1) !== SELLER_SIGHASH) return false;
    const decoded = OutScript.decode(prevout.script);
    if (decoded.type === 'tr') {
      const scripts = prevouts.map((p) => p.script);
      const amounts = prevouts.map((p) => p.amount);
      const digest = tx.preimageWitnessV1(index, scripts, SELLER_SIGHASH, amounts);
      return schnorr.verify(signature.subarray(0, 64), digest, decoded.pubkey);
    }
    if (decoded.type !== 'wpkh' || !publicKey) return false;
    const scriptCode = OutScript.encode({ type: 'pkh', hash: decoded.hash });
    const digest = tx.preimageWitnessV0(index, scriptCode, SELLER_SIGHASH, prevout.amount);
    const options = { prehash: false, format: 'der', lowS: true } as const;
    return secp256k1.verify(signature.subarray(0, -1), digest, publicKey, options);
  });
}

/** The spent outputs of a PSBT's inputs, in order. */
export function prevoutsOf(psbt: Uint8Array): { script: Uint8Array; amount: bigint }[] {
  const tx = Transaction.fromPSBT(psbt);
  return Array.from({ length: tx.inputsLength }, (_, i) => {
    const prevout = tx.getInput(i).witnessUtxo;
    if (!prevout) throw new Error(`input ${i} has no witnessUtxo`);
    return prevout;
  });
}

/** An inscription UTXO of a seller wallet, at `offset` in a `value`-sat output. */
export function inscriptionUtxo(seller: TestWallet, byte: number, value = 10_000n, offset = 0n) {
  return { ...coin(seller, byte, value), publicKey: seller.publicKey, inscriptionOffset: offset };
}

/** The PSBT with every input's declared sighash replaced, as a careless wallet would sign it. */
export function withDeclaredSighash(psbt: Uint8Array, sighashType: number): Uint8Array {
  const tx = Transaction.fromPSBT(psbt);
  for (let i = 0; i < tx.inputsLength; i++) tx.updateInput(i, { sighashType });
  return tx.toPSBT();
}

/**
 * Lists one inscription of `seller` at `price` (1% maker fee), signs it and verifies it. With
 * `protected`, the inscription sits in the seller's maker wallet (a snipe-protected listing).
 */
export function signedListing(
  seller: TestWallet,
  byte: number,
  options: { price?: bigint; value?: bigint; offset?: bigint; protected?: boolean } = {},
): SignedListedItem {
  const utxo = inscriptionUtxo(seller, byte, options.value, options.offset);
  const maker = options.protected ? testMultisig(seller, 'maker') : undefined;
  const { psbt, items } = buildListingPsbt({
    items: [
      {
        inscriptionUtxo: maker
          ? { ...utxo, script: maker.script, witnessScript: maker.witnessScript }
          : utxo,
        price: options.price ?? 50_000n,
        payoutAddress: seller.address,
      },
    ],
    makerFeeBps: 100,
    network: NETWORK,
  });
  const result = verifySignedListing(signPsbtWithKey(psbt, seller.key), items);
  if (!result.ok || !result.signatures[0]) throw new Error('listing did not verify');
  return result.signatures[0];
}

/** A buyer with a P2TR ordinals address, 3 paddings of 600 and payment coins of 200,000 and 50,000. */
export function testBuyer(payment: TestWallet, overrides: Partial<Buyer> = {}): Buyer {
  return {
    paymentAddress: payment.address,
    paymentPublicKey: payment.publicKey,
    ordinalAddress: testWallet('buyer ordinals', 'p2tr').address,
    paddingUtxos: [coin(payment, 0xa1, 600n), coin(payment, 0xa2, 600n), coin(payment, 0xa3, 600n)],
    paymentUtxos: [coin(payment, 0xb1, 200_000n), coin(payment, 0xb2, 50_000n)],
    ...overrides,
  };
}

/** The buyer signs every input it owns (all but the sellers'), as its wallet would. */
export function signAsBuyer(
  built: { psbt: Uint8Array; layout: { inputs: readonly InputRole[] } },
  wallet: TestWallet,
  options: { finalize?: boolean } = {},
): Uint8Array {
  const inputs = built.layout.inputs.flatMap((role, i) => (isSignedInPsbt(role) ? [i] : []));
  return signPsbtWithKey(built.psbt, wallet.key, { inputs, ...options });
}
