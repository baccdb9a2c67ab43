import { feeFor } from './fees.ts';
import { TradeError } from './trade-error.ts';
import type { Utxo } from './utxo.ts';

export type Selection<T extends Utxo> = {
  selected: T[];
  /** What the miner gets: exactly inputs − outputs, including a remainder too small for change. */
  fee: bigint;
  vsize: number;
  /** The change output's value, or 0n when there is none. */
  change: bigint;
};

/**
 * Largest-first coin selection: adds the biggest coins until they pay `need` (the fixed outputs
 * minus the fixed inputs) plus the fee at `feeRate`; a change output is added only when it would
 * hold at least `changeMin`, otherwise the remainder goes to the fee. `vsize` answers the whole
 * transaction's vsize with the coins chosen so far, with or without change. Throws TradeError
 * 'insufficient-funds'.
 */
export function selectUtxos<T extends Utxo>(params: {
  utxos: readonly T[];
  need: bigint;
  vsize: (selected: readonly T[], withChange: boolean) => number;
  feeRate: number;
  changeMin: bigint;
}): Selection<T> {
  const { need, feeRate, changeMin } = params;
  const candidates = [...params.utxos].sort((a, b) =>
    b.value > a.value ? 1 : b.value < a.value ? -1 : 0,
  );
  const selected: T[] = [];
  let total = 0n;
  for (let next = 0; next <= candidates.length; next++) {
    const withChange = params.vsize(selected, true);
    const change = total - need - feeFor(withChange, feeRate);
    if (change >= changeMin) {
      return { selected, fee: total - need - change, vsize: withChange, change };
    }
    const withoutChange = params.vsize(selected, false);
    if (total - need >= feeFor(withoutChange, feeRate)) {
      return { selected, fee: total - need, vsize: withoutChange, change: 0n };
    }
    const candidate = candidates[next];
    if (!candidate) break;
    selected.push(candidate);
    total += candidate.value;
  }
  const missing = need + feeFor(params.vsize(selected, false), feeRate) - total;
  throw new TradeError('insufficient-funds', `${missing} more sats are needed`);
}
