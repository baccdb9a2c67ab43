import {
  buildRevealTransaction,
  dustThreshold,
  estimateRevealVsize,
  feeFor,
  InscribeError,
  type BitcoinNetwork,
  type KeyPathInput,
  type RevealTransaction,
} from '@om/bitcoin';

/**
 * Moves the inscription on `carrier` (the whole output) to `to`: input 0 the carrier → output 0
 * at the carrier's value, so FIFO keeps the inscription at its offset and its postage with it.
 * The fee comes from `coins` (largest first, as few as cover it; none may carry an inscription),
 * change to `change` when not dust. Throws InscribeError 'insufficient-funds' or 'dust-output'.
 */
export function buildInscriptionMove(params: {
  carrier: KeyPathInput;
  coins: readonly KeyPathInput[];
  to: Uint8Array;
  change: Uint8Array;
  feeRate: number;
  network: BitcoinNetwork;
}): RevealTransaction {
  const { carrier, to, change, feeRate, network } = params;
  if (carrier.value < dustThreshold(to)) {
    throw new InscribeError('dust-output', `${carrier.value} sats of postage is dust for ${to}`);
  }
  const moved = { script: to, value: carrier.value };
  const coins = [...params.coins].sort((a, b) =>
    b.value > a.value ? 1 : b.value < a.value ? -1 : 0,
  );
  const selected: KeyPathInput[] = [carrier];
  let spare = 0n;
  const changeMin = dustThreshold(change);
  for (let next = 0; next <= coins.length; next++) {
    if (selected.length > 1) {
      const vsize = (withChange: boolean) =>
        estimateRevealVsize({
          inputs: selected,
          outputs: withChange ? [moved, { script: change, value: 0n }] : [moved],
          network,
        });
      const left = spare - feeFor(vsize(true), feeRate);
      if (left >= changeMin) {
        return buildRevealTransaction({
          inputs: selected,
          outputs: [moved, { script: change, value: left }],
          network,
        });
      }
      if (spare >= feeFor(vsize(false), feeRate)) {
        return buildRevealTransaction({ inputs: selected, outputs: [moved], network });
      }
    }
    const coin = coins[next];
    if (!coin) break;
    selected.push(coin);
    spare += coin.value;
  }
  throw new InscribeError(
    'insufficient-funds',
    `The rewards wallet holds ${spare} spendable sats; moving an inscription needs its fee`,
  );
}
