import {
  bytesToHex,
  makerFee,
  parsePsbt,
  psbtTxid,
  SELLER_SIGHASH,
  type BitcoinNetwork,
} from '@om/bitcoin';
import type { LaunchPsbtPayload, PsbtBatch } from '@om/core';
import { reviewInscriptionDeposit } from '../trade/deposit-review.ts';
import { reviewListingPsbt } from '../trade/listing-review.ts';
import { btcText } from '../../lib/trade-format.ts';

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

/** ALL and DEFAULT: a deposit commits to its whole transaction. */
const DEPOSIT_SIGHASHES: readonly number[] = [0x00, 0x01];

/**
 * Reads a launch batch before the wallet signs it (ADR 010) and says, in words, why not to sign.
 * A deposit must move its inscriptions whole into the creator's own maker wallet, paying only the
 * fee and change (deposit-review.ts). A listing must sell each maker wallet input at the phase
 * price, output i paying the creator's payment address, every input signed by the payment key
 * SIGHASH_SINGLE|ANYONECANPAY and nothing else (listing-review.ts). The web cannot tell which
 * outputs hold the launch's inscriptions; it checks whose they are and where they go.
 */
export function reviewLaunchPsbt(payload: LaunchPsbtPayload, context: LaunchPsbtContext): string[] {
  const { batch } = context;
  const problems: string[] = [];
  if (payload.id !== batch.id) problems.push(`The server sent PSBT ${payload.id} for ${batch.id}.`);
  if (payload.kind !== batch.kind) {
    problems.push(`The server sent a ${payload.kind} PSBT for a ${batch.kind} batch.`);
  }
  let outpoints: string[];
  try {
    const tx = parsePsbt(payload.psbt);
    outpoints = Array.from({ length: tx.inputsLength }, (_, i) => {
      const input = tx.getInput(i);
      return `${input.txid ? bytesToHex(input.txid) : ''}:${input.index ?? ''}`;
    });
  } catch {
    return [...problems, 'The PSBT cannot be read.'];
  }
  const items = Array.from({ length: batch.inscription_count }, (_, i) => ({
    label: `Input ${i}`,
    outpoint: outpoints[i] ?? '',
    price: context.price,
  }));
  const checks =
    payload.kind === 'deposit'
      ? depositProblems(payload, items, context)
      : listingProblems(payload, items, context);
  return [...problems, ...checks];
}

type Item = { label: string; outpoint: string; price: bigint };

function depositProblems(
  payload: LaunchPsbtPayload,
  items: Item[],
  { network, wallet, maker, feeRate }: LaunchPsbtContext,
): string[] {
  const review = reviewInscriptionDeposit(payload.psbt, {
    network,
    wallet,
    maker,
    items,
    inputsToSign: payload.inputsToSign,
    feeRate,
    // The launch payload names no txid; the PSBT's own is what gets broadcast.
    txid: psbtTxid(payload.psbt),
  });
  const unsafe = payload.inputsToSign.filter(
    ({ sighash }) => sighash !== undefined && !DEPOSIT_SIGHASHES.includes(sighash),
  );
  const sighashProblems = unsafe.map(
    ({ index }) => `The deposit asks to sign input ${index} with a sighash other than ALL.`,
  );
  return [...review.problems, ...sighashProblems];
}

function listingProblems(
  payload: LaunchPsbtPayload,
  items: Item[],
  { network, wallet, maker, platformFeeBps }: LaunchPsbtContext,
): string[] {
  const review = reviewListingPsbt(payload.psbt, {
    network,
    ownAddresses: [wallet.paymentAddress],
    items,
    makerWitnessScript: maker.witnessScript,
  });
  const problems = [...review.problems];
  // The creator gets the phase price less at most the platform's fee (discounts only lower it).
  for (const item of review.items) {
    const least = item.price - makerFee(item.price, platformFeeBps) + item.postage;
    if (item.payout < least) {
      problems.push(
        `${item.label}: the sale would pay you ${btcText(item.payout)}, less than the phase price of ${btcText(item.price)} after the platform fee.`,
      );
    }
  }
  const asked = payload.inputsToSign.map((input) => input.index).sort((a, b) => a - b);
  if (asked.join(',') !== items.map((_, i) => i).join(',')) {
    problems.push(
      `The server asks to sign inputs ${asked.join(', ') || 'none'}, not the ${items.length} inscriptions of this batch.`,
    );
  }
  for (const { index, address, sighash } of payload.inputsToSign) {
    if (address !== wallet.paymentAddress) {
      problems.push(`The server asks ${address} to sign input ${index}, not your payment address.`);
    }
    if (sighash !== SELLER_SIGHASH) {
      problems.push(`Input ${index} is not to be signed SIGHASH_SINGLE|ANYONECANPAY.`);
    }
  }
  return problems;
}
