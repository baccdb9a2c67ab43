import type { Transaction } from '@scure/btc-signer';
import { bytesToHex, equalBytes } from '../bytes.ts';
import { readPsbtAmounts } from '../inscriptions/psbt-amounts.ts';
import type { BitcoinNetwork } from '../networks.ts';
import { addressOfScript, parsePsbt, scriptOfAddress } from '../psbt/codec.ts';
import { inputsWithUnsafeSighash } from '../psbt/sighash-check.ts';
import { builtTxid } from '../psbt/txid.ts';

/** What the user was quoted: the swap's direction, the addresses it moves between, its bounds. */
export type SwapCheckRequest = {
  direction: 'buy' | 'sell' | 'route';
  network: BitcoinNetwork;
  paymentAddress: string;
  ordinalsAddress: string;
  /** The pool's address: a sale's inscription goes there, a purchase's comes from there. */
  poolAddress: string;
  /** Sale and route: 'txid:vout' of the transfer inscription chosen. */
  inscriptionOutpoint?: string;
  /** Route: the second pool's address, whose transfer inscription comes to the user. */
  receivePoolAddress?: string;
  /** The inputs the answer asks the wallet to sign, in its order. */
  inputsToSign: readonly number[];
  /** Sale: the least the payment address may receive, sats. */
  minReceive: bigint;
  /** Purchase: the most the swap may cost the wallet (amount, network and platform fees), sats. */
  maxCost: bigint;
  /** Purchase: the highest fee rate, sat/vB, the user accepts. */
  maxFeeRate: number;
};

/** Why not to sign a swap: a code, and what the words about it need. */
export type SwapProblem =
  | { code: 'unreadable' }
  | { code: 'input-without-prevout'; index: number }
  /** Route: input 1 is not the second pool's coin. */
  | { code: 'not-second-pool-inscription' }
  /** Sale and route: input 0 is not a coin of the ordinals address, or not the one chosen. */
  | { code: 'inscription-not-yours' }
  | { code: 'not-chosen-inscription' }
  /** Sale and route: a coin of the wallet's spent beside the inscription. */
  | { code: 'spends-wallet-coin'; index: number }
  /** Purchase: input 0 is not the pool's coin. */
  | { code: 'not-pool-inscription' }
  /** An input the wallet is asked to sign that is not the user's to pay with. */
  | { code: 'sign-not-yours'; index: number }
  | { code: 'sign-missing-input'; index: number }
  /** Output 0 is not the pool's (sale, route) or the ordinals address's (purchase). */
  | { code: 'inscription-misdirected'; address: string | undefined }
  /** Route: output 1, the tokens bought, is not the ordinals address's. */
  | { code: 'tokens-misdirected'; address: string | undefined }
  | { code: 'overspends' }
  | { code: 'unsafe-sighash'; indices: number[] }
  /** Route: the wallet pays anything beside the inscription. */
  | { code: 'route-spends-wallet'; pays: bigint }
  | { code: 'below-min-receive'; receives: bigint; min: bigint }
  | { code: 'fee-rate-too-high'; feeRate: number }
  | { code: 'costs-above-quote'; pays: bigint; most: bigint };

export type SwapCheck = {
  /** What leaves the wallet: the user's coins spent less every output to their addresses. */
  pays: bigint;
  /** Sats to the payment address (a sale's BTC, a purchase's change). */
  receives: bigint;
  /** The whole transaction's fee, from its amounts. */
  networkFee: bigint;
  feeRate: number;
  txid: string;
  problems: SwapProblem[];
};

type Scripts = {
  payment: Uint8Array;
  ordinals: Uint8Array;
  pool: Uint8Array;
  isUser: (script: Uint8Array) => boolean;
};

/**
 * Reads the swap's PSBT before the wallet signs it (ADR 017's one transaction: input 0 the
 * transfer inscription to output 0, output 1 the BTC, output 2 the platform fee, the funder's
 * coins and change after). Amounts come from the PSBT: a sale pays the payment address at least
 * the minimum and spends nothing of the user but the inscription; a route spends only the
 * inscription and brings the tokens bought to the ordinals address; a purchase sends output 0 to
 * the ordinals address and costs no more than quoted, at about the fee rate chosen.
 */
export function checkSwapPsbt(psbtBase64: string, request: SwapCheckRequest): SwapCheck {
  let tx: Transaction;
  try {
    tx = parsePsbt(psbtBase64);
  } catch {
    const none = { pays: 0n, receives: 0n, networkFee: 0n, feeRate: 0, txid: '' };
    return { ...none, problems: [{ code: 'unreadable' }] };
  }
  const { network } = request;
  const payment = scriptOfAddress(request.paymentAddress, network);
  const ordinals = scriptOfAddress(request.ordinalsAddress, network);
  const pool = scriptOfAddress(request.poolAddress, network);
  const isUser = (script: Uint8Array) =>
    equalBytes(script, payment) || equalBytes(script, ordinals);
  const scripts = { payment, ordinals, pool, isUser };
  const read = readPsbtAmounts(tx);

  const toSign = [...new Set(request.inputsToSign)];
  const problems = read.prevouts.flatMap((prevout, index): SwapProblem[] => {
    if (!prevout) return [{ code: 'input-without-prevout', index }];
    const input = tx.getInput(index);
    const outpoint = `${bytesToHex(input.txid ?? new Uint8Array())}:${input.index ?? 0}`;
    return inputProblems(index, prevout.script, outpoint, toSign.includes(index), request, scripts);
  });
  const signed = toSign.filter((index) => index >= 0 && index < tx.inputsLength);
  for (const index of toSign) {
    if (!signed.includes(index)) problems.push({ code: 'sign-missing-input', index });
  }

  let pays = read.prevouts.reduce(
    (total, prevout) => total + (prevout && isUser(prevout.script) ? prevout.amount : 0n),
    0n,
  );
  let receives = 0n;
  read.outputs.forEach(({ script, amount }, index) => {
    problems.push(...outputProblems(index, script, request, scripts));
    // What reaches the user's addresses is theirs again, the purchase's inscription output too
    // (the user pays its postage back to the pool with the inscribing).
    if (isUser(script)) {
      pays -= amount;
      if (index > 0 && equalBytes(script, payment)) receives += amount;
    }
  });
  const { networkFee, feeRate } = read;
  if (networkFee < 0n) problems.push({ code: 'overspends' });
  const unsafe = inputsWithUnsafeSighash(tx, signed);
  if (unsafe.length > 0) problems.push({ code: 'unsafe-sighash', indices: unsafe });
  problems.push(...boundProblems({ pays, receives, feeRate }, request));
  return { pays, receives, networkFee, feeRate, txid: txidOf(tx), problems };
}

/**
 * Input 0 is the transfer inscription: the user's chosen one on a sale, the pool's on a purchase.
 * The user signs only that inscription on a sale, only payment coins (inputs 1..) on a purchase.
 */
function inputProblems(
  index: number,
  script: Uint8Array,
  outpoint: string,
  signs: boolean,
  request: SwapCheckRequest,
  { payment, ordinals, pool, isUser }: Scripts,
): SwapProblem[] {
  const problems: SwapProblem[] = [];
  const isInscription = index === 0;
  const sends = request.direction !== 'buy';
  if (request.direction === 'route' && index === 1 && request.receivePoolAddress) {
    const receivePool = scriptOfAddress(request.receivePoolAddress, request.network);
    if (!equalBytes(script, receivePool)) problems.push({ code: 'not-second-pool-inscription' });
  }
  if (sends) {
    if (isInscription && !equalBytes(script, ordinals)) {
      problems.push({ code: 'inscription-not-yours' });
    }
    if (isInscription && outpoint !== request.inscriptionOutpoint) {
      problems.push({ code: 'not-chosen-inscription' });
    }
    if (!isInscription && isUser(script)) problems.push({ code: 'spends-wallet-coin', index });
  } else if (isInscription && !equalBytes(script, pool)) {
    problems.push({ code: 'not-pool-inscription' });
  }
  const mayPay = sends ? isInscription : !isInscription && equalBytes(script, payment);
  if (signs && !mayPay) problems.push({ code: 'sign-not-yours', index });
  return problems;
}

/** Output 0 carries the inscription; a route's output 1 the tokens bought, to the ordinals address. */
function outputProblems(
  index: number,
  script: Uint8Array,
  request: SwapCheckRequest,
  { ordinals, pool }: Scripts,
): SwapProblem[] {
  const address = () => addressOfScript(script, request.network);
  const sends = request.direction !== 'buy';
  if (index === 0 && !equalBytes(script, sends ? pool : ordinals)) {
    return [{ code: 'inscription-misdirected', address: address() }];
  }
  if (request.direction === 'route' && index === 1 && !equalBytes(script, ordinals)) {
    return [{ code: 'tokens-misdirected', address: address() }];
  }
  return [];
}

/** What the direction bounds: a route spends nothing, a sale pays at least, a purchase costs at most. */
function boundProblems(
  { pays, receives, feeRate }: { pays: bigint; receives: bigint; feeRate: number },
  request: SwapCheckRequest,
): SwapProblem[] {
  switch (request.direction) {
    case 'route':
      return pays > 0n ? [{ code: 'route-spends-wallet', pays }] : [];
    case 'sell':
      return receives < request.minReceive
        ? [{ code: 'below-min-receive', receives, min: request.minReceive }]
        : [];
    case 'buy': {
      const problems: SwapProblem[] = [];
      if (feeRate > request.maxFeeRate) problems.push({ code: 'fee-rate-too-high', feeRate });
      if (pays > request.maxCost) {
        problems.push({ code: 'costs-above-quote', pays, most: request.maxCost });
      }
      return problems;
    }
  }
}

function txidOf(tx: Transaction): string {
  try {
    return builtTxid(tx);
  } catch {
    // A PSBT whose transaction cannot be serialized has no txid to show; its problems say why.
    return '';
  }
}
