import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { blockJson } from '../src/indexer/block-rows-json.ts';
import { INITIAL_COUNTERS } from '../src/indexer/chain-store.ts';
import type { BlockRows, LocationRow } from '../src/indexer/indexer.types.ts';
import { writeRows } from '../src/indexer/write-rows.ts';
import { createTestDb, databaseKinds } from './helpers/test-app.ts';

// write_block (db/functions/write_block.sql) keeps one plan per connection, made at its first
// block: these check what that plan and its guard promise, whatever the tables held when it was made.

const hash = (h: number) => h.toString(16).padStart(64, '0');
const txid = (c: string) => c.repeat(64);

function place(id: string, tx: string, order: number): LocationRow {
  return {
    id,
    sequence: order,
    satpoint: { txid: tx, vout: 0, offset: 0n },
    outputValue: 546n,
    address: 'bcrt1palice',
    txid: tx,
    addedCharms: [],
    sentAsFee: false,
    script: null,
    order,
  };
}

/** Block `height`: reveals `reveals` new inscriptions (numbered from `first`) and moves `moves`. */
function block(height: number, reveals: string[], moves: string[], first = 0): BlockRows {
  const tx = txid(String(height % 10));
  return {
    block: { height, hash: hash(height), previousHash: hash(height - 1), time: 1_700_000_000 },
    inscriptions: reveals.map((id, i) => ({
      id,
      number: first + i,
      sequence: first + i,
      genesisTxid: tx,
      genesisHeight: height,
      genesisTime: 1_700_000_000,
      genesisFee: 100n,
      contentType: 'text/plain',
      contentEncoding: null,
      metaprotocol: null,
      body: new TextEncoder().encode(id),
      parents: [],
      delegate: null,
      pointer: null,
      metadata: null,
      properties: null,
      charms: [],
    })),
    locations: [...reveals, ...moves].map((id, i) => place(id, tx, i)),
    createdUtxos: [],
    spentOutpoints: [],
    countersAfter: INITIAL_COUNTERS,
    inscribedOutputs: new Map(),
  };
}

const write = (
  k: Kysely<Database>,
  rows: BlockRows,
  asyncCommit = false,
  lookahead: string[] = [],
) => writeRows(k, rows, blockJson(rows, [], false), { startHeight: 0, asyncCommit, lookahead });

describe.each(databaseKinds())('write_block on %s', (kind) => {
  it('probes chain_inscriptions by key in every block, with the plan its first, empty block made', async () => {
    const db = await createTestDb(kind);
    try {
      // One transaction: one connection (the plan is the connection's) and its own scan counts
      // of this schema's table (PGlite's still hold the migrations' too: hence the difference).
      const scans = await db.kysely.transaction().execute(async (trx) => {
        const count = async () =>
          (
            await sql<{ seq_scan: string; idx_scan: string }>`
              select seq_scan::text, idx_scan::text from pg_stat_xact_user_tables
              where relid = 'chain_inscriptions'::regclass`.execute(trx)
          ).rows[0]!;
        const before = await count();
        await write(trx, block(0, [], []));
        const ids = Array.from({ length: 300 }, (_, i) => `${txid('e')}i${i}`);
        await write(trx, block(1, ids, []));
        // The read-ahead sees the outputs as they were before the block: all 300 still on tx 1's.
        const guard = await write(trx, block(2, [], ids.slice(0, 5), 300), false, [
          `${txid('1')}:0`,
        ]);
        expect(guard.lookahead).toHaveLength(300);
        const after = await count();
        return {
          seq: Number(after.seq_scan) - Number(before.seq_scan),
          idx: Number(after.idx_scan) - Number(before.idx_scan),
        };
      });
      expect(scans.seq).toBe(0);
      expect(scans.idx).toBeGreaterThan(0);
      const moved = await sql<{ n: number }>`select count(*)::int as n from chain_inscriptions
        where txid = ${txid('2')}`.execute(db.kysely);
      expect(moved.rows[0]?.n).toBe(5);
    } finally {
      await db.close();
    }
  });

  it('commits a catch-up block without waiting for the flush, and only that transaction', async () => {
    const db = await createTestDb(kind);
    try {
      const setting = () =>
        sql<{ s: string }>`select current_setting('synchronous_commit') as s`.execute(db.kysely);
      const before = (await setting()).rows[0]?.s;
      const during = await db.kysely.transaction().execute(async (trx) => {
        await write(trx, block(0, [], []), true);
        return (
          await sql<{ s: string }>`select current_setting('synchronous_commit') as s`.execute(trx)
        ).rows[0]?.s;
      });
      expect(during).toBe('off');
      expect((await setting()).rows[0]?.s).toBe(before);
    } finally {
      await db.close();
    }
  });

  it('writes nothing of a block that does not extend the tip, and answers the tip it read', async () => {
    const db = await createTestDb(kind);
    try {
      await write(db.kysely, block(0, [], []));
      const guard = await write(db.kysely, block(2, [`${txid('f')}i0`], []));
      expect(guard).toMatchObject({ existing: null, tip_height: 0, tip_hash: hash(0) });
      const counts = await sql<{ blocks: number; inscriptions: number }>`
        select (select count(*)::int from chain_blocks) as blocks,
          (select count(*)::int from chain_inscriptions) as inscriptions`.execute(db.kysely);
      expect(counts.rows[0]).toEqual({ blocks: 1, inscriptions: 0 });
      expect(await write(db.kysely, block(0, [], []))).toMatchObject({ existing: hash(0) });
    } finally {
      await db.close();
    }
  });
});
