import {
  addressOfScript,
  describePurchase,
  equalBytes,
  parsePsbt,
  scriptOfAddress,
  type BitcoinNetwork,
  type PurchaseSummary,
  inputsWithUnsafeSighash,
} from '@om/bitcoin';
import { DUST_SATS, type PlaceBidPayload } from '@om/core';
import { unsafeSighashText } from '../signing/unsafe-sighash-text.ts';
import { btcText, feeRateText, parseOutpoint, wireSats } from '../../lib/trade-format.ts';
import { maxAcceptedFeeRate } from '../signing/fee-rate-slack.ts';

const SIGHASH_ALL = 0x01;

export type BidReviewRequest = {
  network: BitcoinNetwork;
  /** The bidder's multisig wallet (already checked to be theirs) pays; the ordinals address wins. */
  bidder: { paymentAddress: string; ordinalAddress: string; multisigAddress: string };
  /** The auctioned inscription: the maker wallet output it waits in, and its offset there. */
  item: { inscriptionId: string; outpoint: string; inscriptionOffset: bigint };
  amount: bigint;
  feeRate: number;
  /** The platform's fee address from /api/config ('' when it takes no fee). */
  platformFeeAddress: string;
};

export type BidReview = {
  amount: bigint;
  /** Where the inscription goes if the bid wins. */
  winnerAddress: string | undefined;
  /** The seller's payout and excess, less the postage of their own output that comes back. */
  sellerGets: bigint;
  platformFee: bigint;
  networkFee: bigint;
  feeRate: number;
  /** The inscription output's postage, paid by the bidder into their ordinals address. */
  postage: bigint;
  /** What leaves the multisig wallet if the bid wins: bid + postage + network fee. */
  total: bigint;
  /** Why not to sign, in words; empty when the PSBT does what the bidder asked. */
  problems: string[];
};

/**
 * Reads a bid's settlement PSBT before the bidder signs it (ADR 012, core auctions.api.ts):
 * describePurchase follows the inscription to offset 0 of the bidder's ordinals address and sorts
 * every input and output by owner. On top: the bidder signs only their own multisig wallet's
 * inputs, with ALL; the seller's excess goes to the floor payout's own script and at most one fee
 * output to the platform; the seller and the platform together get the bid (less an excess too
 * small to pay, which the bidder keeps); and the amounts the server quoted are the PSBT's.
 */
export function reviewBid(placed: PlaceBidPayload, request: BidReviewRequest): BidReview {
  const { bidder, amount, network } = request;
  const outpoint = parseOutpoint(request.item.outpoint);
  const empty = {
    amount,
    winnerAddress: undefined,
    sellerGets: 0n,
    platformFee: 0n,
    networkFee: 0n,
    feeRate: 0,
    postage: 0n,
    total: 0n,
  };
  if (!outpoint) return { ...empty, problems: ['The auction names no output of the inscription.'] };
  let summary: PurchaseSummary;
  let tx: ReturnType<typeof parsePsbt>;
  try {
    tx = parsePsbt(placed.psbt);
    summary = describePurchase(tx.toPSBT(), {
      network,
      buyer: bidder,
      items: [{ ...outpoint, ...request.item, price: amount }],
      ...(request.platformFeeAddress ? { platformFeeAddress: request.platformFeeAddress } : {}),
      maxFeeRate: maxAcceptedFeeRate(request.feeRate),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ...empty, problems: [`The bid PSBT cannot be read: ${reason}`] };
  }
  const [item] = summary.items;
  const sellerIndex = item?.inputIndex;
  const problems: string[] = [];
  const sellerScript = sellerIndex === undefined ? undefined : tx.getOutput(sellerIndex).script;
  let excess = 0n;
  for (const problem of summary.problems) {
    const output = problem.index === undefined ? undefined : tx.getOutput(problem.index);
    if (
      problem.code === 'unknown-output' &&
      sellerScript &&
      output?.script &&
      equalBytes(output.script, sellerScript)
    ) {
      excess += output.amount ?? 0n;
      continue;
    }
    problems.push(problemText(problem, summary, request, tx));
  }

  const sellerInput = sellerIndex === undefined ? undefined : tx.getInput(sellerIndex);
  const payout = item?.sellerReceives?.value ?? 0n;
  const sellerGets = payout + excess - (sellerInput?.witnessUtxo?.amount ?? 0n);
  const platformFee = summary.platformFee;
  const paid = sellerGets + platformFee;
  if (paid > amount || amount - paid >= DUST_SATS) {
    problems.push(
      `The seller and the platform would get ${btcText(paid)}, not your bid of ${btcText(amount)}.`,
    );
  }
  const ordinalScript = scriptOfAddress(bidder.ordinalAddress, network);
  const postage = outputsTo(tx, ordinalScript);
  const total = summary.buyerSpends + postage;
  problems.push(...signingProblems(placed, tx, sellerIndex, request));
  problems.push(...quoteProblems(placed, { total, networkFee: summary.networkFee }));
  return {
    amount,
    winnerAddress: item?.destination?.address,
    sellerGets,
    platformFee,
    networkFee: summary.networkFee,
    feeRate: summary.feeRate,
    postage,
    total,
    problems,
  };
}

function outputsTo(tx: ReturnType<typeof parsePsbt>, script: Uint8Array): bigint {
  let sum = 0n;
  for (let i = 0; i < tx.outputsLength; i++) {
    const output = tx.getOutput(i);
    if (output.script && equalBytes(output.script, script)) sum += output.amount ?? 0n;
  }
  return sum;
}

/**
 * The bidder signs their multisig wallet's inputs and nothing else: not the seller's, each with
 * ALL (so no one can change what the signature pays), by the payment key that is U of the wallet.
 */
function signingProblems(
  placed: PlaceBidPayload,
  tx: ReturnType<typeof parsePsbt>,
  sellerIndex: number | undefined,
  { bidder, network }: BidReviewRequest,
): string[] {
  const problems: string[] = [];
  const multisigScript = scriptOfAddress(bidder.multisigAddress, network);
  for (const { index, address, sighash } of placed.inputsToSign) {
    const script = index < tx.inputsLength ? tx.getInput(index).witnessUtxo?.script : undefined;
    if (index === sellerIndex) {
      problems.push(`The server asks you to sign input ${index}, the seller's.`);
    } else if (!script || !equalBytes(script, multisigScript)) {
      problems.push(
        `The server asks you to sign input ${index}, not a coin of your multisig wallet.`,
      );
    }
    if (address !== bidder.paymentAddress) {
      problems.push(`The server asks ${address} to sign input ${index}, not your payment address.`);
    }
    if (sighash !== SIGHASH_ALL) problems.push(`Input ${index} is not to be signed SIGHASH_ALL.`);
  }
  const own = Array.from({ length: tx.inputsLength }, (_, i) => i).filter((i) => i !== sellerIndex);
  const unsafe = inputsWithUnsafeSighash(tx, own);
  if (unsafe.length > 0) problems.push(unsafeSighashText(unsafe, 'The bid'));
  return problems;
}

/** The server's quote must describe this very transaction. */
function quoteProblems(
  placed: PlaceBidPayload,
  read: { total: bigint; networkFee: bigint },
): string[] {
  const problems: string[] = [];
  if (wireSats(placed.networkFee) !== read.networkFee) {
    problems.push(
      `The server quotes a network fee of ${btcText(wireSats(placed.networkFee))}, but the transaction pays ${btcText(read.networkFee)}.`,
    );
  }
  if (wireSats(placed.total) !== read.total) {
    problems.push(
      `The server quotes a total of ${btcText(wireSats(placed.total))}, but the transaction takes ${btcText(read.total)}.`,
    );
  }
  return problems;
}

function problemText(
  problem: PurchaseSummary['problems'][number],
  summary: PurchaseSummary,
  request: BidReviewRequest,
  tx: ReturnType<typeof parsePsbt>,
): string {
  switch (problem.code) {
    case 'item-not-in-psbt':
      return 'The PSBT does not spend the auctioned inscription.';
    case 'inscription-not-to-buyer': {
      const to = summary.items[0]?.destination?.address;
      return `The inscription would go to ${to ?? 'the miners'}, not to your ordinals address ${request.bidder.ordinalAddress}.`;
    }
    case 'unknown-input':
      return `Input ${problem.index} is not from your multisig wallet.`;
    case 'unknown-output': {
      const script = problem.index === undefined ? undefined : tx.getOutput(problem.index).script;
      const to = script && addressOfScript(script, request.network);
      return `Output ${problem.index} pays ${to ?? 'a script'}, neither you, the seller nor the platform.`;
    }
    case 'fee-rate-too-high':
      return `The network fee rate of ${feeRateText(summary.feeRate)} is above the ${feeRateText(request.feeRate)} you chose.`;
  }
}
