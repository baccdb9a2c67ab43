import type { Transaction } from '@scure/btc-signer';
import { equalBytes } from '../bytes.ts';
import type { BitcoinNetwork } from '../networks.ts';
import { addressOfScript, parsePsbt, scriptOfAddress } from './codec.ts';
import { describePurchase, type PurchaseSummary } from './describe-purchase.ts';
import { inputsWithUnsafeSighash } from './sighash-check.ts';
import type { Outpoint } from './utxo.ts';

const SIGHASH_ALL = 0x01;

export type BidCheckRequest = {
  network: BitcoinNetwork;
  /** The bidder's multisig wallet (already checked to be theirs) pays; the ordinals address wins. */
  bidder: { paymentAddress: string; ordinalAddress: string; multisigAddress: string };
  /** The auctioned inscription; `outpoint` undefined when the auction names no valid one. */
  item: { inscriptionId: string; outpoint: Outpoint | undefined; inscriptionOffset: bigint };
  amount: bigint;
  /** The highest fee rate, sat/vB, the bidder accepts. */
  maxFeeRate: number;
  /** The platform's fee address ('' when it takes no fee). */
  platformFeeAddress: string;
  /** An excess of the bid below this is too small to pay: the bidder keeps it. */
  dustSats: bigint;
  /** Which inputs the server asks the bidder to sign, by which address, with which sighash. */
  inputsToSign: readonly { index: number; address: string; sighash: number }[];
  /** The amounts the server quoted, which must be the PSBT's. */
  quote: { networkFee: bigint; total: bigint };
};

/** Why not to sign a bid: a code, and what the words about it need. */
export type BidProblem =
  | { code: 'no-outpoint' }
  | { code: 'item-not-in-psbt' }
  | { code: 'inscription-not-to-bidder'; address: string | undefined }
  | { code: 'unknown-input'; index?: number }
  | { code: 'unknown-output'; index?: number; address: string | undefined }
  | { code: 'fee-rate-too-high'; feeRate: number }
  /** The seller and the platform would get `paid`, not `amount` (less dust). */
  | { code: 'payment-mismatch'; paid: bigint; amount: bigint }
  | { code: 'signs-seller-input'; index: number }
  | { code: 'signs-foreign-input'; index: number }
  | { code: 'signer-not-payment'; index: number; address: string }
  | { code: 'sighash-not-all'; index: number }
  | { code: 'unsafe-sighash'; indices: number[] }
  | { code: 'quoted-fee-mismatch'; quoted: bigint; actual: bigint }
  | { code: 'quoted-total-mismatch'; quoted: bigint; actual: bigint };

export type BidCheck = {
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
  problems: BidProblem[];
};

/**
 * Reads a bid's settlement PSBT before the bidder signs it (ADR 012): describePurchase follows the
 * inscription to offset 0 of the bidder's ordinals address and sorts every input and output by
 * owner. On top: the bidder signs only their own multisig wallet's inputs, with ALL; the seller's
 * excess goes to the floor payout's own script and at most one fee output to the platform; the
 * seller and the platform together get the bid (less an excess too small to pay, which the bidder
 * keeps); and the amounts the server quoted are the PSBT's. Throws TradeError for a PSBT that
 * cannot be read.
 */
export function checkBidPsbt(psbtBase64: string, request: BidCheckRequest): BidCheck {
  const { bidder, amount, network, item } = request;
  if (!item.outpoint) return { ...NO_BID_FIGURES, problems: [{ code: 'no-outpoint' }] };
  const tx = parsePsbt(psbtBase64);
  const summary = describePurchase(tx.toPSBT(), {
    network,
    buyer: bidder,
    items: [{ ...item, ...item.outpoint, price: amount }],
    ...(request.platformFeeAddress ? { platformFeeAddress: request.platformFeeAddress } : {}),
    maxFeeRate: request.maxFeeRate,
  });
  const [bought] = summary.items;
  const sellerIndex = bought?.inputIndex;
  const sellerScript = sellerIndex === undefined ? undefined : tx.getOutput(sellerIndex).script;
  const problems: BidProblem[] = [];
  let excess = 0n;
  for (const problem of summary.problems) {
    const output = problem.index === undefined ? undefined : tx.getOutput(problem.index);
    const script = problem.code === 'unknown-output' ? output?.script : undefined;
    // The seller's excess goes to the floor payout's own script: theirs, not a stranger's.
    if (script && sellerScript && equalBytes(script, sellerScript)) {
      excess += output?.amount ?? 0n;
      continue;
    }
    problems.push(fromSummary(problem, summary, network, tx));
  }

  const sellerInput = sellerIndex === undefined ? undefined : tx.getInput(sellerIndex);
  const payout = bought?.sellerReceives?.value ?? 0n;
  const sellerGets = payout + excess - (sellerInput?.witnessUtxo?.amount ?? 0n);
  const { platformFee, networkFee, feeRate } = summary;
  const paid = sellerGets + platformFee;
  if (paid > amount || amount - paid >= request.dustSats) {
    problems.push({ code: 'payment-mismatch', paid, amount });
  }
  const postage = outputsTo(tx, scriptOfAddress(bidder.ordinalAddress, network));
  const total = summary.buyerSpends + postage;
  problems.push(...signingProblems(tx, sellerIndex, request));
  const { quote } = request;
  if (quote.networkFee !== networkFee) {
    problems.push({ code: 'quoted-fee-mismatch', quoted: quote.networkFee, actual: networkFee });
  }
  if (quote.total !== total) {
    problems.push({ code: 'quoted-total-mismatch', quoted: quote.total, actual: total });
  }
  const winnerAddress = bought?.destination?.address;
  return { winnerAddress, sellerGets, platformFee, networkFee, feeRate, postage, total, problems };
}

/** A bid's figures where the PSBT cannot be read, or names no output to read. */
export const NO_BID_FIGURES = {
  winnerAddress: undefined,
  sellerGets: 0n,
  platformFee: 0n,
  networkFee: 0n,
  feeRate: 0,
  postage: 0n,
  total: 0n,
};

function fromSummary(
  problem: PurchaseSummary['problems'][number],
  summary: PurchaseSummary,
  network: BitcoinNetwork,
  tx: Transaction,
): BidProblem {
  switch (problem.code) {
    case 'item-not-in-psbt':
      return { code: 'item-not-in-psbt' };
    case 'inscription-not-to-buyer':
      return {
        code: 'inscription-not-to-bidder',
        address: summary.items[0]?.destination?.address,
      };
    case 'unknown-input':
      return { ...problem, code: 'unknown-input' };
    case 'unknown-output': {
      const script = problem.index === undefined ? undefined : tx.getOutput(problem.index).script;
      return {
        ...problem,
        code: 'unknown-output',
        address: script && addressOfScript(script, network),
      };
    }
    case 'fee-rate-too-high':
      return { code: 'fee-rate-too-high', feeRate: summary.feeRate };
  }
}

function outputsTo(tx: Transaction, script: Uint8Array): bigint {
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
  tx: Transaction,
  sellerIndex: number | undefined,
  { bidder, network, inputsToSign }: BidCheckRequest,
): BidProblem[] {
  const problems: BidProblem[] = [];
  const multisigScript = scriptOfAddress(bidder.multisigAddress, network);
  for (const { index, address, sighash } of inputsToSign) {
    const script = index < tx.inputsLength ? tx.getInput(index).witnessUtxo?.script : undefined;
    if (index === sellerIndex) {
      problems.push({ code: 'signs-seller-input', index });
    } else if (!script || !equalBytes(script, multisigScript)) {
      problems.push({ code: 'signs-foreign-input', index });
    }
    if (address !== bidder.paymentAddress) {
      problems.push({ code: 'signer-not-payment', index, address });
    }
    if (sighash !== SIGHASH_ALL) problems.push({ code: 'sighash-not-all', index });
  }
  const own = Array.from({ length: tx.inputsLength }, (_, i) => i).filter((i) => i !== sellerIndex);
  const unsafe = inputsWithUnsafeSighash(tx, own);
  if (unsafe.length > 0) problems.push({ code: 'unsafe-sighash', indices: unsafe });
  return problems;
}
