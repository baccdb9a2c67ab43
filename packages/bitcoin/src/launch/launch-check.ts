import type { Transaction } from '@scure/btc-signer';
import { bytesToHex } from '../bytes.ts';
import type { BitcoinNetwork } from '../networks.ts';
import { parsePsbt } from '../psbt/codec.ts';
import { checkDepositPsbt, type DepositProblem } from '../psbt/deposit-check.ts';
import { checkListingPsbt, type ListingPsbtProblem } from '../psbt/listing-check.ts';
import { makerFee } from '../psbt/listing.ts';
import { psbtTxid } from '../psbt/txid.ts';
import type { Outpoint } from '../psbt/utxo.ts';
import { sellerSigningProblems, type SellerSigningProblem } from './seller-signing-check.ts';

/** ALL and DEFAULT: a deposit commits to its whole transaction. */
const DEPOSIT_SIGHASHES: readonly number[] = [0x00, 0x01];

type InputToSign = { index: number; address: string; sighash?: number };

type LaunchDepositProblem = DepositProblem | { code: 'deposit-sighash-not-all'; index: number };

export type LaunchListingProblem =
  | ListingPsbtProblem
  /** Item `item` would pay `payout`, below the phase price after the platform fee. */
  | { code: 'payout-below-price'; item: number; payout: bigint; price: bigint }
  | SellerSigningProblem;

/**
 * A launch batch's deposit (ADR 010) moves its inscriptions whole into the creator's own maker
 * wallet, paying only the fee and change (checkDepositPsbt), each input signed ALL or DEFAULT. The
 * batch's first `inscriptionCount` inputs are taken as its inscriptions: which outputs hold the
 * launch's inscriptions is not known here, only whose they are and where they go. Throws
 * TradeError for a PSBT that cannot be read.
 */
export function checkLaunchDepositPsbt(
  psbtBase64: string,
  request: {
    network: BitcoinNetwork;
    paymentAddress: string;
    ordinalsAddress: string;
    /** The creator's maker wallet script, once found theirs; undefined when it is not. */
    makerScript: Uint8Array | undefined;
    inscriptionCount: number;
    inputsToSign: readonly InputToSign[];
    maxFeeRate: number;
  },
): LaunchDepositProblem[] {
  const tx = parsePsbt(psbtBase64);
  const check = checkDepositPsbt(psbtBase64, {
    ...request,
    items: batchOutpoints(tx, request.inscriptionCount).map((outpoint) => ({ outpoint })),
    // The launch names no txid; the PSBT's own is what gets broadcast.
    txid: psbtTxid(psbtBase64),
  });
  const unsafe = request.inputsToSign.filter(
    ({ sighash }) => sighash !== undefined && !DEPOSIT_SIGHASHES.includes(sighash),
  );
  return [
    ...check.problems,
    ...unsafe.map(({ index }) => ({ code: 'deposit-sighash-not-all' as const, index })),
  ];
}

/**
 * A launch batch's listings (ADR 010) sell each maker wallet input at the phase price, output i
 * paying the creator's payment address (checkListingPsbt) no less than the price after the
 * platform's fee (discounts only lower the fee), every input of the batch signed by the payment
 * key SIGHASH_SINGLE|ANYONECANPAY and nothing else. Throws TradeError for a PSBT that cannot be read.
 */
export function checkLaunchListingPsbt(
  psbtBase64: string,
  request: {
    network: BitcoinNetwork;
    paymentAddress: string;
    makerWitnessScript: string;
    inscriptionCount: number;
    /** The phase price in sats. */
    price: bigint;
    platformFeeBps: number;
    inputsToSign: readonly InputToSign[];
  },
): LaunchListingProblem[] {
  const tx = parsePsbt(psbtBase64);
  const { price, paymentAddress } = request;
  const outpoints = batchOutpoints(tx, request.inscriptionCount);
  const check = checkListingPsbt(psbtBase64, {
    network: request.network,
    ownAddresses: [paymentAddress],
    items: outpoints.map((outpoint) => ({ outpoint, price })),
    makerWitnessScript: request.makerWitnessScript,
  });
  const problems: LaunchListingProblem[] = [...check.problems];
  check.items.forEach((item, index) => {
    const least = item.price - makerFee(item.price, request.platformFeeBps) + item.postage;
    if (item.payout < least) {
      problems.push({ code: 'payout-below-price', item: index, payout: item.payout, price });
    }
  });
  const expected = outpoints.map((_, i) => i);
  problems.push(...sellerSigningProblems(request.inputsToSign, expected, paymentAddress));
  return problems;
}

/** The outpoints of the batch's first `count` inputs; undefined past the PSBT's inputs. */
function batchOutpoints(tx: Transaction, count: number): (Outpoint | undefined)[] {
  return Array.from({ length: count }, (_, i) => {
    if (i >= tx.inputsLength) return undefined;
    const { txid, index } = tx.getInput(i);
    return txid && index !== undefined ? { txid: bytesToHex(txid), vout: index } : undefined;
  });
}
