import {
  checkAuctionSettlementPsbt,
  type AuctionSettlementProblem,
  type BitcoinNetwork,
} from '@om/bitcoin';
import type { CreateAuctionPayload } from '@om/core';
import { reviewInscriptionDeposit } from '../trade/deposit-review.ts';
import { listingProblemText } from '../trade/listing-review.ts';
import { btcText } from '../../lib/trade-format.ts';

/** What the seller asked for, known before the server's PSBTs are read. */
export type AuctionPsbtContext = {
  network: BitcoinNetwork;
  wallet: { paymentAddress: string; paymentPublicKey: string; ordinalsAddress: string };
  /** The seller's maker wallet as get-maker-wallet named it, already checked to be theirs. */
  maker: { address: string; witnessScript: string };
  /** The inscription's output, 'txid:vout'. */
  utxo: string;
  /** max(start price, reserve) in sats: what the seller's signed payout must pay at least. */
  floor: bigint;
  /** The most the seller accepts to pay for the deposit, in sat/vB. */
  feeRate: number;
  /** The platform's fee in basis points: the most the floor payout may fall short of it. */
  platformFeeBps: number;
};

export type AuctionPsbtReview = {
  makerAddress: string;
  /** The inscription output's value, which moves whole into the maker wallet. */
  postage: bigint;
  networkFee: bigint;
  feeRate: number;
  floor: bigint;
  /** The floor payout output: floor − platform fee + postage, to the payment address. */
  payout: bigint;
  payoutAddress: string | undefined;
  platformFee: bigint;
  /** Why not to sign, in words; empty when both PSBTs do what the seller asked. */
  problems: string[];
};

const INSCRIPTION = 'The inscription';
const FLOOR = 'The floor';

/**
 * Reads both PSBTs of a new auction before the wallet signs them (ADR 012), like a launch's
 * batches (launch-psbt-review.ts). The deposit must move the inscription's output whole into the
 * seller's own maker wallet, paying only the fee and change (deposit-review.ts). The settlement
 * PSBT must spend that very output (the deposit's output 0) and pay the seller's payment address,
 * at the floor less at most the platform's fee plus the postage, signed
 * SIGHASH_SINGLE|ANYONECANPAY by the payment key alone (checkAuctionSettlementPsbt): it is the only
 * signature the seller gives, and it is what every bid completes.
 */
export function reviewAuctionPsbts(
  payload: CreateAuctionPayload,
  context: AuctionPsbtContext,
): AuctionPsbtReview {
  const { network, wallet, maker, floor } = context;
  const deposit = reviewInscriptionDeposit(payload.psbtBase64, {
    network,
    wallet,
    maker,
    items: [{ label: INSCRIPTION, outpoint: context.utxo }],
    inputsToSign: [
      ...payload.makerOrdinalInputIndices.map((index) => ({
        index,
        address: wallet.ordinalsAddress,
      })),
      ...payload.makerPaymentInputIndices.map((index) => ({
        index,
        address: wallet.paymentAddress,
      })),
    ],
    feeRate: context.feeRate,
    txid: payload.depositTxid,
  });
  const problems = [...deposit.problems];
  if (payload.makerOrdinalInputIndices.join(',') !== '0') {
    problems.push(
      `The server asks your ordinals address to sign inputs ${payload.makerOrdinalInputIndices.join(', ') || 'none'}, not the inscription's input 0.`,
    );
  }
  const postage = deposit.items[0]?.value ?? 0n;
  const settlement = checkAuctionSettlementPsbt(payload.settlementPsbtBase64, {
    network,
    paymentAddress: wallet.paymentAddress,
    makerWitnessScript: maker.witnessScript,
    depositTxid: deposit.txid,
    postage,
    floor,
    platformFeeBps: context.platformFeeBps,
    inputsToSign: payload.settlementInputsToSign,
  });
  problems.push(...settlement.problems.map(settlementText));
  const { payout } = settlement;
  return {
    makerAddress: maker.address,
    postage,
    networkFee: deposit.networkFee,
    feeRate: deposit.feeRate,
    floor,
    payout,
    payoutAddress: settlement.payoutAddress,
    platformFee: floor + postage - payout,
    problems,
  };
}

function settlementText(problem: AuctionSettlementProblem): string {
  switch (problem.code) {
    case 'unreadable':
      return 'The floor PSBT cannot be read.';
    case 'postage-mismatch':
      return `${FLOOR}: the PSBT values the deposited output at ${btcText(problem.valued)}, not ${btcText(problem.postage)}.`;
    case 'payout-below-floor':
      return `${FLOOR}: a sale would pay you ${btcText(problem.payout)}, less than the floor of ${btcText(problem.floor)} after the platform fee.`;
    case 'inputs-not-expected':
      return `${FLOOR}: the server asks to sign inputs ${problem.asked.join(', ') || 'none'}, not the deposited output alone.`;
    case 'signer-not-payment':
      return `${FLOOR}: the server asks ${problem.address} to sign input ${problem.index}, not your payment address.`;
    case 'sighash-not-seller':
      return `${FLOOR}: input ${problem.index} is not to be signed SIGHASH_SINGLE|ANYONECANPAY.`;
    default:
      return listingProblemText(problem, () => FLOOR).replace(/^The listing/, 'The floor');
  }
}
