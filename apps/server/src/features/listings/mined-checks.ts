/**
 * When a pass also looks for listings and launch items that a block spent: that answer changes only
 * with the indexed tip, and checking costs a probe per open row, so a mempool refresh (many a
 * minute in a mint rush) checks only the mempool. The block check runs when the tip differs from
 * the one it last ran on (a new block, or a reorg at the same height), and at least every
 * RECHECK_MS for rows written meanwhile on an output a block had already spent.
 */
export class MinedChecks {
  static readonly RECHECK_MS = 60_000;
  private last: { tipHash: string | undefined; at: number } | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  isDue(tipHash: string | undefined): boolean {
    if (!this.last) return true;
    return this.last.tipHash !== tipHash || this.now() - this.last.at >= MinedChecks.RECHECK_MS;
  }

  /** After a pass that checked blocks: not before, so a failed pass checks again. */
  ran(tipHash: string | undefined): void {
    this.last = { tipHash, at: this.now() };
  }
}
