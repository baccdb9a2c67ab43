import { Transaction } from '@scure/btc-signer';
import { bytesToHex, equalBytes } from '../bytes.ts';
import { p2wshScript, parseMultisigWitnessScript } from '../multisig/script.ts';
import type { BitcoinNetwork } from '../networks.ts';
import { parsePsbt, scriptOfAddress, TRADE_TX_OPTIONS } from './codec.ts';
import { isDust } from './fees.ts';
import {
  checkSellerWitness,
  extractSellerWitness,
  SELLER_SIGHASH,
  TRADE_LOCKTIME,
  TRADE_TX_VERSION,
  type ListedItem,
  type SellerSignatureProblem,
  type SignedListedItem,
} from './seller-signature.ts';
import { TradeError } from './trade-error.ts';
import {
  FINAL_SEQUENCE,
  keySpendFields,
  psbtInput,
  sameOutpoint,
  spendTypeOfScript,
  type Utxo,
} from './utxo.ts';

export type ListingItemParams = {
  /**
   * The UTXO holding the inscription, P2TR or P2WPKH, or the maker wallet's P2WSH with its
   * `witnessScript` (a snipe-protected listing, ADR 009). `publicKey` (taproot internal key, the
   * P2WPKH key, or the maker wallet's U) is checked against the script; the PSBT carries what the
   * wallet needs to sign.
   */
  inscriptionUtxo: Utxo & {
    publicKey?: Uint8Array;
    inscriptionOffset?: bigint;
    witnessScript?: Uint8Array;
  };
  price: bigint;
  payoutAddress: string;
  /**
   * This item's maker fee in sats (0 … price), taken from its payout. When absent the fee is
   * `makerFeeBps` of the price: the server passes amounts when fees differ per item (zero-fee
   * collections, discounts).
   */
  makerFee?: bigint;
};

export type BuiltListing = {
  psbt: Uint8Array;
  /** Item i is the pair input i / output i, in the order given. */
  items: ListedItem[];
};

/** The platform's share of a price, rounded down as msigner does (feeprovider.ts). */
export function makerFee(price: bigint, makerFeeBps: number): bigint {
  return (price * BigInt(makerFeeBps)) / 10_000n;
}

/**
 * One PSBT listing several inscriptions in one signature session: input i is inscription i and
 * output i its payout, every input signed SIGHASH_SINGLE|ANYONECANPAY (0x83), version 2, locktime
 * 0, final sequences. The payout is price − maker fee + the inscription UTXO's value: the seller
 * keeps the postage, and the buyer funds a fresh postage output (msigner's getSellerOrdOutputValue).
 * Only P2TR and P2WPKH sellers, and the maker wallet: legacy SINGLE commits to the index (ADR 007).
 * Throws TradeError.
 */
export function buildListingPsbt(params: ListingParams): BuiltListing {
  const tx = new Transaction({
    ...TRADE_TX_OPTIONS,
    version: TRADE_TX_VERSION,
    lockTime: TRADE_LOCKTIME,
  });
  const listed = checkedListing(params).map(({ item, fields }) => {
    tx.addInput({ ...psbtInput(item.sellerInput, fields), sighashType: SELLER_SIGHASH });
    tx.addOutput({ script: item.payout.script, amount: item.payout.value });
    return item;
  });
  return { psbt: tx.toPSBT(), items: listed };
}

/**
 * The items buildListingPsbt would list, checked alike, without building the PSBT: what buying and
 * minting need of a stored listing (the signatures themselves are stored), at a fraction of the
 * cost (product.md#scale-and-delivery). Throws TradeError.
 */
export function listingItems(params: ListingParams): ListedItem[] {
  return checkedListing(params).map(({ item }) => item);
}

type ListingParams = {
  items: readonly ListingItemParams[];
  /** The fee of items without their own `makerFee`; 0 when absent. */
  makerFeeBps?: number;
  network: BitcoinNetwork;
};

function checkedListing(params: ListingParams) {
  const { items, makerFeeBps = 0, network } = params;
  if (items.length === 0) throw new TradeError('no-listings', 'Nothing to list');
  if (!Number.isInteger(makerFeeBps) || makerFeeBps < 0 || makerFeeBps > 10_000) {
    throw new TradeError('invalid-amount', `Maker fee of ${makerFeeBps} bps is out of range`);
  }
  // A launch's batch lists 100 outputs of one maker wallet paying one address: the address is
  // decoded and the witness script checked once a PSBT, not once an item.
  const payoutScripts = new Map<string, Uint8Array>();
  const checkedScripts = new Set<string>();
  const outpoints = new Set<string>();
  return items.map((item, index) => {
    const { inscriptionUtxo: utxo, price } = item;
    const fields = checkListedUtxo(item, index, checkedScripts);
    const outpoint = `${utxo.txid.toLowerCase()}:${utxo.vout}`;
    if (outpoints.has(outpoint)) {
      throw new TradeError('duplicate-input', `Item ${index} lists the same UTXO twice`, index);
    }
    outpoints.add(outpoint);
    if (price <= 0n) throw new TradeError('invalid-amount', `Item ${index} has no price`, index);
    const fee = item.makerFee ?? makerFee(price, makerFeeBps);
    if (fee < 0n || fee > price) {
      throw new TradeError(
        'invalid-amount',
        `Item ${index}: a maker fee of ${fee} sats is outside 0…price`,
        index,
      );
    }
    const script =
      payoutScripts.get(item.payoutAddress) ?? scriptOfAddress(item.payoutAddress, network);
    payoutScripts.set(item.payoutAddress, script);
    const value = price - fee + utxo.value;
    if (isDust(script, value)) {
      throw new TradeError('dust-output', `Item ${index} pays out dust`, index);
    }
    // A protected listing's final sequence is what keeps the user-only path (nSequence 144)
    // from reusing its signature (ADR 009).
    const sellerInput = {
      txid: utxo.txid.toLowerCase(),
      vout: utxo.vout,
      value: utxo.value,
      script: utxo.script,
      sequence: FINAL_SEQUENCE,
      inscriptionOffset: utxo.inscriptionOffset ?? 0n,
      ...(utxo.witnessScript && { witnessScript: utxo.witnessScript }),
    };
    const listed: ListedItem = { sellerInput, payout: { script, value } };
    return { item: listed, fields };
  });
}

function checkListedUtxo(item: ListingItemParams, index: number, checkedScripts: Set<string>) {
  const { script, publicKey, value, inscriptionOffset = 0n, witnessScript } = item.inscriptionUtxo;
  const type = spendTypeOfScript(script);
  if (!witnessScript && type !== 'p2tr' && type !== 'p2wpkh') {
    throw new TradeError(
      'unsupported-seller-script',
      `Item ${index}: only P2TR and P2WPKH inscriptions can be listed`,
      index,
    );
  }
  if (inscriptionOffset < 0n || inscriptionOffset >= value) {
    throw new TradeError(
      'inscription-offset-out-of-range',
      `Item ${index}: offset ${inscriptionOffset} is outside the UTXO`,
      index,
    );
  }
  if (witnessScript) {
    const id = [witnessScript, script, publicKey ?? new Uint8Array()].map(bytesToHex).join(':');
    if (checkedScripts.has(id)) return { witnessScript };
    const fields = protectedFields(script, witnessScript, publicKey, index);
    checkedScripts.add(id);
    return fields;
  }
  return publicKey ? keySpendFields(script, publicKey) : {};
}

/** A maker wallet's P2WSH output: the PSBT carries the witness script; `publicKey` must be U. */
function protectedFields(
  script: Uint8Array,
  witnessScript: Uint8Array,
  publicKey: Uint8Array | undefined,
  index: number,
) {
  const parts = parseMultisigWitnessScript(witnessScript);
  if (!parts || !equalBytes(p2wshScript(witnessScript), script)) {
    const message = `Item ${index}: the witness script is not the maker wallet's`;
    throw new TradeError('unknown-witness-script', message, index);
  }
  if (publicKey && !equalBytes(publicKey, parts.userPublicKey)) {
    const message = `Item ${index}: the key is not the maker wallet's user key`;
    throw new TradeError('key-mismatch', message, index);
  }
  return { witnessScript };
}

export type ListingProblemCode =
  | SellerSignatureProblem
  | 'invalid-psbt'
  | 'wrong-shape'
  | 'wrong-outpoint'
  | 'wrong-prevout'
  | 'wrong-sequence'
  | 'wrong-payout';

/** `index` is the item (= input and output) the problem is about; absent for the whole PSBT. */
export type ListingProblem = { code: ListingProblemCode; index?: number };

export type ListingVerification =
  { ok: true; signatures: SignedListedItem[] } | { ok: false; problems: ListingProblem[] };

/**
 * Checks a listing PSBT the seller's wallet signed against the items built for it: input i is
 * exactly the expected outpoint, script, value and sequence, output i exactly the payout, and the
 * seller's 0x83 signature verifies against its BIP341/BIP143 digest. Answers the final witnesses
 * to store (never to be shown to buyers), or every problem found.
 */
export function verifySignedListing(
  psbt: Uint8Array | string,
  expected: readonly ListedItem[],
): ListingVerification {
  let tx: Transaction;
  try {
    tx = parsePsbt(psbt);
  } catch {
    // parsePsbt only throws 'invalid-psbt'.
    return { ok: false, problems: [{ code: 'invalid-psbt' }] };
  }
  const isShapeRight =
    tx.version === TRADE_TX_VERSION &&
    tx.lockTime === TRADE_LOCKTIME &&
    tx.inputsLength === expected.length &&
    tx.outputsLength === expected.length;
  if (!isShapeRight) return { ok: false, problems: [{ code: 'wrong-shape' }] };

  const problems: ListingProblem[] = [];
  const signatures = expected.map((item, index): SignedListedItem => {
    const codes = pairProblems(tx, index, item);
    const input = tx.getInput(index);
    const { script, witnessScript } = item.sellerInput;
    const witness = extractSellerWitness(input, script, witnessScript) ?? [];
    const signatureProblem = checkSellerWitness(item, witness);
    if (signatureProblem) codes.push(signatureProblem);
    problems.push(...[...new Set(codes)].map((code) => ({ code, index })));
    return { ...item, witness };
  });
  return problems.length ? { ok: false, problems } : { ok: true, signatures };
}

function pairProblems(tx: Transaction, index: number, item: ListedItem): ListingProblemCode[] {
  const { sellerInput, payout } = item;
  const input = tx.getInput(index);
  const output = tx.getOutput(index);
  const codes: ListingProblemCode[] = [];
  const txid = input.txid ? bytesToHex(input.txid) : '';
  if (!sameOutpoint({ txid, vout: input.index ?? -1 }, sellerInput)) {
    codes.push('wrong-outpoint');
  }
  const prevout = input.witnessUtxo;
  if (
    !prevout ||
    prevout.amount !== sellerInput.value ||
    !equalBytes(prevout.script, sellerInput.script)
  ) {
    codes.push('wrong-prevout');
  }
  if ((input.sequence ?? FINAL_SEQUENCE) !== sellerInput.sequence) codes.push('wrong-sequence');
  if (input.sighashType !== undefined && input.sighashType !== SELLER_SIGHASH) {
    codes.push('wrong-sighash');
  }
  if (
    output.amount !== payout.value ||
    !output.script ||
    !equalBytes(output.script, payout.script)
  ) {
    codes.push('wrong-payout');
  }
  return codes;
}
