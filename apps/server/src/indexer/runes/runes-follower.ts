import {
  addressOfScript,
  firstRuneHeight,
  formatSpacedRune,
  runeToName,
  type BitcoinNetwork,
} from '@om/bitcoin';
import type { BitcoinRpc } from '../../chain/rpc.ts';
import type { Db } from '../../db/create-db.ts';
import { chainBlockAt, chainBlocksFrom } from '../brc20/brc20-index.queries.ts';
import { applyRunesBlock, loadPlan } from './runes-block.rules.ts';
import { loadRunesState, readRunesTip } from './runes-load.queries.ts';
import { parseRawBlock } from './raw-block.ts';
import { runesBlockInput, runesRawBlockInput, type RunesRpcBlock } from './runes-tx.ts';
import { writeRunesBlocks, type RunesBlockWrite } from './runes-write.queries.ts';
import type { RunesBlockInput, RunesBlockResult, RunesState, RunesTx } from './runes.types.ts';

// The runes index follows the inscription index as the BRC-20 index does: block by block after
// its own tip, each block read from the node (raw, see readBlock) by the hash the inscription
// index holds, and written in batches, each one transaction that checks those hashes are still
// there (a reorg rolls both back together, in chain-store.ts). A kill between batches loses
// nothing; the next run resumes from the runes tip.

/** Blocks listed from the inscription index per read. */
const LIST_BLOCKS = 100;
/**
 * Blocks written per transaction while catching up: a block that touches no rune then costs one
 * read of its inputs' balances and its tip row, not a transaction of its own.
 */
const WRITE_BATCH = 50;

const hex = (script: Uint8Array) => Buffer.from(script).toString('hex');

/**
 * What the store writes for a block, from the transition's result (pure): each created balance
 * gets its output's script and address, found among the block's own transactions.
 */
export function runesBlockWrite(
  at: { height: number; hash: string },
  result: RunesBlockResult,
  txs: readonly RunesTx[],
  network: BitcoinNetwork,
): RunesBlockWrite {
  const byTxid = result.created.size === 0 ? new Map() : new Map(txs.map((tx) => [tx.txid, tx]));
  const created: RunesBlockWrite['created'] = [];
  for (const [outpoint, held] of result.created) {
    const split = outpoint.lastIndexOf(':');
    const output = byTxid.get(outpoint.slice(0, split))?.outputs[Number(outpoint.slice(split + 1))];
    if (!output) throw new Error(`runes: ${outpoint} is not an output of block ${at.height}`);
    const pkscript = hex(output.script);
    const address = addressOfScript(output.script, network) ?? null;
    for (const [runeId, amount] of held)
      created.push({ outpoint, runeId, amount, pkscript, address });
  }
  return {
    ...at,
    etched: result.etched.map((e) => ({
      ...e,
      name: runeToName(e.spacedRune.rune),
      spacedName: formatSpacedRune(e.spacedRune),
    })),
    supply: [...result.supply].map(([runeId, d]) => ({ runeId, ...d })),
    created,
    spent: result.spent,
    events: result.events,
  };
}

type ReadBlock = { input: RunesBlockInput; prevouts: RunesState['prevouts'] };

/** A block as the transition reads it: raw from the node, or in JSON with its undo data when it etches. */
async function readBlock(
  rpc: BitcoinRpc,
  at: { height: number; hash: string },
): Promise<ReadBlock> {
  const raw = await rpc.call<string>('getblock', [at.hash, 0]);
  const input = runesRawBlockInput(at.height, parseRawBlock(Buffer.from(raw, 'hex')));
  if (input) return { input, prevouts: new Map() };
  return runesBlockInput(await rpc.call<RunesRpcBlock>('getblock', [at.hash, 3]));
}

/** Blocks read from the node ahead of the one being applied (the read is most of a block's time). */
const READ_AHEAD = 4;

/** Reads `blocks` in order, up to READ_AHEAD of them ahead of the one taken. */
function readAhead(rpc: BitcoinRpc, blocks: readonly { height: number; hash: string }[]) {
  const reads = new Map<number, Promise<ReadBlock>>();
  let started = 0;
  return (height: number): Promise<ReadBlock> => {
    const at = height - blocks[0]!.height;
    for (; started < Math.min(blocks.length, at + 1 + READ_AHEAD); started++) {
      const reading = readBlock(rpc, blocks[started]!);
      // Dropped when the run stops early: its error is not the run's.
      void reading.catch(() => undefined);
      reads.set(started, reading);
    }
    const reading = reads.get(at);
    if (!reading) throw new Error(`runes: block ${height} was not listed or was taken already`);
    reads.delete(at);
    return reading;
  };
}

/**
 * Indexes `blocks` (consecutive, after the runes tip) in one transaction: each block's state read
 * through it (so it sees the blocks before it), ord's rules applied, its rows written; the node
 * reads the next blocks meanwhile. False when the guard refused the batch (nothing written).
 */
async function indexBatch(
  db: Db,
  take: (height: number) => Promise<ReadBlock>,
  network: BitcoinNetwork,
  blocks: readonly { height: number; hash: string }[],
): Promise<boolean> {
  let nextNumber: number | undefined;
  return writeRunesBlocks(db, blocks, async (trx, at) => {
    const { input, prevouts } = await take(at.height);
    const loaded = await loadRunesState({ kysely: trx }, loadPlan(input), nextNumber);
    const result = applyRunesBlock(input, { ...loaded, prevouts }, network);
    nextNumber = loaded.nextNumber + result.etched.length;
    return runesBlockWrite(at, result, input.txs, network);
  });
}

export interface RunesRun {
  indexed: number;
  /** The last height this run wrote, when it wrote any. */
  height?: number;
  /** Caught up with the inscription index (false: stopped at maxBlocks or by a reorg). */
  isAtTip: boolean;
}

/**
 * Indexes runes for every block after the runes tip up to the inscription index's tip, from the
 * network's first rune height (ord's), at most `maxBlocks` of them so the inscription indexer is
 * not held up. Consecutive blocks go in batches of WRITE_BATCH, each in one transaction; the node
 * reads the next block while one is applied and written.
 */
export async function indexRunes(
  db: Db,
  rpc: BitcoinRpc,
  network: BitcoinNetwork,
  maxBlocks = Number.POSITIVE_INFINITY,
): Promise<RunesRun> {
  let indexed = 0;
  let last: number | undefined;
  const done = (isAtTip: boolean): RunesRun =>
    last === undefined ? { indexed, isAtTip } : { indexed, height: last, isAtTip };
  const tip = await readRunesTip(db);
  const first = firstRuneHeight(network);
  const lowest = tip ? undefined : await chainBlockAt(db);
  let next = tip ? tip.height + 1 : Math.max(first, lowest?.height ?? first);
  while (indexed < maxBlocks) {
    const listed = await chainBlocksFrom(db, next, Math.min(LIST_BLOCKS, maxBlocks - indexed));
    // Consecutive heights only: a gap means the inscription index is being rolled back.
    const blocks = listed.filter((b, i) => b.height === next + i);
    if (blocks.length === 0) return done(true);
    const take = readAhead(rpc, blocks);
    for (let at = 0; at < blocks.length; at += WRITE_BATCH) {
      const batch = blocks.slice(at, at + WRITE_BATCH);
      if (!(await indexBatch(db, take, network, batch))) return done(false);
      indexed += batch.length;
      last = batch.at(-1)!.height;
    }
    next = last! + 1;
  }
  return done(false);
}
