interface Placed<T> {
  item: T;
  vout: number;
  /** Offset within the output. */
  offset: bigint;
}

export interface SatFlow<T> {
  placed: Placed<T>[];
  /** Items at or past the total output value: they go to fees (or are lost in a coinbase). */
  leftover: T[];
  totalOutput: bigint;
}

/**
 * First-in-first-out sat flow: output `vout` holds the transaction's sats
 * [sum of earlier outputs, that sum + value), so an item at `offset` lands in the output whose range
 * covers it (ord src/index/updater/inscription_updater.rs, the `for (vout, txout)` loop).
 * `sorted` must be sorted by offset. A zero-value output covers nothing.
 */
export function flowToOutputs<T extends { offset: bigint }>(
  sorted: readonly T[],
  outputs: readonly { value: bigint }[],
): SatFlow<T> {
  const placed: Placed<T>[] = [];
  let next = 0;
  let start = 0n;
  outputs.forEach((output, vout) => {
    const end = start + output.value;
    for (let item = sorted[next]; item !== undefined && item.offset < end; item = sorted[++next]) {
      placed.push({ item, vout, offset: item.offset - start });
    }
    start = end;
  });
  return { placed, leftover: sorted.slice(next), totalOutput: start };
}

export function totalValue(items: readonly { value: bigint }[]): bigint {
  return items.reduce((sum, item) => sum + item.value, 0n);
}
