import type { BitcoinNetwork } from '@om/bitcoin';
import { EDITION_POSTAGE, type EditionMintPayload, type EditionQuote } from '@om/core';
import { reviewChargePayment } from '../trade/charge-payment.ts';
import { btcText } from '../../lib/trade-format.ts';

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
 * Amounts are read from the PSBT (checkChargePaymentPsbt), not from the quote.
 */
export function reviewEditionMint(
  order: EditionMintPayload,
  request: EditionMintRequest,
): EditionMintReview {
  const orNone = (value: string) => sats(value) ?? 0n;
  const { network, paymentAddress, feeRate } = request;
  const paid = reviewChargePayment(
    order.psbt,
    {
      network,
      paymentAddress,
      feeRate,
      chargeAddress: order.chargeAddress,
      amount: orNone(order.amount),
      inputsToSign: order.inputsToSign,
    },
    {
      subject: 'The mint',
      signText: (index, address) =>
        `The server asks ${address} to sign input ${index}, which is not your coin.`,
    },
  );
  return {
    ...paid,
    mintCount: order.quote.mintCount,
    price: orNone(order.quote.price),
    platformFee: orNone(order.quote.platformFee),
    inscriptionFee: orNone(order.quote.networkFee),
    postage: orNone(order.quote.postage),
    chargeAddress: order.chargeAddress,
    total: paid.charged + paid.networkFee,
    problems: [...quoteProblems(order, request), ...paid.problems],
  };
}
