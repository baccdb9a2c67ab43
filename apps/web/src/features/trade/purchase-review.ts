import {
  addressOfScript,
  describePurchase,
  equalBytes,
  estimateVsize,
  inputTypeOf,
  parsePsbt,
  scriptOfAddress,
  spendTypeOfScript,
  TradeError,
  type BitcoinNetwork,
  type PurchaseSummary,
  inputsWithUnsafeSighash,
} from '@om/bitcoin';
import type { PurchaseQuote } from '@om/core';
import { unsafeSighashText } from '../signing/unsafe-sighash-text.ts';
import { btcText, feeRateText, parseOutpoint, wireSats } from '../../lib/trade-format.ts';
import { maxAcceptedFeeRate } from '../signing/fee-rate-slack.ts';

/** One listing the buyer chose, as the market showed it. */
export type PurchaseItem = {
  listingId: string;
  inscriptionId: string;
  /** The listed inscription's output, 'txid:vout'. */
  outpoint: string;
  /** Where in that output the inscription sits (its satpoint's offset). */
  inscriptionOffset: bigint;
  price: bigint;
};

export type PurchaseRequest = {
  network: BitcoinNetwork;
  /** `multisigAddress`: the buyer's multisig wallet, whose paddings the purchase may use. */
  buyer: { paymentAddress: string; ordinalAddress: string; multisigAddress?: string };
  items: readonly PurchaseItem[];
  feeRate: number;
  /** The platform's fee address from /api/config: the fee output must pay exactly there. */
  platformFeeAddress?: string;
};

export type PurchaseReview = {
  price: bigint;
  /** The purchase's and, when chained, the padding setup's. */
  networkFee: bigint;
  platformFee: bigint;
  platformFeeAddress: string | undefined;
  /** What leaves the wallet for good: price (to the sellers) + platform fee + network fees. */
  total: bigint;
  /** New padding outputs kept in the wallet for the next purchase. */
  padding: bigint;
  change: bigint;
  feeRate: number;
  /** Per chosen item, in the buyer's order: where the transaction puts its inscription. */
  destinations: {
    inscriptionId: string;
    price: bigint;
    address: string | undefined;
    vout: number | undefined;
    /** At offset 0 of the buyer's ordinals address. */
    isToBuyer: boolean;
  }[];
  hasSetup: boolean;
  /** Why not to sign, in words; empty when the PSBTs do what the buyer asked. */
  problems: string[];
};

/**
 * Checks a purchase (and its chained padding setup) against what the buyer asked, with
 * describePurchase, before the wallet is asked to sign: every inscription lands at offset 0 of the
 * buyer's ordinals address, every other input and output is the buyer's, the sellers get no more
 * than the listed prices, the fee rate is the chosen one. The platform's fee address is not
 * published, so the one output paying neither buyer nor seller is taken as the platform fee
 * when it is exactly the quoted fee. Amounts are read from the PSBTs, not from the quote.
 */
export function reviewPurchase(
  psbt: string,
  setupPsbt: string | null,
  quote: PurchaseQuote,
  request: PurchaseRequest,
): PurchaseReview {
  const maxFeeRate = maxAcceptedFeeRate(request.feeRate);
  const items = request.items.flatMap((item) => {
    const outpoint = parseOutpoint(item.outpoint);
    return outpoint ? [{ ...item, ...outpoint }] : [];
  });
  const price = request.items.reduce((sum, item) => sum + item.price, 0n);
  let summary: PurchaseSummary;
  try {
    summary = describePurchase(psbt, {
      network: request.network,
      buyer: request.buyer,
      items,
      maxFeeRate,
    });
  } catch (error) {
    return unreadable(price, request, error);
  }
  const problems: string[] = [];
  if (items.length !== request.items.length) problems.push('A listing has no valid output.');

  const feeOutput = platformFeeOutput(psbt, summary, wireSats(quote.platformFee), request);
  const platformFee = feeOutput?.amount ?? 0n;
  for (const problem of summary.problems) {
    if (problem.code === 'unknown-output' && problem.index === feeOutput?.index) continue;
    problems.push(problemText(problem, summary, request));
  }

  problems.push(...buyerSighashProblems(psbt, summary));
  const setup = setupPsbt ? reviewSetup(setupPsbt, request, maxFeeRate) : undefined;
  problems.push(...(setup?.problems ?? []));
  const sellersGet = summary.buyerSpends - platformFee - summary.networkFee;
  if (sellersGet > price) {
    problems.push(
      `The sellers would get ${btcText(sellersGet)}, more than the price of ${btcText(price)}.`,
    );
  }
  if (wireSats(quote.price) !== price) {
    problems.push(`The price is now ${btcText(wireSats(quote.price))}, not ${btcText(price)}.`);
  }
  if (quote.takerOrdinalAddress !== request.buyer.ordinalAddress) {
    problems.push('The offer was made for another ordinals address.');
  }
  problems.push(...quotedOutputProblems(quote, summary));

  const setupFee = setup?.fee ?? 0n;
  return {
    price,
    networkFee: summary.networkFee + setupFee,
    platformFee,
    platformFeeAddress: feeOutput?.address,
    total: summary.buyerSpends + setupFee,
    padding: summary.paddingCreated.reduce((sum, value) => sum + value, 0n),
    change: summary.change,
    feeRate: summary.feeRate,
    destinations: summary.items.map((item) => ({
      inscriptionId: item.inscriptionId,
      price: item.price,
      address: item.destination?.address,
      vout: item.destination?.vout,
      isToBuyer:
        item.destination?.address === request.buyer.ordinalAddress &&
        item.destination.offset === 0n,
    })),
    hasSetup: setupPsbt !== null,
    problems,
  };
}

/**
 * The quote names the output each inscription goes to, and the review shows the transaction's:
 * when they differ, the server does not describe what it asks the buyer to sign.
 */
function quotedOutputProblems(quote: PurchaseQuote, summary: PurchaseSummary): string[] {
  return quote.items.flatMap((quoted) => {
    const destination = summary.items.find(
      (item) => item.inscriptionId === quoted.inscriptionId,
    )?.destination;
    if (!destination || destination.vout === quoted.outputIndex) return [];
    return [
      `The offer says inscription ${quoted.inscriptionId} goes to output ${quoted.outputIndex}, but the transaction sends it to output ${destination.vout}.`,
    ];
  });
}

/** The buyer signs every input but the sellers': each with ALL or DEFAULT only. */
function buyerSighashProblems(psbt: string, summary: PurchaseSummary): string[] {
  const sellerInputs = new Set(summary.items.flatMap((item) => item.inputIndex ?? []));
  const tx = parsePsbt(psbt);
  const buyerInputs = Array.from({ length: tx.inputsLength }, (_, i) => i).filter(
    (i) => !sellerInputs.has(i),
  );
  const unsafe = inputsWithUnsafeSighash(tx, buyerInputs);
  return unsafe.length > 0 ? [unsafeSighashText(unsafe, 'The purchase')] : [];
}

/** The one output paying a stranger, when it is exactly the quoted platform fee. */
function platformFeeOutput(
  psbt: string,
  summary: PurchaseSummary,
  quotedFee: bigint,
  { network, platformFeeAddress }: Pick<PurchaseRequest, 'network' | 'platformFeeAddress'>,
): { index: number; amount: bigint; address: string | undefined } | undefined {
  const strangers = summary.problems.flatMap((p) =>
    p.code === 'unknown-output' && p.index !== undefined ? [p.index] : [],
  );
  const [index] = strangers;
  if (strangers.length !== 1 || index === undefined || quotedFee === 0n) return undefined;
  const output = parsePsbt(psbt).getOutput(index);
  if (output.amount !== quotedFee || !output.script) return undefined;
  const address = addressOfScript(output.script, network);
  if (platformFeeAddress !== undefined && address !== platformFeeAddress) return undefined;
  return { index, amount: output.amount, address };
}

function problemText(
  problem: PurchaseSummary['problems'][number],
  summary: PurchaseSummary,
  request: PurchaseRequest,
): string {
  switch (problem.code) {
    case 'item-not-in-psbt':
      return 'The PSBT does not buy every inscription you chose.';
    case 'inscription-not-to-buyer': {
      const item = summary.items.find((i) => i.inputIndex === problem.index);
      const to = item?.destination?.address;
      return `The inscription would go to ${to ?? 'the miners'}, not to your ordinals address ${request.buyer.ordinalAddress}.`;
    }
    case 'unknown-input':
      return `Input ${problem.index} is not from your wallet.`;
    case 'unknown-output':
      return `Output ${problem.index} pays an address that is neither yours nor a seller's.`;
    case 'fee-rate-too-high':
      return `The network fee rate of ${feeRateText(summary.feeRate)} is above the ${feeRateText(request.feeRate)} you chose.`;
  }
}

/** The padding setup spends the buyer's coins into new outputs of the buyer: only its fee is spent. */
function reviewSetup(
  setupPsbt: string,
  request: PurchaseRequest,
  maxFeeRate: number,
): { fee: bigint; problems: string[] } {
  try {
    const tx = parsePsbt(setupPsbt);
    const own = scriptOfAddress(request.buyer.paymentAddress, request.network);
    const isOwn = (script: Uint8Array | undefined) =>
      script !== undefined && equalBytes(script, own);
    const problems: string[] = [];
    let spent = 0n;
    const inputTypes = Array.from({ length: tx.inputsLength }, (_, i) => {
      const prevout = tx.getInput(i).witnessUtxo;
      const spend = prevout && spendTypeOfScript(prevout.script);
      if (!prevout || !spend || !isOwn(prevout.script)) {
        problems.push(`Input ${i} of the padding setup is not from your wallet.`);
      }
      spent += prevout?.amount ?? 0n;
      return inputTypeOf(spend ?? 'p2wpkh');
    });
    let kept = 0n;
    const scripts = Array.from({ length: tx.outputsLength }, (_, i) => {
      const { script, amount = 0n } = tx.getOutput(i);
      if (!isOwn(script))
        problems.push(`Output ${i} of the padding setup does not pay your wallet.`);
      kept += amount;
      return script ?? new Uint8Array();
    });
    const unsafe = inputsWithUnsafeSighash(
      tx,
      inputTypes.map((_, i) => i),
    );
    if (unsafe.length > 0) problems.push(unsafeSighashText(unsafe, 'The padding setup'));
    const fee = spent - kept;
    const feeRate = Number(fee) / estimateVsize(inputTypes, scripts);
    if (feeRate > maxFeeRate) {
      problems.push(
        `The padding setup's fee rate of ${feeRateText(feeRate)} is above the ${feeRateText(request.feeRate)} you chose.`,
      );
    }
    return { fee, problems };
  } catch (error) {
    return { fee: 0n, problems: [`The padding setup cannot be read: ${reason(error)}`] };
  }
}

function unreadable(price: bigint, request: PurchaseRequest, error: unknown): PurchaseReview {
  return {
    price,
    networkFee: 0n,
    platformFee: 0n,
    platformFeeAddress: undefined,
    total: 0n,
    padding: 0n,
    change: 0n,
    feeRate: 0,
    destinations: request.items.map((item) => ({
      inscriptionId: item.inscriptionId,
      price: item.price,
      address: undefined,
      vout: undefined,
      isToBuyer: false,
    })),
    hasSetup: false,
    problems: [`The purchase PSBT cannot be read: ${reason(error)}`],
  };
}

function reason(error: unknown): string {
  if (error instanceof TradeError || error instanceof Error) return error.message;
  return String(error);
}
