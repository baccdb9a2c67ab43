import type { RawOutput } from '../psbt/codec.ts';
import { changeFloor, checkFeeRate, estimateVsize, inputTypeOf, isDust } from '../psbt/fees.ts';
import { selectUtxos } from '../psbt/select-utxos.ts';
import { TradeError } from '../psbt/trade-error.ts';
import {
  checkDistinctOutpoints,
  checkWalletUtxos,
  spendTypeOfScript,
  type SpendType,
  type Utxo,
  type WalletUtxo,
} from '../psbt/utxo.ts';

// Both swap directions have one shape (ADR 017): input 0 is a transfer inscription that moves whole
// to output 0, output 1 pays BTC to the inscription's owner, output 2 the platform fee, and the
// other party's coins (inputs 1..) fund outputs 1 and 2 and the network fee, with their change last.

/** A transfer inscription's UTXO: the inscription's sat sits `inscriptionOffset` sats into it. */
export type InscriptionCoin = Utxo & { inscriptionOffset: bigint };

export type SwapShape = {
  inscription: InscriptionCoin;
  /** Output 0's script: the inscription's new owner. */
  inscriptionTo: Uint8Array;
  /** Output 1: the BTC the inscription's new owner pays its old one. */
  payment: RawOutput;
  /** Output 2 unless dust (ADR 007: left out, and nobody pays it). */
  platformFee: RawOutput;
  /** Who funds outputs 1 and 2 and the fee, from which coins; the change goes back to `script`. */
  funder: { party: 'user' | 'pool'; script: Uint8Array; utxos: readonly WalletUtxo[] };
  feeRate: number;
  maxFeeRate: number;
  changeMin: bigint;
};

export type SwapPlan = {
  inscriptionSpend: SpendType;
  fundingSpend: SpendType;
  /** The funder's coins chosen, in input order (inputs 1..). */
  funding: WalletUtxo[];
  outputs: RawOutput[];
  /** What the platform gets: 0n when its output was dust and left out. */
  platformFee: bigint;
  platformFeeIndex: number | undefined;
  changeIndex: number | undefined;
  fee: bigint;
  vsize: number;
};

/**
 * Chooses the funder's coins (largest first) for the exact vsize of the signed transaction and
 * lays out the outputs. No keys needed: get_swap_psbt_txsize answers from this before the user
 * gives theirs, and the build uses the very same plan. Throws TradeError.
 */
export function planSwap(shape: SwapShape): SwapPlan {
  const { inscription, funder, payment, feeRate } = shape;
  checkFeeRate(feeRate, shape.maxFeeRate);
  checkInscription(shape);
  const inscriptionSpend = spendOf(inscription.script, 'The inscription');
  const fundingSpend = spendOf(funder.script, `The ${funder.party}'s address`);
  checkWalletUtxos(funder.utxos, funder, 'inscribed-utxo-as-payment');
  checkDistinctOutpoints([inscription, ...funder.utxos]);
  if (payment.amount <= 0n) throw new TradeError('invalid-amount', 'The swap pays no BTC', 1);
  if (isDust(payment.script, payment.amount)) {
    throw new TradeError('dust-output', `${payment.amount} sats are dust`, 1);
  }
  if (shape.platformFee.amount < 0n) {
    throw new TradeError('invalid-amount', 'The platform fee is negative');
  }
  const hasPlatformFee = !isDust(shape.platformFee.script, shape.platformFee.amount);
  const fixed: RawOutput[] = [
    { script: shape.inscriptionTo, amount: inscription.value },
    payment,
    ...(hasPlatformFee ? [shape.platformFee] : []),
  ];
  const scripts = fixed.map((output) => output.script);
  const inscriptionType = inputTypeOf(inscriptionSpend);
  const fundingType = inputTypeOf(fundingSpend);

  // Input 0 and output 0 carry the same value: the funder pays outputs 1 and 2 and the fee.
  const need = fixed.slice(1).reduce((sum, output) => sum + output.amount, 0n);
  const selection = withFunderNamed(funder.party, () =>
    selectUtxos({
      utxos: funder.utxos,
      need,
      feeRate,
      changeMin: changeFloor(shape.changeMin, funder.script),
      vsize: (selected, withChange) =>
        estimateVsize(
          [inscriptionType, ...selected.map(() => fundingType)],
          withChange ? [...scripts, funder.script] : scripts,
        ),
    }),
  );
  const hasChange = selection.change > 0n;
  return {
    inscriptionSpend,
    fundingSpend,
    funding: selection.selected,
    outputs: hasChange ? [...fixed, { script: funder.script, amount: selection.change }] : fixed,
    platformFee: hasPlatformFee ? shape.platformFee.amount : 0n,
    platformFeeIndex: hasPlatformFee ? 2 : undefined,
    changeIndex: hasChange ? fixed.length : undefined,
    fee: selection.fee,
    vsize: selection.vsize,
  };
}

/**
 * FIFO (ord) sends the inscription's sat to output 0 at offset 0 only when it is the input's first
 * sat and output 0 takes the whole input: any other offset would land mid-output or in output 1.
 */
function checkInscription({ inscription, inscriptionTo }: SwapShape): void {
  if (inscription.inscriptionOffset !== 0n) {
    throw new TradeError(
      'inscription-offset-out-of-range',
      `The inscription sits at offset ${inscription.inscriptionOffset} of its output; a swap takes only offset 0`,
      0,
    );
  }
  if (isDust(inscriptionTo, inscription.value)) {
    throw new TradeError('dust-output', `The inscription's ${inscription.value} sats are dust`, 0);
  }
}

function spendOf(script: Uint8Array, what: string): SpendType {
  const spend = spendTypeOfScript(script);
  if (!spend) {
    throw new TradeError('unsupported-payment-script', `${what} is no P2TR, P2WPKH or P2SH-P2WPKH`);
  }
  return spend;
}

/** selectUtxos says how many sats are missing; the swap says whose. */
function withFunderNamed<T>(party: 'user' | 'pool', select: () => T): T {
  try {
    return select();
  } catch (error) {
    if (!(error instanceof TradeError) || error.code !== 'insufficient-funds') throw error;
    const whose = party === 'pool' ? "The pool's coins" : 'Your payment coins';
    throw new TradeError('insufficient-funds', `${whose} cannot pay the swap: ${error.message}`);
  }
}
