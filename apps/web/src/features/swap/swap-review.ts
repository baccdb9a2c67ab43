import {
  addressOfScript,
  bytesToHex,
  equalBytes,
  estimateVsize,
  inputTypeOf,
  parsePsbt,
  psbtTxid,
  scriptOfAddress,
  spendTypeOfScript,
  type BitcoinNetwork,
  inputsWithUnsafeSighash,
} from '@om/bitcoin';
import { parseBtcToSats, type SwapPsbt } from '@om/core';
import { maxAcceptedFeeRate } from '../signing/fee-rate-slack.ts';
import { unsafeSighashText } from '../signing/unsafe-sighash-text.ts';
import { btcText, feeRateText } from '../../lib/trade-format.ts';
import type { Direction } from './swap-form.ts';

export type SwapReview = {
  /** What leaves the wallet: the user's coins spent less every output to their addresses. */
  pays: bigint;
  /** Sats to the payment address (a sale's BTC, a purchase's change). */
  receives: bigint;
  /** The whole transaction's fee, from its amounts. */
  networkFee: bigint;
  feeRate: number;
  txid: string;
  /** Why not to sign, in words; empty when the PSBT is the swap quoted. */
  problems: string[];
};

export type SwapReviewRequest = {
  direction: Direction;
  network: BitcoinNetwork;
  paymentAddress: string;
  ordinalsAddress: string;
  /** The pool's address (GET /brc20swap/pools): a sale's inscription goes there, a purchase's comes from there. */
  poolAddress: string;
  feeRate: number;
  /** Sale and route: 'txid:vout' of the transfer inscription chosen. */
  inscriptionOutpoint?: string;
  /** Route: the second pool's address, whose transfer inscription comes to the user. */
  receivePoolAddress?: string;
  /** Sale: the least BTC the page showed, in sats. */
  minReceive: bigint;
  /** Purchase: the most the page showed to send, its platform fee and its network fee, in sats. */
  maxSend: bigint;
  platformFee: bigint;
  networkFee: bigint;
};

/**
 * Reads the swap's PSBT before the wallet signs it (ADR 017's one transaction: input 0 the
 * transfer inscription to output 0, output 1 the BTC, output 2 the platform fee, the funder's
 * coins and change after). Amounts come from the PSBT, never from the answer's words: a sale pays
 * the payment address at least the minimum received and spends nothing of the user but the
 * inscription; a purchase sends output 0 to the ordinals address and costs the user no more than
 * send amount + network fee + platform fee, at about the fee rate chosen.
 */
export function reviewSwapPsbt(answer: SwapPsbt, request: SwapReviewRequest): SwapReview {
  const review: SwapReview = {
    pays: 0n,
    receives: 0n,
    networkFee: 0n,
    feeRate: 0,
    txid: '',
    problems: [],
  };
  const problems = review.problems;
  let tx: ReturnType<typeof parsePsbt>;
  try {
    tx = parsePsbt(answer.psbt);
  } catch {
    return { ...review, problems: ['The swap PSBT cannot be read.'] };
  }
  const { network, direction } = request;
  const payment = scriptOfAddress(request.paymentAddress, network);
  const ordinals = scriptOfAddress(request.ordinalsAddress, network);
  const pool = scriptOfAddress(request.poolAddress, network);
  const isUser = (script: Uint8Array) =>
    equalBytes(script, payment) || equalBytes(script, ordinals);
  const scriptsOf = { request, payment, ordinals, pool, isUser };

  const toSign = new Set(answer.inputs_to_sign.map((input) => input.index));
  let spent = 0n;
  const inputTypes = Array.from({ length: tx.inputsLength }, (_, i) => {
    const input = tx.getInput(i);
    const prevout = input.witnessUtxo;
    if (!prevout) {
      problems.push(`Input ${i} does not say what it spends.`);
      return inputTypeOf('p2wpkh');
    }
    spent += prevout.amount;
    if (isUser(prevout.script)) review.pays += prevout.amount;
    const outpoint = `${bytesToHex(input.txid ?? new Uint8Array())}:${input.index ?? 0}`;
    problems.push(...inputProblems(i, prevout.script, outpoint, toSign.has(i), scriptsOf));
    return inputTypeOf(spendTypeOfScript(prevout.script) ?? 'p2wpkh');
  });
  for (const index of toSign) {
    if (index < 0 || index >= tx.inputsLength) {
      problems.push(`The swap asks to sign input ${index}, which the PSBT does not have.`);
      toSign.delete(index);
    }
  }

  let kept = 0n;
  const scripts = Array.from({ length: tx.outputsLength }, (_, i) => {
    const { script = new Uint8Array(), amount = 0n } = tx.getOutput(i);
    kept += amount;
    const sends = direction !== 'buy';
    if (i === 0 && !equalBytes(script, sends ? pool : ordinals)) {
      const where = addressOfScript(script, network) ?? 'a script';
      const whose = sends ? 'the pool' : 'your ordinals address';
      problems.push(`Output 0 sends the inscription to ${where}, not ${whose}.`);
    }
    // A route's second inscription, the tokens bought, comes to the ordinals address.
    if (direction === 'route' && i === 1 && !equalBytes(script, ordinals)) {
      const where = addressOfScript(script, network) ?? 'a script';
      problems.push(`Output 1 sends the tokens bought to ${where}, not your ordinals address.`);
    }
    // What reaches the user's addresses is theirs again, the purchase's inscription output too
    // (the user pays its postage back to the pool with the inscribing).
    if (isUser(script)) {
      review.pays -= amount;
      if (i > 0 && equalBytes(script, payment)) review.receives += amount;
    }
    return script;
  });
  review.networkFee = spent - kept;
  if (review.networkFee < 0n) problems.push('Its outputs pay more than its inputs hold.');
  review.feeRate =
    tx.outputsLength > 0 ? Number(review.networkFee) / estimateVsize(inputTypes, scripts) : 0;
  const unsafe = inputsWithUnsafeSighash(tx, toSign);
  if (unsafe.length > 0) problems.push(unsafeSighashText(unsafe, 'The swap'));

  if (direction === 'route') {
    // The inscription in, another out: nothing else of the wallet's may be spent.
    if (review.pays > 0n) {
      problems.push(
        `It spends ${btcText(review.pays)} of your wallet: a token-to-token swap spends only the inscription.`,
      );
    }
  } else if (direction === 'sell') {
    const min = maxOf(request.minReceive, parseBtcToSats(answer.min_receive) ?? request.minReceive);
    if (review.receives < min) {
      problems.push(
        `It pays you ${btcText(review.receives)}, less than the minimum received of ${btcText(min)}.`,
      );
    }
  } else {
    if (review.feeRate > maxAcceptedFeeRate(request.feeRate)) {
      problems.push(
        `The network fee rate of ${feeRateText(review.feeRate)} is above the ${feeRateText(request.feeRate)} you chose.`,
      );
    }
    const most = request.maxSend + request.networkFee + request.platformFee;
    if (review.pays > most) {
      problems.push(
        `It costs you ${btcText(review.pays)}, more than the ${btcText(most)} quoted with its fees.`,
      );
    }
  }
  try {
    review.txid = psbtTxid(answer.psbt);
  } catch {
    review.txid = '';
  }
  return review;
}

const maxOf = (a: bigint, b: bigint) => (a > b ? a : b);

type Scripts = {
  request: SwapReviewRequest;
  payment: Uint8Array;
  ordinals: Uint8Array;
  pool: Uint8Array;
  isUser: (script: Uint8Array) => boolean;
};

/**
 * Input 0 is the transfer inscription: the user's chosen one on a sale, the pool's on a purchase.
 * The user signs only that inscription on a sale, only payment coins (inputs 1..) on a purchase.
 */
function inputProblems(
  i: number,
  script: Uint8Array,
  outpoint: string,
  signs: boolean,
  { request, payment, ordinals, pool, isUser }: Scripts,
): string[] {
  const problems: string[] = [];
  const isInscription = i === 0;
  if (request.direction === 'route' && i === 1 && request.receivePoolAddress) {
    const receivePool = scriptOfAddress(request.receivePoolAddress, request.network);
    if (!equalBytes(script, receivePool)) {
      problems.push("Input 1 is not the second pool's transfer inscription.");
    }
  }
  if (request.direction !== 'buy') {
    if (isInscription && !equalBytes(script, ordinals)) {
      problems.push('Input 0 is not a coin of your ordinals address.');
    }
    if (isInscription && outpoint !== request.inscriptionOutpoint) {
      problems.push('Input 0 is not the transfer inscription you chose.');
    }
    if (!isInscription && isUser(script)) {
      const swap = request.direction === 'route' ? 'a token-to-token swap' : 'a sale';
      problems.push(`Input ${i} is a coin of your wallet: ${swap} spends only the inscription.`);
    }
  } else if (isInscription && !equalBytes(script, pool)) {
    problems.push("Input 0 is not the pool's transfer inscription.");
  }
  const mayPay =
    request.direction !== 'buy' ? isInscription : !isInscription && equalBytes(script, payment);
  if (signs && !mayPay) {
    problems.push(`The swap asks you to sign input ${i}, which is not yours to pay with.`);
  }
  return problems;
}
