import { bytesToHex, equalBytes } from '../bytes.ts';
import { p2wshScript, parseMultisigWitnessScript } from '../multisig/script.ts';
import type { BitcoinNetwork } from '../networks.ts';
import { addressOfScript, parsePsbt, scriptOfAddress, unsignedParts } from './codec.ts';
import { DEFAULT_MAX_FEE_RATE, estimateVsize, inputTypeOf, type InputType } from './fees.ts';
import { PADDING_VALUE } from './purchase.ts';
import { locateSat } from './sat-flow.ts';
import { TradeError } from './trade-error.ts';
import { sameOutpoint, spendTypeOfScript, type Outpoint } from './utxo.ts';

/** What the buyer asked for, as the web app knows it (from the listing pages). */
export type PurchaseContext = {
  network: BitcoinNetwork;
  /** `multisigAddress`: the buyer's multisig wallet, when its paddings come from there. */
  buyer: { paymentAddress: string; ordinalAddress: string; multisigAddress?: string };
  platformFeeAddress?: string;
  items: readonly (Outpoint & {
    inscriptionId: string;
    inscriptionOffset?: bigint;
    price: bigint;
  })[];
  paddingValue?: bigint;
  maxFeeRate?: number;
};

export type PurchaseProblemCode =
  | 'item-not-in-psbt'
  | 'inscription-not-to-buyer'
  | 'unknown-input'
  | 'unknown-output'
  | 'fee-rate-too-high';

export type PurchaseSummary = {
  items: {
    inscriptionId: string;
    price: bigint;
    inputIndex: number | undefined;
    /** The output paired with the seller's input. */
    sellerReceives: { address: string | undefined; value: bigint } | undefined;
    /** Where the inscription's sat lands by FIFO; undefined if it is not spent or goes to fees. */
    destination: { address: string | undefined; vout: number; offset: bigint } | undefined;
  }[];
  totalPrice: bigint;
  platformFee: bigint;
  networkFee: bigint;
  /** Estimated from the input and output types; the fee rate is fee / this. */
  vsize: number;
  feeRate: number;
  /** Output 0 when it returns the buyer's padding inputs (to its payment or multisig address). */
  paddingReturned: bigint;
  paddingCreated: bigint[];
  change: bigint;
  /** What leaves the buyer's wallet for good: its inputs minus everything paid back to it. */
  buyerSpends: bigint;
  problems: { code: PurchaseProblemCode; index?: number }[];
};

/**
 * A plain account of what a purchase PSBT does, for the wallet screen before signing: each
 * inscription's destination by FIFO, what each seller receives, the platform and network fees,
 * padding and change. `problems` lists every way it differs from a purchase of `context.items`
 * into the buyer's wallet; the web refuses to sign unless it is empty and the amounts are the
 * ones shown to the buyer. Coins of the buyer's multisig wallet (paddings, ADR 009) are the
 * buyer's when they carry its witness script; a snipe-protected seller input is a maker wallet's
 * P2WSH. Throws TradeError('invalid-psbt') when an input lacks its witnessUtxo.
 */
export function describePurchase(
  psbt: Uint8Array | string,
  context: PurchaseContext,
): PurchaseSummary {
  const tx = parsePsbt(psbt);
  const { inputs, outputs } = unsignedParts(tx);
  const paymentScript = scriptOfAddress(context.buyer.paymentAddress, context.network);
  const ordinalScript = scriptOfAddress(context.buyer.ordinalAddress, context.network);
  const feeScript =
    context.platformFeeAddress && scriptOfAddress(context.platformFeeAddress, context.network);
  const { multisigAddress } = context.buyer;
  const multisigScript = multisigAddress
    ? scriptOfAddress(multisigAddress, context.network)
    : undefined;
  const isMultisig = (script: Uint8Array) =>
    multisigScript !== undefined && equalBytes(script, multisigScript);
  /** Where paddings and change may return: the payment address or the multisig wallet. */
  const isOwnCoin = (script: Uint8Array) => equalBytes(script, paymentScript) || isMultisig(script);
  const isBuyers = (script: Uint8Array) => isOwnCoin(script) || equalBytes(script, ordinalScript);
  const prevouts = inputs.map((_, i) => {
    const prevout = tx.getInput(i).witnessUtxo;
    if (!prevout) throw new TradeError('invalid-psbt', `Input ${i} has no witnessUtxo`, i);
    return prevout;
  });
  const outpoints = inputs.map(({ txid, index }) => ({ txid: bytesToHex(txid), vout: index }));
  const address = (script: Uint8Array) => addressOfScript(script, context.network);
  const problems: PurchaseSummary['problems'] = [];

  const items = context.items.map((item) => {
    const inputIndex = outpoints.findIndex((outpoint) => sameOutpoint(outpoint, item));
    if (inputIndex < 0) {
      problems.push({ code: 'item-not-in-psbt' });
      return {
        ...pick(item),
        inputIndex: undefined,
        sellerReceives: undefined,
        destination: undefined,
      };
    }
    const payout = outputs[inputIndex];
    const location = locateSat(
      prevouts.map((p) => p.amount),
      outputs.map((o) => o.amount),
      inputIndex,
      item.inscriptionOffset ?? 0n,
    );
    const landing = location && outputs[location.vout];
    if (
      !location ||
      !landing ||
      location.offset !== 0n ||
      !equalBytes(landing.script, ordinalScript)
    ) {
      problems.push({ code: 'inscription-not-to-buyer', index: inputIndex });
    }
    return {
      ...pick(item),
      inputIndex,
      sellerReceives: payout && { address: address(payout.script), value: payout.amount },
      destination: location && landing && { address: address(landing.script), ...location },
    };
  });
  const sellerIndices = new Set(items.flatMap((item) => item.inputIndex ?? []));

  const inputTypes = prevouts.map((prevout, i): InputType => {
    const spend = spendTypeOfScript(prevout.script);
    const isOurMultisig = isMultisigInput(tx.getInput(i).witnessScript, prevout.script);
    if (sellerIndices.has(i)) {
      return isOurMultisig ? 'p2wsh-multisig' : spend === 'p2tr' ? 'p2tr-sighash' : 'p2wpkh';
    }
    if (isMultisig(prevout.script)) {
      if (!isOurMultisig) problems.push({ code: 'unknown-input', index: i });
      return 'p2wsh-multisig';
    }
    if (!spend || !isBuyers(prevout.script)) problems.push({ code: 'unknown-input', index: i });
    return inputTypeOf(spend ?? 'p2wpkh');
  });

  const paddingValue = context.paddingValue ?? PADDING_VALUE;
  let platformFee = 0n;
  let paddingReturned = 0n;
  let change = 0n;
  const paddingCreated: bigint[] = [];
  outputs.forEach(({ script, amount }, i) => {
    if (sellerIndices.has(i) || equalBytes(script, ordinalScript)) return;
    if (feeScript && equalBytes(script, feeScript)) platformFee += amount;
    else if (!isOwnCoin(script)) problems.push({ code: 'unknown-output', index: i });
    else if (i === 0 && !sellerIndices.has(0)) paddingReturned += amount;
    else if (amount === paddingValue) paddingCreated.push(amount);
    else change += amount;
  });

  const sum = (values: bigint[]) => values.reduce((total, value) => total + value, 0n);
  const networkFee = sum(prevouts.map((p) => p.amount)) - sum(outputs.map((o) => o.amount));
  const vsize = estimateVsize(
    inputTypes,
    outputs.map((o) => o.script),
  );
  const feeRate = Number(networkFee) / vsize;
  if (feeRate > (context.maxFeeRate ?? DEFAULT_MAX_FEE_RATE))
    problems.push({ code: 'fee-rate-too-high' });
  const buyerIn = sum(prevouts.filter((p) => isBuyers(p.script)).map((p) => p.amount));
  const buyerOut = sum(outputs.filter((o) => isBuyers(o.script)).map((o) => o.amount));
  return {
    items,
    totalPrice: sum(context.items.map((item) => item.price)),
    platformFee,
    networkFee,
    vsize,
    feeRate,
    paddingReturned,
    paddingCreated,
    change,
    buyerSpends: buyerIn - buyerOut,
    problems,
  };
}

/** Whether a PSBT input's witness script is our 2-of-2 template and the P2WSH it spends. */
function isMultisigInput(witnessScript: Uint8Array | undefined, script: Uint8Array): boolean {
  if (!witnessScript || !parseMultisigWitnessScript(witnessScript)) return false;
  return equalBytes(p2wshScript(witnessScript), script);
}

function pick(item: PurchaseContext['items'][number]) {
  return { inscriptionId: item.inscriptionId, price: item.price };
}
