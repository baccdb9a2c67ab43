import { createHash } from 'node:crypto';
import type { EnvelopeContent } from '@om/bitcoin';

// BRC-20 on the benchmark's chain (ADR 015): a share of the reveals are deploys, mints and
// transfer-inscribes of a few tickers, and moving a transfer inscription is a transfer. The model
// below computes the events OPI would emit for them and OPI's per-block and cumulative hashes
// (README "BRC-20 Indexer / API"; brc20_database.rs), on its own: a few lines of bookkeeping that
// share nothing with the index's rules, so agreeing with it checks the index.

/** A BRC-20 operation as the generator chose it when it built the commit. */
export type BenchBrc20Op =
  { op: 'deploy'; tick: string } | { op: 'mint' | 'transfer'; tick: string; amt: bigint };

const TICKS = Array.from({ length: 10 }, (_, i) => `bq0${i}`);
const MAX = 21_000_000_000n;
const LIMIT = 1000n;
/** Of the reveals after the deploys, this share is BRC-20 (mints 60 %, transfers 40 %). */
const BRC20_SHARE = 0.7;

/** The BRC-20 operation of content number `n`, if it has one (the first ten are the deploys). */
export function benchBrc20Op(n: number, random: () => number): BenchBrc20Op | undefined {
  if (n < TICKS.length) return { op: 'deploy', tick: TICKS[n]! };
  if (random() >= BRC20_SHARE) return undefined;
  const tick = TICKS[Math.floor(random() * TICKS.length)]!;
  if (random() < 0.6) return { op: 'mint', tick, amt: 1n + BigInt(Math.floor(random() * 1000)) };
  return { op: 'transfer', tick, amt: 1n + BigInt(Math.floor(random() * 300)) };
}

/** The inscription of an operation: strict JSON, text/plain or application/json by turns. */
export function brc20Envelope(op: BenchBrc20Op, n: number): EnvelopeContent {
  const fields =
    op.op === 'deploy'
      ? { max: MAX.toString(), lim: LIMIT.toString() }
      : { amt: op.amt.toString() };
  const contentType = n % 2 === 0 ? 'text/plain;charset=utf-8' : 'application/json';
  return {
    contentType,
    body: JSON.stringify({ p: 'brc-20', op: op.op, tick: op.tick, ...fields }),
  };
}

/** 18 decimals, as OPI prints every amount of a ticker deployed without `dec`. */
const amount = (whole: bigint) => `${whole}.${'0'.repeat(18)}`;
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

interface Balance {
  overall: bigint;
  available: bigint;
}

/**
 * What OPI makes of the chain's operations, fed in block order as the generator builds them.
 * Mints never exceed the limit nor the supply here, so only a transfer can be invalid (the
 * inscriber's available balance too small).
 */
export class Brc20Model {
  readonly deployed = new Set<string>();
  readonly balances = new Map<string, Balance>();
  /** Valid transfer-inscribes not moved yet. */
  private readonly transferables = new Map<string, { tick: string; amt: bigint; source: string }>();
  private block: string[] = [];
  cumulative: string | undefined;
  /** Sees each block's event strings as it closes (debugging a disagreement). */
  log?: (events: readonly string[]) => void;
  /** Operations that produced an event, by type. */
  readonly counts = { deploy: 0, mint: 0, transferInscribe: 0, transferTransfer: 0 };

  private balance(pkscript: string, tick: string): Balance {
    const key = `${pkscript};${tick}`;
    let balance = this.balances.get(key);
    if (!balance) this.balances.set(key, (balance = { overall: 0n, available: 0n }));
    return balance;
  }

  inscribe(id: string, pkscript: string, op: BenchBrc20Op): void {
    if (op.op === 'deploy') {
      if (this.deployed.has(op.tick)) return;
      this.deployed.add(op.tick);
      this.counts.deploy += 1;
      this.block.push(
        `deploy-inscribe;${id};${pkscript};${op.tick};${op.tick};${amount(MAX)};18;${amount(LIMIT)};false`,
      );
      return;
    }
    if (!this.deployed.has(op.tick)) return;
    const balance = this.balance(pkscript, op.tick);
    if (op.op === 'mint') {
      balance.overall += op.amt;
      balance.available += op.amt;
      this.counts.mint += 1;
      this.block.push(`mint-inscribe;${id};${pkscript};${op.tick};${op.tick};${amount(op.amt)};`);
      return;
    }
    if (balance.available < op.amt) return;
    balance.available -= op.amt;
    this.transferables.set(id, { tick: op.tick, amt: op.amt, source: pkscript });
    this.counts.transferInscribe += 1;
    this.block.push(`transfer-inscribe;${id};${pkscript};${op.tick};${op.tick};${amount(op.amt)}`);
  }

  /** An inscription moved to `pkscript` (the chain never sends them to fees or OP_RETURN). */
  move(id: string, pkscript: string): void {
    const transfer = this.transferables.get(id);
    if (!transfer) return;
    this.transferables.delete(id);
    const { tick, amt, source } = transfer;
    this.balance(source, tick).overall -= amt;
    const to = this.balance(pkscript, tick);
    to.overall += amt;
    to.available += amt;
    this.counts.transferTransfer += 1;
    this.block.push(`transfer-transfer;${id};${source};${pkscript};${tick};${tick};${amount(amt)}`);
  }

  /** Closes a block: its event hash, chained into the cumulative one (the first block's is its own). */
  endBlock(): void {
    this.log?.(this.block);
    const blockHash = sha256(this.block.join('|'));
    this.cumulative =
      this.cumulative === undefined ? blockHash : sha256(this.cumulative + blockHash);
    this.block = [];
  }

  get operations(): number {
    const { deploy, mint, transferInscribe, transferTransfer } = this.counts;
    return deploy + mint + transferInscribe + transferTransfer;
  }
}
