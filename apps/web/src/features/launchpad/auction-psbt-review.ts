import { makerFee, SELLER_SIGHASH, type BitcoinNetwork } from '@om/bitcoin';
import type { CreateAuctionPayload } from '@om/core';
import { reviewInscriptionDeposit } from '../trade/deposit-review.ts';
import { reviewListingPsbt } from '../trade/listing-review.ts';
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
 * SIGHASH_SINGLE|ANYONECANPAY by the payment key alone (listing-review.ts): it is the only
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
  const listing = reviewListingPsbt(payload.settlementPsbtBase64, {
    network,
    ownAddresses: [wallet.paymentAddress],
    items: [{ label: FLOOR, outpoint: `${deposit.txid}:0`, price: floor }],
    makerWitnessScript: maker.witnessScript,
  });
  problems.push(...listing.problems.map((problem) => problem.replace(/^The listing/, 'The floor')));
  const item = listing.items[0];
  if (item) {
    const least = floor - makerFee(floor, context.platformFeeBps) + postage;
    if (item.postage !== postage) {
      problems.push(
        `${FLOOR}: the PSBT values the deposited output at ${btcText(item.postage)}, not ${btcText(postage)}.`,
      );
    }
    if (item.payout < least) {
      problems.push(
        `${FLOOR}: a sale would pay you ${btcText(item.payout)}, less than the floor of ${btcText(floor)} after the platform fee.`,
      );
    }
  }
  problems.push(...settlementSigningProblems(payload, wallet.paymentAddress));
  const payout = item?.payout ?? 0n;
  return {
    makerAddress: maker.address,
    postage,
    networkFee: deposit.networkFee,
    feeRate: deposit.feeRate,
    floor,
    payout,
    payoutAddress: item?.payoutAddress,
    platformFee: floor + postage - payout,
    problems,
  };
}

/** Only input 0 is signed, by the payment address, SIGHASH_SINGLE|ANYONECANPAY. */
function settlementSigningProblems(payload: CreateAuctionPayload, paymentAddress: string) {
  const asked = payload.settlementInputsToSign;
  const problems: string[] = [];
  if (asked.map((input) => input.index).join(',') !== '0') {
    problems.push(
      `${FLOOR}: the server asks to sign inputs ${asked.map((i) => i.index).join(', ') || 'none'}, not the deposited output alone.`,
    );
  }
  for (const { index, address, sighash } of asked) {
    if (address !== paymentAddress) {
      problems.push(
        `${FLOOR}: the server asks ${address} to sign input ${index}, not your payment address.`,
      );
    }
    if (sighash !== SELLER_SIGHASH) {
      problems.push(`${FLOOR}: input ${index} is not to be signed SIGHASH_SINGLE|ANYONECANPAY.`);
    }
  }
  return problems;
}
