import { addressToScriptHex, scriptHexToAddress, type BitcoinNetwork } from '@om/bitcoin';
import type { Db } from '../../db/create-db.ts';
import { brc20Activation, type Brc20Activation } from './brc20-activation.ts';
import { brc20Candidate } from './brc20-candidate.ts';
import { blockEventHash, cumulativeEventHash } from './brc20-event-hash.ts';
import {
  chainBlockAt,
  chainBlocksFrom,
  readBalances,
  readBrc20Tip,
  readTickers,
  readTransferables,
  readCandidateLog,
  readTransferableMoves,
  type TransferLogRow,
} from './brc20-index.queries.ts';
import { applyBrc20Block } from './brc20-rules.ts';
import { writeBrc20Blocks, type Brc20BlockWrite } from './brc20-write.queries.ts';
import type { Brc20BlockResult, Brc20State, Brc20Transfer } from './brc20.types.ts';
import { scriptMemo, type ScriptMemo } from './script-memo.ts';

/** The hex pkscript of an address on this network (one the node named: no curve check). */
export function pkscriptOf(address: string, network: BitcoinNetwork): string {
  return addressToScriptHex(address, network);
}

/** The address of a hex pkscript on this network, or null (OP_RETURN, nonstandard, ''). */
export function addressOf(pkscript: string, network: BitcoinNetwork): string | null {
  return scriptHexToAddress(pkscript, network);
}

/**
 * OPI-ord's transfer log for BRC-20, from the inscription index's rows of one block (pure): each
 * candidate's creation (JSON content, allowed content type, not cursed, not unbound: see
 * brc20Candidate) and its later moves in the block, and the moves of earlier transfer-inscribes
 * still unused (`unused`). The pkscript comes from the address or the stored script, '' when the
 * coinbase placed it. `contents` holds candidates' contents parsed already (candidateContents).
 */
export function brc20Transfers(
  rows: readonly TransferLogRow[],
  unused: ReadonlySet<string>,
  scripts: ScriptMemo,
  contents: ReadonlyMap<string, Brc20Content> = candidateContents(rows),
): Brc20Transfer[] {
  const candidates = new Set<string>();
  const seen = new Set<string>();
  const transfers: Brc20Transfer[] = [];
  for (const row of rows) {
    const pkscript = row.sentAsFee
      ? ''
      : row.address !== null
        ? scripts.pkscript(row.address)
        : (row.script ?? '');
    const base = { inscriptionId: row.inscriptionId, sentAsFee: row.sentAsFee, pkscript };
    if (row.isNew && !seen.has(row.inscriptionId)) {
      seen.add(row.inscriptionId);
      const content = contents.get(row.inscriptionId) ?? null;
      if (content === null) continue;
      candidates.add(row.inscriptionId);
      transfers.push({ ...base, kind: 'inscribe', content, parent: row.parents[0] ?? null });
    } else if (candidates.has(row.inscriptionId) || unused.has(row.inscriptionId)) {
      transfers.push({ ...base, kind: 'move' });
    }
  }
  return transfers;
}

type Brc20Content = Record<string, unknown> | null;

/** Each new inscription's content as BRC-20 reads it (brc20Candidate), from its first row. */
function candidateContents(rows: readonly TransferLogRow[]): Map<string, Brc20Content> {
  const contents = new Map<string, Brc20Content>();
  for (const row of rows) {
    if (!row.isNew || contents.has(row.inscriptionId)) continue;
    const input = { contentType: row.contentType, body: row.content, charms: row.genesisCharms };
    contents.set(row.inscriptionId, brc20Candidate(input));
  }
  return contents;
}

/** The lower-cased ticks a block's transfers may touch (the rules check them). */
function touchedTicks(transfers: Brc20Transfer[], state: Pick<Brc20State, 'transferables'>) {
  const ticks = new Set<string>();
  for (const t of transfers) {
    const tick = t.content?.tick;
    // OPI ignores a tick holding \x00 (brc20_indexer.rs), and PostgreSQL text cannot hold one.
    if (typeof tick === 'string' && !tick.includes('\0')) ticks.add(tick.toLowerCase());
  }
  for (const t of state.transferables.values()) ticks.add(t.tick);
  return [...ticks];
}

/**
 * Every ticker whose supply or number of holders the block changed, with those changes: holders
 * move by the balances that left or reached zero overall, so no block counts them all again.
 */
function tickerWrites(before: Pick<Brc20State, 'tickers' | 'balances'>, result: Brc20BlockResult) {
  const holders = new Map<string, number>();
  for (const [key, delta] of result.balanceDeltas) {
    const tick = key.slice(key.lastIndexOf(';') + 1);
    const was = before.balances.get(key)?.overall ?? 0n;
    const is = was + delta.overall;
    const change = (is > 0n ? 1 : 0) - (was > 0n ? 1 : 0);
    if (change !== 0) holders.set(tick, (holders.get(tick) ?? 0) + change);
  }
  const ticks = new Set([...result.tickers.keys(), ...holders.keys()]);
  return [...ticks].map((tick) => {
    const old = before.tickers.get(tick);
    const ticker = result.tickers.get(tick) ?? old!;
    return {
      ticker,
      mintedDelta: ticker.mintedSupply - (old?.mintedSupply ?? 0n),
      burnedDelta: ticker.burnedSupply - (old?.burnedSupply ?? 0n),
      holdersDelta: holders.get(tick) ?? 0,
    };
  });
}

/** What the follower writes for a block, from the rules' result (pure). */
function blockWrite(
  at: { height: number; hash: string },
  before: Pick<Brc20State, 'tickers' | 'balances'>,
  result: Brc20BlockResult,
  previousCumulative: string | null,
  scripts: ScriptMemo,
): Brc20BlockWrite {
  const blockHash = blockEventHash(result.events);
  const address = scripts.address;
  return {
    ...at,
    events: result.events.map((e) => ({
      ...e,
      address: address(e.pkscript),
      spentAddress: e.spentPkscript === undefined ? null : address(e.spentPkscript),
    })),
    blockEventHash: blockHash,
    cumulativeEventHash: cumulativeEventHash(previousCumulative, blockHash),
    tickers: tickerWrites(before, result),
    balanceDeltas: [...result.balanceDeltas].map(([key, delta]) => {
      const split = key.lastIndexOf(';');
      const pkscript = key.slice(0, split);
      return { pkscript, tick: key.slice(split + 1), address: address(pkscript), delta };
    }),
    newTransferables: result.newTransferables.map((t) => ({
      ...t,
      sourceAddress: address(t.sourcePkscript),
    })),
    usedTransferables: result.usedTransferables,
  };
}

/** BRC-20 blocks computed together and written in one transaction while catching up. */
const BATCH_BLOCKS = 100;

/** The block's result folded into the state the next block reads (the batch keeps it in memory). */
function applyResult(state: Brc20State, result: Brc20BlockResult): void {
  for (const [tick, ticker] of result.tickers) state.tickers.set(tick, ticker);
  for (const [key, delta] of result.balanceDeltas) {
    const now = state.balances.get(key) ?? { overall: 0n, available: 0n };
    state.balances.set(key, {
      overall: now.overall + delta.overall,
      available: now.available + delta.available,
    });
  }
  for (const t of result.newTransferables) state.transferables.set(t.inscriptionId, t);
  for (const id of result.usedTransferables) state.transferables.delete(id);
}

/** A batch's blocks and their candidates' log, contents parsed: the inscription index's alone. */
interface BatchAhead {
  blocks: { height: number; hash: string }[];
  candidates: TransferLogRow[];
  contents: Map<string, Brc20Content>;
}

/** Reads a batch's share of the inscription index; nothing BRC-20 wrote, so it may run early. */
async function readAhead(db: Db, height: number, limit: number): Promise<BatchAhead> {
  const blocks = await chainBlocksFrom(db, height, limit);
  // Consecutive heights only: a gap means the inscription index is being rolled back.
  const run = blocks.filter((b, i) => b.height === height + i);
  if (run.length === 0) return { blocks: run, candidates: [], contents: new Map() };
  const candidates = await readCandidateLog(db, height, run.at(-1)!.height);
  return { blocks: run, candidates, contents: candidateContents(candidates) };
}

/** Two transfer logs ordered by height then seq, as one (OPI-ord's order). */
function mergeLogs(a: TransferLogRow[], b: TransferLogRow[]): TransferLogRow[] {
  if (b.length === 0) return a;
  return [...a, ...b].sort((x, y) => x.height - y.height || x.seq - y.seq);
}

/**
 * Computes consecutive blocks, once the blocks before them are written: the moves of unused
 * transferables and the state the log touches read, the blocks applied one after another in
 * memory. Answers every block's write.
 */
async function computeBlocks(
  db: Db,
  { activation, scripts }: { activation: Brc20Activation; scripts: ScriptMemo },
  { blocks, candidates, contents }: BatchAhead,
  previousCumulative: string | null,
): Promise<Brc20BlockWrite[]> {
  const moves = await readTransferableMoves(db, blocks[0]!.height, blocks.at(-1)!.height);
  const log = mergeLogs(candidates, moves);
  const movedIds = [...new Set(log.filter((r) => !r.isNew).map((r) => r.inscriptionId))];
  const transferables = await readTransferables(db, movedIds);
  // Every move in the log concerns a candidate of these blocks or an unused transferable: the
  // rules decide which ones transfer.
  const logged = new Set(log.map((r) => r.inscriptionId));
  const rowsAt = new Map<number, TransferLogRow[]>();
  for (const r of log) {
    const rows = rowsAt.get(r.height);
    if (rows) rows.push(r);
    else rowsAt.set(r.height, [r]);
  }
  const perBlock = blocks.map((b) =>
    brc20Transfers(rowsAt.get(b.height) ?? [], logged, scripts, contents),
  );
  const all = perBlock.flat();
  const ticks = touchedTicks(all, { transferables });
  const pkscripts = new Set(all.map((t) => t.pkscript).filter((p) => p !== ''));
  for (const t of transferables.values()) pkscripts.add(t.sourcePkscript);
  const state: Brc20State = {
    tickers: await readTickers(db, ticks),
    balances: await readBalances(db, [...pkscripts], ticks),
    transferables,
  };
  let cumulative = previousCumulative;
  return blocks.map((block, i) => {
    const result = applyBrc20Block(state, perBlock[i]!, { height: block.height, activation });
    // blockWrite reads the state as it was before the block: fold the result in after.
    const write = blockWrite(block, state, result, cumulative, scripts);
    applyResult(state, result);
    cumulative = write.cumulativeEventHash;
    return write;
  });
}

export interface Brc20Run {
  indexed: number;
  /** The last height this run wrote, when it wrote any. */
  height?: number;
  /** Caught up with the inscription index (false: stopped at maxBlocks or by a reorg). */
  isAtTip: boolean;
}

/**
 * Indexes BRC-20 for every block after its own tip up to the inscription index's tip, up to
 * BATCH_BLOCKS blocks per transaction, at most `maxBlocks` of them so the inscription indexer is
 * not held up. Stops early when a reorg is under way; the next run resumes from the tip.
 */
export async function indexBrc20(
  db: Db,
  network: BitcoinNetwork,
  maxBlocks = Number.POSITIVE_INFINITY,
): Promise<Brc20Run> {
  let indexed = 0;
  let tip = await readBrc20Tip(db);
  const activation = brc20Activation(network);
  const scripts = scriptMemo(network);
  const done = (isAtTip: boolean): Brc20Run =>
    indexed > 0 ? { indexed, height: tip!.height, isAtTip } : { indexed, isAtTip };
  // OPI hashes from the first inscription height on; our index may start lower (regtest, signet).
  const first = activation.firstInscriptionHeight;
  const lowest = tip ? undefined : await chainBlockAt(db);
  const start = tip ? tip.height + 1 : Math.max(first, lowest?.height ?? first);
  let ahead = maxBlocks > 0 ? readAhead(db, start, Math.min(BATCH_BLOCKS, maxBlocks)) : undefined;
  while (ahead) {
    const current = await ahead;
    if (current.blocks.length === 0) return done(true);
    const previous = tip?.cumulativeEventHash ?? null;
    const writes = await computeBlocks(db, { activation, scripts }, current, previous);
    const last = writes.at(-1)!;
    // The next batch's inscription rows are read while this one is written (on PostgreSQL by
    // another connection; PGlite queues them after the transaction).
    const left = maxBlocks - indexed - writes.length;
    ahead = left > 0 ? readAhead(db, last.height + 1, Math.min(BATCH_BLOCKS, left)) : undefined;
    // Awaited on the next turn; when this write fails it is dropped, and so is its error.
    void ahead?.catch(() => undefined);
    if (!(await writeBrc20Blocks(db, writes))) return done(false);
    indexed += writes.length;
    tip = { height: last.height, cumulativeEventHash: last.cumulativeEventHash };
  }
  return done(false);
}
