import { Transaction } from '@scure/btc-signer';
import { checkMultisigWallet } from '../multisig/script.ts';
import type { BitcoinNetwork } from '../networks.ts';
import { scriptOfAddress, TRADE_TX_OPTIONS } from './codec.ts';
import {
  checkFeeRate,
  DEFAULT_MAX_FEE_RATE,
  changeFloor,
  estimateVsize,
  inputTypeOf,
  isDust,
  type InputType,
} from './fees.ts';
import {
  LISTED_INPUT_ROLE,
  PROTECTED_LISTING_INPUT_ROLE,
  walletInputRole,
  type InputRole,
} from './input-role.ts';
import type { Buyer } from './buyer.ts';
import { paddingSource } from './padding-source.ts';
import {
  TRADE_LOCKTIME,
  TRADE_TX_VERSION,
  type ListedItem,
  type Payout,
} from './seller-signature.ts';
import { selectUtxos } from './select-utxos.ts';
import { TradeError } from './trade-error.ts';
import { unsignedFormTxid } from './txid.ts';
import {
  checkDistinctOutpoints,
  checkWalletUtxos,
  paymentWallet,
  psbtInput,
  spendTypeOfScript,
  sumValues,
  type WalletUtxo,
} from './utxo.ts';

/** New padding outputs: msigner's and OKX's DUMMY_AMOUNT. */
export const PADDING_VALUE = 600n;
/** Padding inputs below this are refused (the P2PKH dust limit, safe for every script type). */
export const MIN_PADDING_VALUE = 546n;
/** The buyer's (last) inscription output: ord sends inscriptions in 10,000-sat outputs. */
export const POSTAGE = 10_000n;
export const CHANGE_MIN = 546n;

export type PurchaseLayout = {
  inputs: InputRole[];
  paddingIndices: number[];
  /** Seller i's input, and its payout output, at index N+1+i. */
  sellerIndices: number[];
  paymentIndices: number[];
  /** Output 0: the padding inputs (and the first inscription's offset) back to the buyer. */
  paddingReturnIndex: number;
  /** Output 1+i receives inscription i at offset 0. */
  buyerOutputIndices: number[];
  platformFeeIndex: number | undefined;
  newPaddingIndices: number[];
  changeIndex: number | undefined;
};

export type BuiltPurchase = {
  /** What the buyer signs: no seller signature in it. */
  psbt: Uint8Array;
  /**
   * The txid of the PSBT's unsigned transaction (no scriptSig, no witness), as a server finds the
   * PSBT again from the signed one: computed from the transaction built, not by parsing `psbt`.
   */
  unsignedTxid: string;
  fee: bigint;
  vsize: number;
  feeRate: number;
  /** The merge refuses a final fee rate above this. */
  maxFeeRate: number;
  layout: PurchaseLayout;
};

export type PurchaseParams = {
  /** Verified listings (a SignedListedItem is accepted; its witness is never read here). */
  listings: readonly ListedItem[];
  buyer: Buyer;
  /** The platform's fee output; absent or 0n for zero-fee collections. */
  platformFee?: { address: string; value: bigint };
  feeRate: number;
  network: BitcoinNetwork;
  paddingValue?: bigint;
  postage?: bigint;
  changeMin?: bigint;
  maxFeeRate?: number;
  /** Padding outputs created for the next purchase; N+1 by default, as many as this one used. */
  newPaddingCount?: number;
};

/**
 * The buyer's purchase PSBT for N listings: msigner's layout B generalised with OKX's N+1 rule.
 *
 *   inputs:  padding 0..N | seller 0..N-1 (at N+1+i) | payment...
 *   outputs: Σpadding + offset₀ → buyer | inscription i → ordinal address (1+i) |
 *            payout i (N+1+i) | platform fee | new paddings | change
 *
 * FIFO puts inscription i at offset 0 of output 1+i: output 0 takes the paddings and the sats in
 * front of inscription 0, output 1+i the sats from inscription i up to inscription i+1, and the
 * last buyer output `postage` sats. Payment coins are chosen largest-first for the exact vsize;
 * change only above `changeMin`. The seller inputs carry witnessUtxo (and a protected listing's
 * witness script) and no signature; the buyer signs every other input with ALL (DEFAULT for
 * taproot). With `buyer.multisigPadding` the paddings are multisig coins, and output 0 and the new
 * paddings return to the multisig address. Throws TradeError.
 */
export function buildPurchasePsbt(params: PurchaseParams): BuiltPurchase {
  const { listings, buyer, network, feeRate } = params;
  const maxFeeRate = params.maxFeeRate ?? DEFAULT_MAX_FEE_RATE;
  checkFeeRate(feeRate, maxFeeRate);
  if (listings.length === 0) throw new TradeError('no-listings', 'Nothing to buy');
  const count = listings.length;
  const wallet = paymentWallet(
    scriptOfAddress(buyer.paymentAddress, network),
    buyer.paymentPublicKey,
  );
  const source = paddingSource(buyer, wallet);
  checkWalletUtxos(source.utxos, source, 'inscribed-utxo-as-padding');
  checkWalletUtxos(buyer.paymentUtxos, wallet, 'inscribed-utxo-as-payment');
  const sellerTypes = listings.map(checkListing);
  const sellers = listings.map((listing) => listing.sellerInput);
  checkDistinctOutpoints([...source.utxos, ...sellers, ...buyer.paymentUtxos]);
  const paddings = pickPaddings(source.utxos, count + 1);
  const newPaddingCount = params.newPaddingCount ?? count + 1;
  if (!Number.isInteger(newPaddingCount) || newPaddingCount < 0) {
    throw new TradeError('invalid-amount', `Cannot create ${newPaddingCount} padding outputs`);
  }

  const ordinalScript = scriptOfAddress(buyer.ordinalAddress, network);
  const newPadding = { script: source.script, value: params.paddingValue ?? PADDING_VALUE };
  const fee = platformFeeOutput(params.platformFee, network);
  const fixedOutputs: Payout[] = [
    { script: source.script, value: sumValues(paddings) + (sellers[0]?.inscriptionOffset ?? 0n) },
    ...buyerOutputValues(listings, params.postage ?? POSTAGE).map((value) => ({
      script: ordinalScript,
      value,
    })),
    ...listings.map((listing) => listing.payout),
    ...(fee ? [fee] : []),
    ...Array.from({ length: newPaddingCount }, () => newPadding),
  ];
  fixedOutputs.forEach(checkNotDust);

  const buyerInputType = inputTypeOf(wallet.type);
  const fixedInputTypes: InputType[] = [...paddings.map(() => source.inputType), ...sellerTypes];
  const fixedScripts = fixedOutputs.map((output) => output.script);
  const selection = selectUtxos({
    utxos: buyer.paymentUtxos,
    need: sumValues(fixedOutputs) - sumValues(paddings) - sumValues(sellers),
    feeRate,
    changeMin: changeFloor(params.changeMin ?? CHANGE_MIN, wallet.script),
    vsize: (selected, withChange) =>
      estimateVsize(
        [...fixedInputTypes, ...selected.map(() => buyerInputType)],
        withChange ? [...fixedScripts, wallet.script] : fixedScripts,
      ),
  });

  const tx = new Transaction({
    ...TRADE_TX_OPTIONS,
    version: TRADE_TX_VERSION,
    lockTime: TRADE_LOCKTIME,
  });
  for (const padding of paddings) tx.addInput(psbtInput(padding, source.fields));
  for (const seller of sellers) {
    const fields = seller.witnessScript ? { witnessScript: seller.witnessScript } : {};
    tx.addInput(psbtInput(seller, fields, seller.sequence));
  }
  for (const coin of selection.selected) tx.addInput(psbtInput(coin, wallet.fields));
  for (const output of fixedOutputs) tx.addOutput({ script: output.script, amount: output.value });
  if (selection.change > 0n) tx.addOutput({ script: wallet.script, amount: selection.change });

  const layout = purchaseLayout({
    count,
    payments: selection.selected.length,
    paddingRole: source.role,
    sellerRoles: sellers.map((seller) =>
      seller.witnessScript ? PROTECTED_LISTING_INPUT_ROLE : LISTED_INPUT_ROLE,
    ),
    paymentRole: walletInputRole('payment', 'buyer', wallet.type),
    hasPlatformFee: fee !== undefined,
    newPaddings: newPaddingCount,
    hasChange: selection.change > 0n,
  });
  return {
    psbt: tx.toPSBT(),
    unsignedTxid: unsignedFormTxid(tx),
    fee: selection.fee,
    vsize: selection.vsize,
    feeRate,
    maxFeeRate,
    layout,
  };
}

/**
 * Values of the buyer's inscription outputs. Between two sellers' inscriptions there are only the
 * sellers' own sats, so output 1+i holds UTXO i from its inscription on plus UTXO i+1 up to its
 * inscription (OKX gives each buyer output its NFT UTXO's value); the last one is `postage`.
 */
export function buyerOutputValues(listings: readonly ListedItem[], postage: bigint): bigint[] {
  return listings.map(({ sellerInput }, i) => {
    const next = listings[i + 1]?.sellerInput;
    if (!next) return postage;
    return sellerInput.value - sellerInput.inscriptionOffset + next.inscriptionOffset;
  });
}

/** Checks a listing's seller input and answers its input type. */
function checkListing(listing: ListedItem, index: number): InputType {
  const { value, inscriptionOffset } = listing.sellerInput;
  const type = sellerInputType(listing.sellerInput, index);
  if (inscriptionOffset < 0n || inscriptionOffset >= value) {
    throw new TradeError(
      'inscription-offset-out-of-range',
      `Listing ${index}: offset ${inscriptionOffset} is outside the UTXO`,
      index,
    );
  }
  return type;
}

/**
 * A seller's P2TR key-path input carries a 65-byte signature (0x83 is not DEFAULT); a protected
 * listing's maker wallet input is spent by both keys.
 */
function sellerInputType(seller: ListedItem['sellerInput'], index: number): InputType {
  if (seller.witnessScript) {
    try {
      checkMultisigWallet({ witnessScript: seller.witnessScript, script: seller.script });
    } catch {
      const message = `Listing ${index}: the witness script is not the maker wallet's`;
      throw new TradeError('unknown-witness-script', message, index);
    }
    return 'p2wsh-multisig';
  }
  const type = spendTypeOfScript(seller.script);
  if (type === 'p2tr') return 'p2tr-sighash';
  if (type === 'p2wpkh') return 'p2wpkh';
  throw new TradeError('unsupported-seller-script', 'Sellers are P2TR or P2WPKH', index);
}

/** The `count` smallest coins of at least MIN_PADDING_VALUE, keeping bigger ones for later. */
function pickPaddings(utxos: readonly WalletUtxo[], count: number): WalletUtxo[] {
  const usable = utxos
    .filter((utxo) => utxo.value >= MIN_PADDING_VALUE)
    .sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  if (usable.length < count) {
    throw new TradeError(
      'not-enough-padding',
      `${count} padding UTXOs of at least ${MIN_PADDING_VALUE} sats are needed, ${usable.length} found`,
    );
  }
  return usable.slice(0, count);
}

function platformFeeOutput(
  fee: PurchaseParams['platformFee'],
  network: BitcoinNetwork,
): Payout | undefined {
  if (!fee || fee.value === 0n) return undefined;
  if (fee.value < 0n) throw new TradeError('invalid-amount', 'The platform fee is negative');
  return { script: scriptOfAddress(fee.address, network), value: fee.value };
}

function checkNotDust(output: Payout, index: number): void {
  if (isDust(output.script, output.value)) {
    throw new TradeError('dust-output', `Output ${index} of ${output.value} sats is dust`, index);
  }
}

function purchaseLayout(shape: {
  count: number;
  payments: number;
  paddingRole: InputRole;
  sellerRoles: InputRole[];
  paymentRole: InputRole;
  hasPlatformFee: boolean;
  newPaddings: number;
  hasChange: boolean;
}): PurchaseLayout {
  const { count, payments } = shape;
  const range = (start: number, length: number) => Array.from({ length }, (_, i) => start + i);
  const sellerIndices = range(count + 1, count);
  const afterPayouts = 2 * count + 1;
  const firstNewPadding = afterPayouts + (shape.hasPlatformFee ? 1 : 0);
  return {
    inputs: [
      ...range(0, count + 1).map(() => shape.paddingRole),
      ...shape.sellerRoles,
      ...range(0, payments).map(() => shape.paymentRole),
    ],
    paddingIndices: range(0, count + 1),
    sellerIndices,
    paymentIndices: range(afterPayouts, payments),
    paddingReturnIndex: 0,
    buyerOutputIndices: range(1, count),
    platformFeeIndex: shape.hasPlatformFee ? afterPayouts : undefined,
    newPaddingIndices: range(firstNewPadding, shape.newPaddings),
    changeIndex: shape.hasChange ? firstNewPadding + shape.newPaddings : undefined,
  };
}
