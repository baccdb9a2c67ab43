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

export type PayoutOutput = { script: Uint8Array; value: bigint };

/**
 * A payout: `outputs` exactly as given, paid from `coins` (largest first, as few as cover them),
 * the change to `change` when it is not dust, otherwise left to the fee. The outputs never pay
 * the network fee: the wallet does. Every input is a key-path spend signed by its own key.
 * Throws InscribeError 'insufficient-funds' (the payout then waits) or 'dust-output'.
 */
export function buildPayout(params: {
  coins: readonly KeyPathInput[];
  outputs: readonly PayoutOutput[];
  change: Uint8Array;
  feeRate: number;
  network: BitcoinNetwork;
}): RevealTransaction {
  const { outputs, change, feeRate, network } = params;
  for (const output of outputs) {
    if (output.value < dustThreshold(output.script)) {
      throw new InscribeError('dust-output', `${output.value} sats is dust`);
    }
  }
  const need = outputs.reduce((sum, o) => sum + o.value, 0n);
  const coins = [...params.coins].sort((a, b) =>
    b.value > a.value ? 1 : b.value < a.value ? -1 : 0,
  );
  const selected: KeyPathInput[] = [];
  let total = 0n;
  const changeMin = dustThreshold(change);
  for (let next = 0; next <= coins.length; next++) {
    if (selected.length > 0) {
      const vsize = (withChange: boolean) =>
        estimateRevealVsize({
          inputs: selected,
          outputs: withChange ? [...outputs, { script: change, value: 0n }] : outputs,
          network,
        });
      const left = total - need - feeFor(vsize(true), feeRate);
      if (left >= changeMin) {
        return sign(selected, [...outputs, { script: change, value: left }], network);
      }
      if (total - need >= feeFor(vsize(false), feeRate)) return sign(selected, outputs, network);
    }
    const coin = coins[next];
    if (!coin) break;
    selected.push(coin);
    total += coin.value;
  }
  throw new InscribeError(
    'insufficient-funds',
    `The rewards wallet holds ${total} sats; the payout needs ${need} sats and its fee`,
  );
}

function sign(
  inputs: readonly KeyPathInput[],
  outputs: readonly PayoutOutput[],
  network: BitcoinNetwork,
): RevealTransaction {
  return buildRevealTransaction({ inputs, outputs, network });
}
