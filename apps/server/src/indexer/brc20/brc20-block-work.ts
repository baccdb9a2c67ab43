import type {
  Brc20Balance,
  Brc20BlockResult,
  Brc20Event,
  Brc20State,
  Brc20Ticker,
  Brc20Transferable,
} from './brc20.types.ts';

/**
 * One block's working state over the state it read: what OPI's database caches hold while it
 * processes a block (brc20_database.rs balance_cache, tickers, transfer_validity_cache). Every
 * operation reads and writes through it, so a later inscription of the block sees the earlier
 * ones; the input state is never mutated.
 */
export class BlockWork {
  readonly events: Brc20Event[] = [];
  private readonly tickers = new Map<string, Brc20Ticker>();
  private readonly balances = new Map<string, Brc20Balance>();
  private readonly created = new Map<string, Brc20Transferable>();
  private readonly used = new Set<string>();

  constructor(private readonly state: Brc20State) {}

  ticker(tick: string): Brc20Ticker | undefined {
    return this.tickers.get(tick) ?? this.state.tickers.get(tick);
  }

  setTicker(ticker: Brc20Ticker): void {
    this.tickers.set(ticker.tick, ticker);
  }

  balance(pkscript: string, tick: string): Brc20Balance {
    const key = `${pkscript};${tick}`;
    return this.balances.get(key) ?? this.state.balances.get(key) ?? { overall: 0n, available: 0n };
  }

  /** Adds to a balance (negative to take away). */
  credit(pkscript: string, tick: string, overall: bigint, available: bigint): void {
    const now = this.balance(pkscript, tick);
    this.balances.set(`${pkscript};${tick}`, {
      overall: now.overall + overall,
      available: now.available + available,
    });
  }

  /** A valid transfer-inscribe not yet moved (OPI's TransferValidity::Valid). */
  transferable(inscriptionId: string): Brc20Transferable | undefined {
    if (this.used.has(inscriptionId)) return undefined;
    return this.created.get(inscriptionId) ?? this.state.transferables.get(inscriptionId);
  }

  addTransferable(transferable: Brc20Transferable): void {
    this.created.set(transferable.inscriptionId, transferable);
  }

  useTransferable(inscriptionId: string): void {
    this.used.add(inscriptionId);
  }

  result(): Brc20BlockResult {
    const balanceDeltas = new Map<string, Brc20Balance>();
    for (const [key, after] of this.balances) {
      const before = this.state.balances.get(key) ?? { overall: 0n, available: 0n };
      const delta = {
        overall: after.overall - before.overall,
        available: after.available - before.available,
      };
      if (delta.overall !== 0n || delta.available !== 0n) balanceDeltas.set(key, delta);
    }
    return {
      events: this.events,
      tickers: new Map(this.tickers),
      balanceDeltas,
      newTransferables: [...this.created.values()],
      usedTransferables: [...this.used],
    };
  }
}
