import {
  checkLaunchDepositPsbt,
  checkLaunchListingPsbt,
  type BitcoinNetwork,
  type LaunchListingProblem,
} from '@om/bitcoin';
import type { LaunchPsbtPayload, PsbtBatch } from '@om/core';
import { depositProblemText, makerWalletScript } from '../trade/deposit-review.ts';
import { listingProblemText } from '../trade/listing-review.ts';
import { btcText } from '../../lib/trade-format.ts';
import { maxAcceptedFeeRate } from '../signing/fee-rate-slack.ts';

/** What the creator's batch must do, known before the server's PSBT is read. */
export type LaunchPsbtContext = {
  network: BitcoinNetwork;
  wallet: { paymentAddress: string; paymentPublicKey: string; ordinalsAddress: string };
  /** The creator's maker wallet as get-maker-wallet named it, already checked to be theirs. */
  maker: { address: string; witnessScript: string };
  batch: Pick<PsbtBatch, 'id' | 'kind' | 'inscription_count'>;
  /** The phase price in sats, which every listing input sells at. */
  price: bigint;
  /** The most the creator accepts to pay for a deposit, in sat/vB. */
  feeRate: number;
  /** The platform's fee in basis points: the most a listing's payout may fall short of its price. */
  platformFeeBps: number;
};

/**
 * Reads a launch batch before the wallet signs it (ADR 010) and says, in words, why not to sign.
 * A deposit must move its inscriptions whole into the creator's own maker wallet, paying only the
 * fee and change (checkLaunchDepositPsbt). A listing must sell each maker wallet input at the phase
 * price, output i paying the creator's payment address, every input signed by the payment key
 * SIGHASH_SINGLE|ANYONECANPAY and nothing else (checkLaunchListingPsbt). The web cannot tell which
 * outputs hold the launch's inscriptions; it checks whose they are and where they go.
 */
export function reviewLaunchPsbt(payload: LaunchPsbtPayload, context: LaunchPsbtContext): string[] {
  const { batch } = context;
  const problems: string[] = [];
  if (payload.id !== batch.id) problems.push(`The server sent PSBT ${payload.id} for ${batch.id}.`);
  if (payload.kind !== batch.kind) {
    problems.push(`The server sent a ${payload.kind} PSBT for a ${batch.kind} batch.`);
  }
  try {
    const checks =
      payload.kind === 'deposit'
        ? depositProblems(payload, context)
        : listingProblems(payload, context);
    return [...problems, ...checks];
  } catch {
    return [...problems, 'The PSBT cannot be read.'];
  }
}

const labelOf = (index: number) => `Input ${index}`;

function depositProblems(payload: LaunchPsbtPayload, context: LaunchPsbtContext): string[] {
  const { network, wallet, feeRate } = context;
  const problems = checkLaunchDepositPsbt(payload.psbt, {
    network,
    paymentAddress: wallet.paymentAddress,
    ordinalsAddress: wallet.ordinalsAddress,
    makerScript: makerWalletScript(context),
    inscriptionCount: context.batch.inscription_count,
    inputsToSign: payload.inputsToSign,
    maxFeeRate: maxAcceptedFeeRate(feeRate),
  });
  return problems.map((problem) =>
    problem.code === 'deposit-sighash-not-all'
      ? `The deposit asks to sign input ${problem.index} with a sighash other than ALL.`
      : depositProblemText(problem, feeRate, labelOf),
  );
}

function listingProblems(payload: LaunchPsbtPayload, context: LaunchPsbtContext): string[] {
  const count = context.batch.inscription_count;
  const problems = checkLaunchListingPsbt(payload.psbt, {
    network: context.network,
    paymentAddress: context.wallet.paymentAddress,
    makerWitnessScript: context.maker.witnessScript,
    inscriptionCount: count,
    price: context.price,
    platformFeeBps: context.platformFeeBps,
    inputsToSign: payload.inputsToSign,
  });
  return problems.map((problem) => listingText(problem, count));
}

function listingText(problem: LaunchListingProblem, count: number): string {
  switch (problem.code) {
    case 'payout-below-price':
      return `${labelOf(problem.item)}: the sale would pay you ${btcText(problem.payout)}, less than the phase price of ${btcText(problem.price)} after the platform fee.`;
    case 'inputs-not-expected': {
      const asked = [...problem.asked].sort((a, b) => a - b);
      return `The server asks to sign inputs ${asked.join(', ') || 'none'}, not the ${count} inscriptions of this batch.`;
    }
    case 'signer-not-payment':
      return `The server asks ${problem.address} to sign input ${problem.index}, not your payment address.`;
    case 'sighash-not-seller':
      return `Input ${problem.index} is not to be signed SIGHASH_SINGLE|ANYONECANPAY.`;
    default:
      return listingProblemText(problem, labelOf);
  }
}
