import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/create-db.ts';
import type { Database } from '../db/database.ts';
import { blockJson } from './block-rows-json.ts';
import type { OutputSpend } from './decode-rpc-block.ts';
import type { BlockRows, InscriptionsOnOutputs } from './indexer.types.ts';
import { inscriptionsOnOutputs, toInscriptionsOnOutputs } from './inscriptions-on-outputs.ts';
import { writeRows, type Guard } from './write-rows.ts';

/** Writes of one block share a transaction; this lock keeps two indexers from interleaving. */
export const INDEXER_LOCK = 7265737;

class NotNextBlockError extends Error {
  override name = 'NotNextBlockError';
}

interface WriteBlockOptions {
  indexUtxos: boolean;
  startHeight: number;
  spends: OutputSpend[];
  /**
   * Commit without waiting for the WAL flush (synchronous_commit off), for blocks below the node's
   * tip while catching up; on a PostgreSQL server only. Still atomic, and killing the indexer loses
   * nothing: only a crash of the server itself can forget the last blocks written, tip included,
   * and the indexer writes them again. PGlite runs inside the indexer, so there a kill is such a
   * crash: it keeps synchronous commits.
   */
  asyncCommit?: boolean;
}

interface WrittenBlock {
  result: 'written' | 'already';
  /** The inscriptions on the lookahead outputs, read before this block was applied. */
  lookahead: InscriptionsOnOutputs;
}

/** Writes consecutive blocks (withBlockWriter), and reads through the same connection. */
export interface BlockWriter {
  /**
   * Writes one block in its own transaction; also reads the inscriptions on `lookahead` (outputs
   * a later block spends) in the same round trip, as they were before this block.
   */
  write(rows: BlockRows, opts: WriteBlockOptions, lookahead?: string[]): Promise<WrittenBlock>;
  inscriptionsOn(outpoints: string[]): Promise<InscriptionsOnOutputs>;
}

/** 'written' or 'already' from what the guard read; NotNextBlockError when nothing was written. */
function outcome(rows: BlockRows, guard: Guard, startHeight: number): 'written' | 'already' {
  const { block } = rows;
  if (guard.existing === block.hash) return 'already';
  const isNext =
    guard.tip_height !== null
      ? guard.tip_height + 1 === block.height && guard.tip_hash === block.previousHash
      : block.height === startHeight;
  if (!isNext) {
    throw new NotNextBlockError(
      `block ${block.height} ${block.hash} does not extend the tip ${guard.tip_height ?? 'none'}`,
    );
  }
  return 'written';
}

/** The guarded statement; the caller holds the indexer's lock. */
async function writeGuarded(
  conn: Kysely<Database>,
  db: Db,
  rows: BlockRows,
  opts: WriteBlockOptions,
  lookahead: string[] = [],
): Promise<WrittenBlock> {
  const asyncCommit = (opts.asyncCommit ?? false) && db.kind === 'postgres';
  const json = blockJson(rows, opts.spends, opts.indexUtxos);
  const { startHeight } = opts;
  const guard = await writeRows(conn, rows, json, { startHeight, asyncCommit, lookahead });
  return {
    result: outcome(rows, guard, startHeight),
    lookahead: toInscriptionsOnOutputs(guard.lookahead ?? []),
  };
}

/**
 * Runs `fn` with a writer of consecutive blocks, each in a transaction of its own: the block's
 * one statement (writeRows), whose guard reads the tip in the statement's own snapshot.
 *
 * On PostgreSQL the writer keeps one connection and holds the indexer's lock, as a session lock,
 * for the whole run, so that snapshot is taken under the lock; its reads queue on that connection
 * too, so a pool of any size will do. On PGlite the statement is its own transaction, without the
 * lock: PGlite runs one statement at a time, and its data dir is this process's alone, so no other
 * writer can come between the guard and the write. A begin, a lock and a commit around it were
 * three more calls into its WASM per block (docs/benchmarks.md, bench:indexer).
 */
export async function withBlockWriter<T>(
  db: Db,
  fn: (writer: BlockWriter) => Promise<T>,
): Promise<T> {
  if (db.kind !== 'postgres') {
    return fn({
      write: (rows, opts, lookahead) =>
        db.kysely.connection().execute((conn) => writeGuarded(conn, db, rows, opts, lookahead)),
      inscriptionsOn: (outpoints) => inscriptionsOnOutputs(db, outpoints),
    });
  }
  return db.kysely.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${sql.lit(INDEXER_LOCK)})`.execute(conn);
    try {
      return await fn({
        write: (rows, opts, lookahead) => writeGuarded(conn, db, rows, opts, lookahead),
        inscriptionsOn: (outpoints) => inscriptionsOnOutputs({ kysely: conn }, outpoints),
      });
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(INDEXER_LOCK)})`.execute(conn);
    }
  });
}
