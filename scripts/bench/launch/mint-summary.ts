import { percentile } from '../bench-report.ts';
import type { MintRecord } from './minter-process.ts';

// What the minters saw, summed up: no server, no node, only their records.

/**
 * The refusals a minter may get once the items run out (product.md#market-calls); any other is a
 * failure.
 */
const EXPECTED_REFUSALS = [/^Sold out$/, /^Only \d+ left to mint$/];

export type Latency = { count: number; p50: number; p95: number; p99: number; max: number };

export interface MintSummary {
  /** Items of successful submits. */
  minted: number;
  mints: { txId: string; setupTxId: string | null; minter: number; ids: string[] }[];
  /** Expected refusals (409) by message. */
  refusals: Record<string, number>;
  /** Every other answer: a 5xx, another 4xx, no answer; each a failure. */
  unexpected: { call: string; status: number; error: string; count: number }[];
  create: Latency;
  createOk: Latency;
  /** Each minter's first offer/create, all sent at once when the mint opens. */
  opening: Latency;
  submit: Latency;
  /** The most transactions (setups and mints) one minter chained unconfirmed. */
  longestChain: number;
}

function latency(samples: readonly number[]): Latency {
  return {
    count: samples.length,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
    max: samples.length ? Math.max(...samples) : Number.NaN,
  };
}

function isExpectedRefusal(record: MintRecord): boolean {
  return (
    record.call === 'create' &&
    record.status === 409 &&
    EXPECTED_REFUSALS.some((re) => re.test(record.error ?? ''))
  );
}

export function summarize(records: readonly MintRecord[]): MintSummary {
  const mints = records.flatMap((r) =>
    r.call === 'submit' && r.status === 200 && r.txId && r.ids
      ? [{ txId: r.txId, setupTxId: r.setupTxId ?? null, minter: r.minter, ids: r.ids }]
      : [],
  );
  const refusals: Record<string, number> = {};
  const unexpected = new Map<string, MintSummary['unexpected'][number]>();
  for (const r of records) {
    if (r.status === 200) continue;
    const error = r.error ?? '';
    if (isExpectedRefusal(r)) {
      refusals[error] = (refusals[error] ?? 0) + 1;
      continue;
    }
    const key = `${r.call} ${r.status} ${error}`;
    const seen = unexpected.get(key) ?? { call: r.call, status: r.status, error, count: 0 };
    seen.count += 1;
    unexpected.set(key, seen);
  }
  const chains = new Map<number, number>();
  for (const m of mints) chains.set(m.minter, (chains.get(m.minter) ?? 0) + (m.setupTxId ? 2 : 1));
  const ms = (call: MintRecord['call'], onlyOk = false) =>
    records.filter((r) => r.call === call && (!onlyOk || r.status === 200)).map((r) => r.ms);
  return {
    minted: mints.reduce((sum, m) => sum + m.ids.length, 0),
    mints,
    refusals,
    unexpected: [...unexpected.values()],
    create: latency(ms('create')),
    createOk: latency(ms('create', true)),
    opening: latency(records.filter((r) => r.opening).map((r) => r.ms)),
    submit: latency(ms('submit')),
    longestChain: Math.max(0, ...chains.values()),
  };
}
