import { sql, type Kysely, type Transaction } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';
import { INDEXER_LOCK } from '../write-block.ts';
import { termsToStored } from './runes-load.queries.ts';
import type { RuneEntry, RuneEvent } from './runes.types.ts';

// The runes index's writes: one block in one transaction, guarded like the BRC-20 index's (the
// inscription index must still hold the block's hash, and it must be the next runes block), and
// the rollback chain-store.ts runs inside its own. Rows go in as one array per column (unnest).

/** Everything one block writes, scripts and addresses resolved. */
export interface RunesBlockWrite {
  height: number;
  /** The inscription index's hash at `height` when the block was read. */
  hash: string;
  etched: (RuneEntry & { name: string; spacedName: string })[];
  supply: { runeId: string; mints: bigint; burned: bigint }[];
  created: {
    outpoint: string;
    runeId: string;
    amount: bigint;
    pkscript: string;
    address: string | null;
  }[];
  spent: string[];
  events: RuneEvent[];
}

/**
 * Writes one block under the indexer's lock, only if it is the next runes block and the
 * inscription index still has its hash; answers false otherwise (a reorg is under way, or another
 * process wrote it): the caller starts over from the runes tip.
 */
export function writeRunesBlock(db: Db, write: RunesBlockWrite): Promise<boolean> {
  return writeRunesBlocks(db, [write], async () => write);
}

/**
 * Writes consecutive blocks in one transaction under the indexer's lock, if the first is the next
 * runes block and the inscription index holds every one's hash (the lock keeps them there until
 * the commit); false, writing nothing, otherwise. `compute` answers each block's write in order,
 * reading the state through `trx`, which sees the blocks before it in the batch.
 */
export async function writeRunesBlocks<B extends { height: number; hash: string }>(
  db: Db,
  blocks: readonly B[],
  compute: (trx: Transaction<Database>, block: B) => Promise<RunesBlockWrite>,
): Promise<boolean> {
  const first = blocks[0];
  if (!first) return true;
  return db.kysely.transaction().execute(async (trx) => {
    // Derived data, as the BRC-20 index: a PostgreSQL server crash only has blocks indexed again
    // (see writeBrc20Blocks); PGlite keeps synchronous commits.
    const durability = db.kind === 'postgres' ? 'off' : 'on';
    await sql`select pg_advisory_xact_lock(${sql.lit(INDEXER_LOCK)}),
      set_config('synchronous_commit', ${durability}, true)`.execute(trx);
    const heights = blocks.map((b) => b.height);
    const { rows } = await sql<{ tip: number | null; hashes: string[] | null }>`
      select (select max(height) from rune_blocks) as tip,
        (select array_agg(hash order by height) from chain_blocks
          where height = any(${heights}::int[])) as hashes`.execute(trx);
    const guard = rows[0]!;
    const isNext = guard.tip === null || guard.tip + 1 === first.height;
    const hashes = guard.hashes ?? [];
    const isHeld = hashes.length === blocks.length && blocks.every((b, i) => hashes[i] === b.hash);
    if (!isNext || !isHeld) return false;
    for (const block of blocks) await writeRows(trx, await compute(trx, block));
    // The tip rows go in once per batch: a block that touches no rune writes nothing else.
    await sql`insert into rune_blocks (height, hash)
      select * from unnest(${heights}::int[], ${blocks.map((b) => b.hash)}::text[])`.execute(trx);
    return true;
  });
}

async function writeRows(trx: Transaction<Database>, w: RunesBlockWrite): Promise<void> {
  const { height } = w;
  if (w.etched.length > 0) {
    // Mints and burns, the etching block's too, come as supply deltas below.
    await trx
      .insertInto('rune_entries')
      .values(
        w.etched.map((e) => ({
          id: e.id,
          rune: e.spacedRune.rune.toString(),
          name: e.name,
          spaced_name: e.spacedName,
          spacers: e.spacedRune.spacers,
          number: e.number,
          divisibility: e.divisibility,
          symbol: e.symbol ?? null,
          premine: e.premine.toString(),
          terms: e.terms === undefined ? null : JSON.stringify(termsToStored(e.terms)),
          turbo: e.turbo,
          etching: e.etching,
          block: e.block,
          timestamp: e.timestamp,
        })),
      )
      .execute();
  }
  const supply = w.supply.filter((s) => s.mints !== 0n || s.burned !== 0n);
  if (supply.length > 0) {
    const ids = supply.map((s) => s.runeId);
    const mints = supply.map((s) => s.mints.toString());
    const burned = supply.map((s) => s.burned.toString());
    await sql`
      with changes as (
        insert into rune_supply_changes (height, rune_id, mints, burned)
        select ${height}::int, * from unnest(${ids}::text[], ${mints}::numeric[],
          ${burned}::numeric[])
      )
      update rune_entries as e set mints = e.mints + d.mints, burned = e.burned + d.burned
      from unnest(${ids}::text[], ${mints}::numeric[], ${burned}::numeric[])
        as d(id, mints, burned)
      where e.id = d.id`.execute(trx);
  }
  if (w.spent.length > 0) {
    await trx
      .updateTable('rune_balances')
      .set({ spent_height: height })
      .where('outpoint', '=', sql<string>`any(${w.spent}::text[])`)
      .where('spent_height', 'is', null)
      .execute();
  }
  if (w.created.length > 0) {
    const c = w.created;
    await sql`
      insert into rune_balances (outpoint, rune_id, amount, pkscript, address, created_height)
      select *, ${height}::int from unnest(${c.map((r) => r.outpoint)}::text[],
        ${c.map((r) => r.runeId)}::text[], ${c.map((r) => r.amount.toString())}::numeric[],
        ${c.map((r) => r.pkscript)}::text[], ${c.map((r) => r.address)}::text[])`.execute(trx);
  }
  if (w.events.length > 0) {
    const e = w.events;
    await sql`
      insert into rune_events (height, seq, txid, kind, rune_id, amount, vout)
      select ${height}::int, (t.s - 1)::int, t.txid, t.kind, t.rune_id, t.amount, t.vout
      from unnest(${e.map((v) => v.txid)}::text[],
        ${e.map((v) => v.kind)}::text[], ${e.map((v) => v.runeId)}::text[],
        ${e.map((v) => v.amount.toString())}::numeric[], ${e.map((v) => v.vout ?? null)}::int[])
        with ordinality as t(txid, kind, rune_id, amount, vout, s)`.execute(trx);
  }
}

/** Undoes every runes block above `height`, inside the caller's transaction (chain-store.ts). */
export async function rollbackRunes(trx: Kysely<Database>, height: number): Promise<void> {
  await sql`
    update rune_entries as e set mints = e.mints - d.mints, burned = e.burned - d.burned
    from (select rune_id, sum(mints) as mints, sum(burned) as burned
      from rune_supply_changes where height > ${height}::int group by rune_id) as d
    where e.id = d.rune_id`.execute(trx);
  await trx.deleteFrom('rune_supply_changes').where('height', '>', height).execute();
  await trx.deleteFrom('rune_entries').where('block', '>', height).execute();
  await trx.deleteFrom('rune_balances').where('created_height', '>', height).execute();
  await trx
    .updateTable('rune_balances')
    .set({ spent_height: null })
    .where('spent_height', '>', height)
    .execute();
  await trx.deleteFrom('rune_events').where('height', '>', height).execute();
  await trx.deleteFrom('rune_blocks').where('height', '>', height).execute();
}
