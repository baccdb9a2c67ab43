import type { Db } from '../db/create-db.ts';
import type { BlockSource, FetchedBlock } from './block-source.ts';
import { blockToRows } from './block-to-rows.ts';
import { INITIAL_COUNTERS, type ChainTip } from './chain-store.ts';
import { blockSpends } from './decode-rpc-block.ts';
import type {
  BlockRows,
  ChainBlock,
  IndexerCounters,
  InscriptionsOnOutputs,
  NetworkRules,
} from './indexer.types.ts';
import { withBlockWriter, type BlockWriter } from './write-block.ts';

export interface IndexBlocksDeps {
  db: Db;
  /** The node's blocks, read and decoded. */
  blocks: BlockSource;
  rules: NetworkRules;
  indexUtxos: boolean;
  startHeight: number;
  /** Called once a block's transaction has committed, in block order. */
  onWritten(block: ChainBlock, rows: BlockRows): void;
}

/** A block computed, perhaps not committed yet, as the two blocks after it need it. */
interface Recent {
  /** Every output the block created, "txid:vout". */
  created: Set<string>;
  /** The outputs it created that hold inscriptions after it. */
  inscribed: InscriptionsOnOutputs;
}

type Settled = { result: 'written' | 'already' } | { error: unknown };

const outpoint = (o: { txid: string; vout: number }) => `${o.txid}:${o.vout}`;

function createdBy(block: ChainBlock): Set<string> {
  return new Set(block.txs.flatMap((tx) => tx.outputs.map((_, vout) => `${tx.txid}:${vout}`)));
}

/**
 * The inscriptions on the outputs a block spends. An output's inscriptions never change between
 * the block that creates it and the block that spends it, so the store may answer from any
 * snapshot taken after the creating block committed: `stored` covers every output but those of
 * the two blocks before (their writes may be in flight), which come from their own rows.
 */
function onOutputs(
  stored: InscriptionsOnOutputs,
  outpoints: string[],
  recent: readonly Recent[],
): InscriptionsOnOutputs {
  const result = new Map(stored);
  for (const o of outpoints) {
    for (const { inscribed } of recent) {
      const onOutput = inscribed.get(o);
      if (onOutput) result.set(o, onOutput);
    }
  }
  return result;
}

const fromStore = (outpoints: string[], created: readonly Set<string>[]) =>
  outpoints.filter((o) => !created.some((set) => set.has(o)));

/**
 * What the write of `block` can read for the block two after it, when both are already fetched:
 * its spent outputs but those created by `block` (rows) and the block between (fetched).
 */
function lookahead(block: ChainBlock, created: Set<string>, following: FetchedBlock[]) {
  const [between, target] = following;
  if (!between || !target) return undefined;
  const isChained =
    between.block.previousHash === block.hash && target.block.previousHash === between.block.hash;
  if (!isChained) return undefined;
  const outpoints = blockSpends(target.block).map(outpoint);
  return {
    hash: target.block.hash,
    outpoints: fromStore(outpoints, [created, createdBy(between.block)]),
  };
}

/**
 * Indexes the blocks after `tip` while each extends the one before, in a pipeline: bitcoind
 * serialises the next blocks (the BlockStream reads them ahead), the next block's rows are
 * computed while the current one is written, and each write also reads the store for the block
 * two after it. Every block is still written in its own transaction. Stops at the node's tip, or
 * early (isAtTip false) when a block does not extend ours (the node reorganised) or another
 * indexer had written it: the caller then starts over from the database's tip.
 */
export function indexBlocksFrom(
  deps: IndexBlocksDeps,
  tip: ChainTip | undefined,
): Promise<{ written: number; isAtTip: boolean }> {
  return withBlockWriter(deps.db, (writer) => indexWith(writer, deps, tip));
}

async function indexWith(
  writer: BlockWriter,
  deps: IndexBlocksDeps,
  tip: ChainTip | undefined,
): Promise<{ written: number; isAtTip: boolean }> {
  const { indexUtxos, startHeight, rules } = deps;
  const blocks = deps.blocks.from(tip ? tip.height + 1 : startHeight);
  let tipHash = tip?.hash;
  let counters: IndexerCounters = tip?.counters ?? INITIAL_COUNTERS;
  /** The last two blocks computed, oldest first. */
  const recent: Recent[] = [];
  /** Store reads carried by earlier writes, by the hash of the block they were read for. */
  const carried = new Map<string, InscriptionsOnOutputs>();
  let writing: Promise<Settled> | undefined;
  let written = 0;
  /** Waits for the write in flight; false when another indexer had written that block. */
  const settle = async () => {
    const outcome = await writing;
    writing = undefined;
    if (outcome === undefined) return true;
    if ('error' in outcome) throw outcome.error;
    if (outcome.result === 'already') return false;
    written += 1;
    return true;
  };
  try {
    for (let next = await blocks.next(); next; next = await blocks.next()) {
      const { block, isTip } = next;
      if (tipHash !== undefined && block.previousHash !== tipHash) {
        await settle();
        return { written, isAtTip: false };
      }
      const spends = blockSpends(block);
      const outpoints = spends.map(outpoint);
      const created = recent.map((r) => r.created);
      const stored =
        carried.get(block.hash) ?? (await writer.inscriptionsOn(fromStore(outpoints, created)));
      carried.delete(block.hash);
      const rows = blockToRows(block, {
        counters,
        onOutputs: onOutputs(stored, outpoints, recent),
        rules,
      });
      if (!(await settle())) return { written, isAtTip: false };

      recent.push({ created: createdBy(block), inscribed: rows.inscribedOutputs });
      if (recent.length > 2) recent.shift();
      const ahead = lookahead(block, recent.at(-1)!.created, blocks.peek(2));
      const opts = { indexUtxos, startHeight, spends, asyncCommit: !isTip };
      writing = writer.write(rows, opts, ahead?.outpoints).then(
        ({ result, lookahead: read }) => {
          if (result === 'written') deps.onWritten(block, rows);
          if (ahead) carried.set(ahead.hash, read);
          return { result };
        },
        (error: unknown) => ({ error }),
      );
      tipHash = block.hash;
      counters = rows.countersAfter;
    }
    return { written, isAtTip: await settle() };
  } finally {
    blocks.stop();
    // On an error, the write in flight still finishes before the caller hears of it.
    await writing;
  }
}
