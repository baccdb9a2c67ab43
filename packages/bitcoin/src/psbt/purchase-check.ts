import type { BitcoinNetwork } from '../networks.ts';
import { addressOfScript, parsePsbt } from './codec.ts';
import { describePurchase, type PurchaseSummary } from './describe-purchase.ts';
import { checkPaddingSetupPsbt, type PaddingSetupProblem } from './padding-setup-check.ts';
import { inputsWithUnsafeSighash } from './sighash-check.ts';
import type { Outpoint } from './utxo.ts';

/** What the buyer asked for (the listings as the market showed them) and what the server quoted. */
export type PurchaseCheckRequest = {
  network: BitcoinNetwork;
  /** `multisigAddress`: the buyer's multisig wallet, whose paddings the purchase may use. */
  buyer: { paymentAddress: string; ordinalAddress: string; multisigAddress?: string };
  /** `outpoint` undefined: the listing named no valid output. */
  items: readonly {
    inscriptionId: string;
    outpoint: Outpoint | undefined;
    inscriptionOffset: bigint;
    price: bigint;
  }[];
  /** The highest fee rate, sat/vB, the buyer accepts, for the purchase and its padding setup. */
  maxFeeRate: number;
  /** The platform's fee address when known: the fee output must pay exactly there. */
  platformFeeAddress?: string;
  quote: {
    price: bigint;
    platformFee: bigint;
    takerOrdinalAddress: string;
    /** The output each inscription goes to, as the server describes it. */
    items: readonly { inscriptionId: string; outputIndex: number }[];
  };
};

/** Why not to sign a purchase: a code, and what the words about it need. */
export type PurchaseProblem =
  | { code: 'listing-without-outpoint' }
  | { code: 'item-not-in-psbt' }
  /** `address`: where the inscription's sat lands, undefined when it goes to the miners. */
  | { code: 'inscription-not-to-buyer'; index?: number; address: string | undefined }
  | { code: 'unknown-input' | 'unknown-output'; index?: number }
  | { code: 'fee-rate-too-high'; feeRate: number }
  /** Buyer inputs (all but the sellers') asking for a sighash other than ALL or DEFAULT. */
  | { code: 'unsafe-sighash'; indices: number[] }
  | PaddingSetupProblem
  | { code: 'sellers-overpaid'; sellersGet: bigint; price: bigint }
  | { code: 'price-changed'; quoted: bigint; price: bigint }
  | { code: 'other-taker' }
  | { code: 'output-not-quoted'; inscriptionId: string; quoted: number; vout: number };

export type PurchaseCheck = {
  summary: PurchaseSummary;
  /** The one output paying a stranger, when it is exactly the quoted platform fee. */
  platformFee: { index: number; amount: bigint; address: string | undefined } | undefined;
  /** The chained padding setup's network fee; 0 without one. */
  setupFee: bigint;
  problems: PurchaseProblem[];
};

/**
 * Checks a purchase (and its chained padding setup) against what the buyer asked, with
 * describePurchase: every inscription lands at offset 0 of the buyer's ordinals address, every
 * other input and output is the buyer's, the sellers get no more than the listed prices, the fee
 * rate is at most `maxFeeRate`, the quote describes this transaction. The platform's fee address
 * is not always published, so the one output paying neither buyer nor seller is taken as the
 * platform fee when it is exactly the quoted fee. Throws TradeError when the purchase PSBT cannot
 * be read.
 */
export function checkPurchasePsbt(
  psbtBase64: string,
  setupPsbtBase64: string | null,
  request: PurchaseCheckRequest,
): PurchaseCheck {
  const items = request.items.flatMap(({ outpoint, ...item }) =>
    outpoint ? [{ ...item, ...outpoint }] : [],
  );
  const { network, buyer, maxFeeRate, quote } = request;
  const summary = describePurchase(psbtBase64, { network, buyer, items, maxFeeRate });
  const problems: PurchaseProblem[] = [];
  if (items.length !== request.items.length) problems.push({ code: 'listing-without-outpoint' });

  const feeOutput = platformFeeOutput(psbtBase64, summary, request);
  for (const problem of summary.problems) {
    if (problem.code === 'unknown-output' && problem.index === feeOutput?.index) continue;
    problems.push(fromSummary(problem, summary));
  }
  problems.push(...buyerSighashProblems(psbtBase64, summary));
  const setup = setupPsbtBase64
    ? checkPaddingSetupPsbt(setupPsbtBase64, {
        network,
        paymentAddress: buyer.paymentAddress,
        maxFeeRate,
      })
    : undefined;
  problems.push(...(setup?.problems ?? []));

  const price = request.items.reduce((sum, item) => sum + item.price, 0n);
  const sellersGet = summary.buyerSpends - (feeOutput?.amount ?? 0n) - summary.networkFee;
  if (sellersGet > price) problems.push({ code: 'sellers-overpaid', sellersGet, price });
  if (quote.price !== price) problems.push({ code: 'price-changed', quoted: quote.price, price });
  if (quote.takerOrdinalAddress !== buyer.ordinalAddress) problems.push({ code: 'other-taker' });
  problems.push(...quotedOutputProblems(quote.items, summary));
  return { summary, platformFee: feeOutput, setupFee: setup?.fee ?? 0n, problems };
}

function fromSummary(
  problem: PurchaseSummary['problems'][number],
  summary: PurchaseSummary,
): PurchaseProblem {
  switch (problem.code) {
    case 'inscription-not-to-buyer': {
      const item = summary.items.find((i) => i.inputIndex === problem.index);
      return { ...problem, code: 'inscription-not-to-buyer', address: item?.destination?.address };
    }
    case 'fee-rate-too-high':
      return { code: 'fee-rate-too-high', feeRate: summary.feeRate };
    case 'item-not-in-psbt':
      return { code: 'item-not-in-psbt' };
    case 'unknown-input':
    case 'unknown-output':
      return { ...problem, code: problem.code };
  }
}

/** The buyer signs every input but the sellers': each with ALL or DEFAULT only. */
function buyerSighashProblems(psbtBase64: string, summary: PurchaseSummary): PurchaseProblem[] {
  const sellerInputs = new Set(summary.items.flatMap((item) => item.inputIndex ?? []));
  const tx = parsePsbt(psbtBase64);
  const buyerInputs = Array.from({ length: tx.inputsLength }, (_, i) => i).filter(
    (i) => !sellerInputs.has(i),
  );
  const unsafe = inputsWithUnsafeSighash(tx, buyerInputs);
  return unsafe.length > 0 ? [{ code: 'unsafe-sighash', indices: unsafe }] : [];
}

/** The one output paying a stranger, when it is exactly the quoted platform fee. */
function platformFeeOutput(
  psbtBase64: string,
  summary: PurchaseSummary,
  { network, platformFeeAddress, quote }: PurchaseCheckRequest,
): PurchaseCheck['platformFee'] {
  const strangers = summary.problems.flatMap((p) =>
    p.code === 'unknown-output' && p.index !== undefined ? [p.index] : [],
  );
  const [index] = strangers;
  if (strangers.length !== 1 || index === undefined || quote.platformFee === 0n) return undefined;
  const output = parsePsbt(psbtBase64).getOutput(index);
  if (output.amount !== quote.platformFee || !output.script) return undefined;
  const address = addressOfScript(output.script, network);
  if (platformFeeAddress !== undefined && address !== platformFeeAddress) return undefined;
  return { index, amount: output.amount, address };
}

/**
 * The quote names the output each inscription goes to, and the review shows the transaction's:
 * when they differ, the server does not describe what it asks the buyer to sign.
 */
function quotedOutputProblems(
  quoted: PurchaseCheckRequest['quote']['items'],
  summary: PurchaseSummary,
): PurchaseProblem[] {
  return quoted.flatMap(({ inscriptionId, outputIndex }) => {
    const destination = summary.items.find(
      (item) => item.inscriptionId === inscriptionId,
    )?.destination;
    if (!destination || destination.vout === outputIndex) return [];
    return [
      { code: 'output-not-quoted', inscriptionId, quoted: outputIndex, vout: destination.vout },
    ];
  });
}
