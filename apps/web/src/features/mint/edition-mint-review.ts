import {
  parsePsbt,
  psbtTxid,
  scriptOfAddress,
  type BitcoinNetwork,
  inputsWithUnsafeSighash,
} from '@om/bitcoin';
import { EDITION_POSTAGE, type EditionMintPayload, type EditionQuote } from '@om/core';
import { unsafeSighashText } from '../signing/unsafe-sighash-text.ts';
import { reviewChargePayment } from '../trade/charge-payment.ts';
import { btcText, feeRateText } from '../../lib/trade-format.ts';
import { maxAcceptedFeeRate } from '../signing/fee-rate-slack.ts';

export type EditionMintRequest = {
  network: BitcoinNetwork;
  /** The buyer's payment address: it pays, and takes the change. */
  paymentAddress: string;
  mintCount: number;
  feeRate: number;
  /** One edition's price as the page shows it (the launch's phase price). */
  unitPrice: bigint;
  /** What POST /api/launchpad/editions/price answered just before: the order may not charge more. */
  quoted: EditionQuote;
};

export type EditionMintReview = {
  mintCount: number;
  price: bigint;
  platformFee: bigint;
  /** The reveal's fee, inside the amount. */
  inscriptionFee: bigint;
  postage: bigint;
  /** What the PSBT pays the charge address. */
  charged: bigint;
  chargeAddress: string;
  /** The payment's own fee. */
  networkFee: bigint;
  feeRate: number;
  change: bigint;
  /** What leaves the wallet: the charge and the payment's fee. */
  total: bigint;
  txid: string;
  /** Why not to sign, in words; empty when the PSBT pays the order and nothing else. */
  problems: string[];
};

/** Sats from the wire, or undefined for anything but a whole number. */
const sats = (value: string) => (/^\d+$/.test(value) ? BigInt(value) : undefined);

type QuoteSats = Record<
  'unitPrice' | 'price' | 'platformFee' | 'networkFee' | 'postage' | 'total' | 'amount' | 'quoted',
  bigint
>;

/** Every amount of the order and of the price quote, or undefined when one is malformed. */
function quoteSats(order: EditionMintPayload, quoted: EditionQuote): QuoteSats | undefined {
  const { quote } = order;
  const entries = Object.entries({
    unitPrice: quote.unitPrice,
    price: quote.price,
    platformFee: quote.platformFee,
    networkFee: quote.networkFee,
    postage: quote.postage,
    total: quote.total,
    amount: order.amount,
    quoted: quoted.total,
  }).map(([key, value]) => [key, sats(value)] as const);
  if (entries.some(([, value]) => value === undefined)) return undefined;
  return Object.fromEntries(entries) as QuoteSats;
}

/** The order's quote against what the buyer asked and was quoted: the same editions and price. */
function quoteProblems(order: EditionMintPayload, request: EditionMintRequest): string[] {
  const q = quoteSats(order, request.quoted);
  if (!q) return ["The order's amounts cannot be read."];
  const { mintCount } = order.quote;
  const count = BigInt(request.mintCount);
  const problems: string[] = [];
  if (mintCount !== request.mintCount) {
    problems.push(
      `The order holds ${mintCount} editions, not the ${request.mintCount} you asked for.`,
    );
  }
  if (q.unitPrice !== request.unitPrice) {
    problems.push(
      `The order prices an edition at ${btcText(q.unitPrice)}, not the ${btcText(request.unitPrice)} this page shows.`,
    );
  }
  const addsUp =
    q.price === q.unitPrice * count &&
    q.postage === EDITION_POSTAGE * count &&
    q.total === q.price + q.platformFee + q.networkFee + q.postage;
  if (!addsUp) problems.push("The order's quote does not add up.");
  if (q.amount !== q.total) {
    problems.push(`The order charges ${btcText(q.amount)}, not its total of ${btcText(q.total)}.`);
  }
  if (q.amount > q.quoted) {
    problems.push(
      `The order charges ${btcText(q.amount)}, more than the ${btcText(q.quoted)} quoted.`,
    );
  }
  return problems;
}

/**
 * Checks the payment PSBT of an edition order before the wallet signs it (ADR 011, as the mint
 * review does for a pre-inscribed launch): every input is a coin of the buyer's payment address,
 * one output pays the order's charge address exactly its amount, every other output is change to
 * the payment address, each input is signed with ALL, and the fee rate is the chosen one.
 * Amounts are read from the PSBT, not from the quote.
 */
export function reviewEditionMint(
  order: EditionMintPayload,
  request: EditionMintRequest,
): EditionMintReview {
  const amount = sats(order.amount) ?? 0n;
  const orNone = (value: string) => sats(value) ?? 0n;
  const review: EditionMintReview = {
    mintCount: order.quote.mintCount,
    price: orNone(order.quote.price),
    platformFee: orNone(order.quote.platformFee),
    inscriptionFee: orNone(order.quote.networkFee),
    postage: orNone(order.quote.postage),
    charged: 0n,
    chargeAddress: order.chargeAddress,
    networkFee: 0n,
    feeRate: 0,
    change: 0n,
    total: 0n,
    txid: '',
    problems: quoteProblems(order, request),
  };
  let tx: ReturnType<typeof parsePsbt>;
  try {
    tx = parsePsbt(order.psbt);
  } catch {
    return { ...review, problems: [...review.problems, 'The mint PSBT cannot be read.'] };
  }
  const { network } = request;
  const problems = review.problems;
  const paymentScript = scriptOfAddress(request.paymentAddress, network);
  let chargeScript: Uint8Array | undefined;
  try {
    chargeScript = scriptOfAddress(order.chargeAddress, network);
  } catch {
    problems.push(`The charge address ${order.chargeAddress} is not an address of this network.`);
  }

  const paid = reviewChargePayment(
    tx,
    { payment: paymentScript, charge: chargeScript },
    amount,
    network,
    problems,
  );
  review.charged = paid.charged;
  review.change = paid.change;

  for (const { index, address } of order.inputsToSign) {
    if (index < 0 || index >= tx.inputsLength || address !== request.paymentAddress) {
      problems.push(`The server asks ${address} to sign input ${index}, which is not your coin.`);
    }
  }
  const unsafe = inputsWithUnsafeSighash(
    tx,
    Array.from({ length: tx.inputsLength }, (_, i) => i),
  );
  if (unsafe.length > 0) problems.push(unsafeSighashText(unsafe, 'The mint'));

  review.networkFee = paid.networkFee;
  if (review.networkFee < 0n) problems.push('Its outputs pay more than its inputs hold.');
  review.feeRate = paid.feeRate;
  if (review.feeRate > maxAcceptedFeeRate(request.feeRate)) {
    problems.push(
      `The network fee rate of ${feeRateText(review.feeRate)} is above the ${feeRateText(request.feeRate)} you chose.`,
    );
  }
  review.total = review.charged + review.networkFee;
  review.txid = psbtTxid(order.psbt);
  return review;
}
