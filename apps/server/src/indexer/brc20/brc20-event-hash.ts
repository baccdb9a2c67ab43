import { createHash } from 'node:crypto';
import { formatBrc20Amount } from '@om/core';
import type { Brc20Event } from './brc20.types.ts';

/**
 * OPI's per-block event hash, its cumulative chain and its current-balances hash, byte for byte
 * (bestinslot-xyz/OPI modules/brc20_index/src/types/events/*.rs get_event_str,
 * database/brc20_database.rs set_block_hashes, modules/brc20_api/api.js
 * get_hash_of_all_current_balances). Two indexers agree on a block when these agree.
 */

/** config.rs EVENT_HASH_VERSION: reported beside every hash. */
export const EVENT_HASH_VERSION = 3;
/** config.rs EVENT_SEPARATOR. */
const SEPARATOR = '|';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const amount = (value: bigint | undefined, decimals: number) =>
  formatBrc20Amount(value ?? 0n, decimals);

/** One event as OPI prints it into the hash; pkscripts are hex, amounts with the ticker's decimals. */
export function brc20EventString(e: Brc20Event): string {
  const head = [e.type, e.inscriptionId, e.pkscript];
  const ticks = [e.tick, e.originalTick];
  switch (e.type) {
    case 'deploy-inscribe': {
      // deploy_inscribe.rs: max and lim printed with the deploy's own decimals.
      const decimals = e.decimals ?? e.tickerDecimals;
      return [
        ...head,
        ...ticks,
        amount(e.maxSupply, decimals),
        String(decimals),
        amount(e.limitPerMint, decimals),
        String(e.selfMint ?? false),
      ].join(';');
    }
    case 'mint-inscribe':
      // mint_inscribe.rs: the parent id ends every mint, '' when it has none.
      return [...head, ...ticks, amount(e.amount, e.tickerDecimals), e.parentId ?? ''].join(';');
    case 'transfer-inscribe':
      return [...head, ...ticks, amount(e.amount, e.tickerDecimals)].join(';');
    case 'transfer-transfer':
      // transfer_transfer.rs: the receiver's pkscript sits between source and tick, '' for a fee.
      return [...head, e.spentPkscript ?? '', ...ticks, amount(e.amount, e.tickerDecimals)].join(
        ';',
      );
  }
}

/**
 * sha256 of a block's event strings in order, each followed by '|' and the trailing '|'s trimmed
 * (brc20_database.rs cache_event + set_block_hashes `trim_end_matches`). An empty block hashes ''.
 */
export function blockEventHashOfStrings(strings: readonly string[]): string {
  let joined = strings.map((s) => s + SEPARATOR).join('');
  while (joined.endsWith(SEPARATOR)) joined = joined.slice(0, -1);
  return sha256Hex(joined);
}

export function blockEventHash(events: readonly Brc20Event[]): string {
  return blockEventHashOfStrings(events.map(brc20EventString));
}

/**
 * sha256 of the previous cumulative hash and this block's hash as hex text; the first block
 * hashed (no previous) keeps its own block hash (brc20_database.rs set_block_hashes).
 */
export function cumulativeEventHash(prev: string | null, blockHash: string): string {
  return prev === null ? blockHash : sha256Hex(prev + blockHash);
}

export interface Brc20BalanceRow {
  pkscript: string;
  /** Lower-cased tick. */
  tick: string;
  /** Scaled by 10^18, printed as the integer OPI's numeric(40) column holds. */
  overall: bigint;
  available: bigint;
}

/**
 * api.js get_hash_of_all_current_balances: rows sorted by pkscript then tick (JavaScript string
 * order), rows with a zero overall balance left out, `pkscript;tick;overall;available` joined by '|'.
 */
export function currentBalancesHash(rows: readonly Brc20BalanceRow[]): string {
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const text = [...rows]
    .sort((a, b) => compare(a.pkscript, b.pkscript) || compare(a.tick, b.tick))
    .filter((row) => row.overall !== 0n)
    .map((row) => `${row.pkscript};${row.tick};${row.overall};${row.available}`)
    .join(SEPARATOR);
  return sha256Hex(text);
}
