import type { BitcoinNetwork } from '../networks.ts';
import { scriptOfAddress } from '../psbt/codec.ts';
import {
  changeFloor,
  checkFeeRate,
  DEFAULT_MAX_FEE_RATE,
  estimateVsize,
  isDust,
  type InputType,
} from '../psbt/fees.ts';
import {
  multisigInputRole,
  PROTECTED_LISTING_INPUT_ROLE,
  type InputRole,
} from '../psbt/input-role.ts';
import { CHANGE_MIN, MIN_PADDING_VALUE, POSTAGE } from '../psbt/purchase.ts';
import type { ListedItem, Payout } from '../psbt/seller-signature.ts';
import { selectUtxos } from '../psbt/select-utxos.ts';
import { TradeError } from '../psbt/trade-error.ts';
import { psbtTxid } from '../psbt/txid.ts';
import { checkDistinctOutpoints, psbtInput, sumValues, type WalletUtxo } from '../psbt/utxo.ts';
import { checkMultisigWallet, type MultisigWallet } from './script.ts';
import { checkMultisigCoins, multisigFields, walletTransaction } from './wallet-tx.ts';

// The settlement transaction of one bid in an English auction (ADR 012). The seller signed, once,
// their maker-wallet input with SIGHASH_SINGLE|ANYONECANPAY against the payout at the floor
// (max(start, reserve) less the platform fee on it). A bid is the market's purchase layout (one
// item, N+1 = 2 paddings, msigner's layout B) with every bidder coin in their multisig wallet:
//
//   inputs:  padding 0, padding 1 | seller (2) | funding...
//   outputs: paddings + offset → bidder's multisig (0) | inscription → bidder's ordinals (1) |
//            floor payout (2, the seller's SINGLE pair) | seller's excess | platform fee | change
//
// The bidder signs their inputs SIGHASH_ALL now; at the end the platform adds its ALL signatures
// to them and to the seller's input (whose stored 0x83 signature completes it).

/** The paddings in front of the seller's input: its index, and its payout's, is 2. */
export const AUCTION_BID_PADDINGS = 2;

export type AuctionBidLayout = {
  inputs: InputRole[];
  paddingIndices: number[];
  sellerIndex: number;
  fundingIndices: number[];
  paddingReturnIndex: 0;
  /** The inscription, at offset 0. */
  winnerIndex: 1;
  /** The seller's pre-signed payout at the floor: the same index as their input. */
  payoutIndex: number;
  excessIndex: number | undefined;
  platformFeeIndex: number | undefined;
  changeIndex: number | undefined;
};

export type BuiltAuctionBid = {
  psbt: Uint8Array;
  /** The final txid (every input is segwit). */
  txid: string;
  fee: bigint;
  vsize: number;
  feeRate: number;
  maxFeeRate: number;
  layout: AuctionBidLayout;
  /** What the seller gets above the floor payout; 0n when it was dust and left out. */
  excess: bigint;
  /**
   * Sats leaving the bidder's multisig wallet net of what returns to it: the bid (less an excess
   * left out as dust), the inscription output's postage and the network fee.
   */
  paid: bigint;
  /** The bidder's coins it spends (paddings, then funding): what a standing bid reserves. */
  spent: WalletUtxo[];
};

export type AuctionBidParams = {
  /** The seller's signed floor: a maker-wallet input (with its witness script) and its payout. */
  listing: ListedItem;
  bidder: {
    /** The bidder's multisig wallet: it pays, and takes back the paddings and the change. */
    wallet: MultisigWallet;
    ordinalAddress: string;
    /** Exactly two padding coins of the wallet (each at least 546 sats). */
    paddings: readonly WalletUtxo[];
    /** Funding coins of the wallet, chosen largest first. */
    utxos: readonly WalletUtxo[];
  };
  /** The bid in sats: the seller gets it less the platform fee. */
  amount: bigint;
  /** The platform's fee on the bid; left out at 0 or below dust (the bidder then pays less). */
  platformFee?: { address: string; value: bigint };
  feeRate: number;
  network: BitcoinNetwork;
  postage?: bigint;
  changeMin?: bigint;
  maxFeeRate?: number;
};

/**
 * Builds the bid's settlement transaction for the bidder to sign. The seller gets the floor payout
 * and `amount − platform fee − floor net` as a second output to the payout's script. Throws
 * TradeError: 'invalid-amount' for a bid below the floor, 'not-enough-padding',
 * 'insufficient-funds', 'unknown-witness-script' for a seller input outside a maker wallet…
 */
export function buildAuctionBid(params: AuctionBidParams): BuiltAuctionBid {
  const { listing, bidder, amount, feeRate, network } = params;
  const maxFeeRate = params.maxFeeRate ?? DEFAULT_MAX_FEE_RATE;
  checkFeeRate(feeRate, maxFeeRate);
  checkMultisigWallet(bidder.wallet, network);
  const { sellerInput, payout } = listing;
  checkSellerInput(listing);
  checkPaddings(bidder.paddings);
  checkMultisigCoins(bidder.wallet, [...bidder.paddings, ...bidder.utxos]);
  checkDistinctOutpoints([...bidder.paddings, sellerInput, ...bidder.utxos]);

  const floorNet = payout.value - sellerInput.value;
  const feeValue = params.platformFee?.value ?? 0n;
  if (floorNet < 0n || feeValue < 0n) {
    throw new TradeError('invalid-amount', 'The floor payout or the platform fee is negative');
  }
  const excess = amount - feeValue - floorNet;
  if (excess < 0n) {
    const message = `A bid of ${amount} sats does not pay the seller's floor of ${floorNet + feeValue} sats`;
    throw new TradeError('invalid-amount', message);
  }
  const excessOutput: Payout | undefined =
    excess > 0n && !isDust(payout.script, excess)
      ? { script: payout.script, value: excess }
      : undefined;
  const feeOutput = platformFeeOutput(params.platformFee, network);
  const fixedOutputs: Payout[] = [
    {
      script: bidder.wallet.script,
      value: sumValues(bidder.paddings) + sellerInput.inscriptionOffset,
    },
    { script: scriptOfAddress(bidder.ordinalAddress, network), value: params.postage ?? POSTAGE },
    payout,
    ...(excessOutput ? [excessOutput] : []),
    ...(feeOutput ? [feeOutput] : []),
  ];
  fixedOutputs.forEach((output, index) => {
    if (isDust(output.script, output.value)) {
      throw new TradeError('dust-output', `Output ${index} of ${output.value} sats is dust`, index);
    }
  });

  const fixedInputs: InputType[] = Array.from(
    { length: AUCTION_BID_PADDINGS + 1 },
    () => 'p2wsh-multisig',
  );
  const fixedScripts = fixedOutputs.map((output) => output.script);
  const selection = selectUtxos({
    utxos: bidder.utxos,
    need: sumValues(fixedOutputs) - sumValues(bidder.paddings) - sellerInput.value,
    feeRate,
    changeMin: changeFloor(params.changeMin ?? CHANGE_MIN, bidder.wallet.script),
    vsize: (selected, withChange) =>
      estimateVsize(
        [...fixedInputs, ...selected.map((): InputType => 'p2wsh-multisig')],
        withChange ? [...fixedScripts, bidder.wallet.script] : fixedScripts,
      ),
  });

  const tx = walletTransaction();
  const fields = multisigFields(bidder.wallet);
  for (const padding of bidder.paddings) tx.addInput(psbtInput(padding, fields));
  tx.addInput(
    psbtInput(sellerInput, { witnessScript: sellerInput.witnessScript }, sellerInput.sequence),
  );
  for (const coin of selection.selected) tx.addInput(psbtInput(coin, fields));
  for (const output of fixedOutputs) tx.addOutput({ script: output.script, amount: output.value });
  if (selection.change > 0n) {
    tx.addOutput({ script: bidder.wallet.script, amount: selection.change });
  }

  const psbt = tx.toPSBT();
  const spent = [...bidder.paddings, ...selection.selected];
  const returned = (fixedOutputs[0]?.value ?? 0n) + selection.change;
  return {
    psbt,
    txid: psbtTxid(psbt),
    fee: selection.fee,
    vsize: selection.vsize,
    feeRate,
    maxFeeRate,
    layout: bidLayout({
      funding: selection.selected.length,
      hasExcess: excessOutput !== undefined,
      hasPlatformFee: feeOutput !== undefined,
      hasChange: selection.change > 0n,
    }),
    excess: excessOutput?.value ?? 0n,
    paid: sumValues(spent) - returned,
    spent,
  };
}

/** The seller's input must be a maker wallet's (the platform co-signs it) holding the inscription. */
function checkSellerInput({ sellerInput }: ListedItem): void {
  const { witnessScript, script, inscriptionOffset, value } = sellerInput;
  if (!witnessScript) {
    throw new TradeError('unknown-witness-script', "The seller's input is not in a maker wallet");
  }
  checkMultisigWallet({ witnessScript, script });
  if (inscriptionOffset < 0n || inscriptionOffset >= value) {
    const message = `Offset ${inscriptionOffset} is outside the seller's output`;
    throw new TradeError('inscription-offset-out-of-range', message);
  }
}

function checkPaddings(paddings: readonly WalletUtxo[]): void {
  const usable = paddings.filter((p) => p.value >= MIN_PADDING_VALUE);
  if (paddings.length !== AUCTION_BID_PADDINGS || usable.length !== paddings.length) {
    const message = `${AUCTION_BID_PADDINGS} padding UTXOs of at least ${MIN_PADDING_VALUE} sats are needed, ${usable.length} given`;
    throw new TradeError('not-enough-padding', message);
  }
}

function platformFeeOutput(
  fee: AuctionBidParams['platformFee'],
  network: BitcoinNetwork,
): Payout | undefined {
  if (!fee || fee.value === 0n) return undefined;
  const script = scriptOfAddress(fee.address, network);
  return isDust(script, fee.value) ? undefined : { script, value: fee.value };
}

function bidLayout(shape: {
  funding: number;
  hasExcess: boolean;
  hasPlatformFee: boolean;
  hasChange: boolean;
}): AuctionBidLayout {
  const range = (start: number, length: number) => Array.from({ length }, (_, i) => start + i);
  const sellerIndex = AUCTION_BID_PADDINGS;
  let next = sellerIndex + 1;
  const take = (present: boolean) => (present ? next++ : undefined);
  const excessIndex = take(shape.hasExcess);
  const platformFeeIndex = take(shape.hasPlatformFee);
  const changeIndex = take(shape.hasChange);
  return {
    inputs: [
      ...range(0, AUCTION_BID_PADDINGS).map(() => multisigInputRole('padding', 'buyer')),
      PROTECTED_LISTING_INPUT_ROLE,
      ...range(0, shape.funding).map(() => multisigInputRole('payment', 'buyer')),
    ],
    paddingIndices: range(0, AUCTION_BID_PADDINGS),
    sellerIndex,
    fundingIndices: range(sellerIndex + 1, shape.funding),
    paddingReturnIndex: 0,
    winnerIndex: 1,
    payoutIndex: sellerIndex,
    excessIndex,
    platformFeeIndex,
    changeIndex,
  };
}
