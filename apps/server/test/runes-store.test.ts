// The runes index's store on a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is
// set): a block's write is read back as the next block's state, the guard refuses a block that is
// not the next one or whose hash the inscription index no longer has (a batch: any of its
// blocks'), and a rollback undoes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/create-db.ts';
import { loadRunesState, readRunesTip } from '../src/indexer/runes/runes-load.queries.ts';
import {
  rollbackRunes,
  writeRunesBlock,
  writeRunesBlocks,
  type RunesBlockWrite,
} from '../src/indexer/runes/runes-write.queries.ts';
import type { RuneEntry } from '../src/indexer/runes/runes.types.ts';
import { createTestDb, databaseKinds } from './helpers/test-app.ts';

const ETCH_TX = 'aa'.repeat(32);
const MINT_TX = 'bb'.repeat(32);

const entry: RuneEntry & { name: string; spacedName: string } = {
  id: '1:1',
  etching: ETCH_TX,
  spacedRune: { rune: 123456789012345678901234567890n, spacers: 1 },
  name: 'UNUSED',
  spacedName: 'U•NUSED',
  number: 0,
  divisibility: 2,
  symbol: 'ᚠ',
  premine: 1000n,
  terms: { amount: 50n, cap: 10n, height: [undefined, 20n], offset: [undefined, undefined] },
  turbo: true,
  mints: 0n,
  burned: 0n,
  block: 1,
  timestamp: 1_700_000_000,
};

async function addChainBlock(db: Db, height: number, hash: string) {
  await db.kysely
    .insertInto('chain_blocks')
    .values({
      height,
      hash,
      previous_hash: `p${height}`,
      block_time: new Date(1_700_000_000_000),
      counters: JSON.stringify({}),
    })
    .execute();
}

describe.each(databaseKinds())('runes store on %s', (kind) => {
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb(kind);
    await addChainBlock(db, 1, 'h1');
    await addChainBlock(db, 2, 'h2');
  });
  afterAll(async () => {
    await db?.close();
  });

  const block1: RunesBlockWrite = {
    height: 1,
    hash: 'h1',
    etched: [entry],
    supply: [{ runeId: '1:1', mints: 0n, burned: 0n }],
    created: [
      { outpoint: `${ETCH_TX}:0`, runeId: '1:1', amount: 1000n, pkscript: '51', address: 'a1' },
    ],
    spent: [],
    events: [{ txid: ETCH_TX, kind: 'etch', runeId: '1:1', amount: 1000n, vout: 0 }],
  };
  const block2: RunesBlockWrite = {
    height: 2,
    hash: 'h2',
    etched: [],
    supply: [{ runeId: '1:1', mints: 1n, burned: 400n }],
    created: [
      { outpoint: `${MINT_TX}:1`, runeId: '1:1', amount: 650n, pkscript: '52', address: 'a2' },
    ],
    spent: [`${ETCH_TX}:0`],
    events: [
      { txid: MINT_TX, kind: 'mint', runeId: '1:1', amount: 50n, vout: 1 },
      { txid: MINT_TX, kind: 'burn', runeId: '1:1', amount: 400n },
    ],
  };

  it('writes blocks in order only, and reads them back as state', async () => {
    expect(await writeRunesBlock(db, { ...block1, hash: 'other' })).toBe(false);
    expect(await writeRunesBlock(db, block1)).toBe(true);
    expect(await writeRunesBlock(db, block1)).toBe(false);
    expect(await writeRunesBlock(db, { ...block2, height: 3 })).toBe(false);
    const lists = {
      outpoints: [`${ETCH_TX}:0`, `${MINT_TX}:0`],
      runeIds: ['1:1', '9:9'],
      names: [entry.spacedRune.rune, 5n],
    };
    const state = await loadRunesState(db, lists);
    expect(state.balances).toEqual(new Map([[`${ETCH_TX}:0`, new Map([['1:1', 1000n]])]]));
    const { name: _n, spacedName: _s, ...stored } = entry;
    expect(state.entries).toEqual(new Map([['1:1', stored]]));
    expect(state.etchedNames).toEqual(new Map([[entry.spacedRune.rune, '1:1']]));
    expect(state.nextNumber).toBe(1);

    expect(await writeRunesBlock(db, block2)).toBe(true);
    expect(await readRunesTip(db)).toEqual({ height: 2, hash: 'h2' });
    const after = await loadRunesState(db, lists);
    expect(after.balances.size).toBe(0);
    expect(after.entries.get('1:1')).toMatchObject({ mints: 1n, burned: 400n });
    const events = await db.kysely.selectFrom('rune_events').selectAll().orderBy('seq').execute();
    expect(events.map((e) => [e.height, e.seq, e.kind, e.vout])).toEqual([
      [1, 0, 'etch', 0],
      [2, 0, 'mint', 1],
      [2, 1, 'burn', null],
    ]);
  });

  it('a rollback undoes the blocks above its height', async () => {
    await db.kysely.transaction().execute((trx) => rollbackRunes(trx, 1));
    expect(await readRunesTip(db)).toEqual({ height: 1, hash: 'h1' });
    const state = await loadRunesState(db, {
      outpoints: [`${ETCH_TX}:0`, `${MINT_TX}:1`],
      runeIds: ['1:1'],
      names: [],
    });
    expect(state.balances).toEqual(new Map([[`${ETCH_TX}:0`, new Map([['1:1', 1000n]])]]));
    expect(state.entries.get('1:1')).toMatchObject({ mints: 0n, burned: 0n });
    await db.kysely.transaction().execute((trx) => rollbackRunes(trx, 0));
    const empty = await loadRunesState(db, { outpoints: [], runeIds: ['1:1'], names: [] });
    expect(empty.entries.size).toBe(0);
    expect(empty.nextNumber).toBe(0);
    expect(await readRunesTip(db)).toBeUndefined();
  });

  it('writes a batch whole, each block reading the one before it, or nothing when a hash is gone', async () => {
    const computed: number[] = [];
    const refused = await writeRunesBlocks(
      db,
      [block1, { ...block2, hash: 'gone' }],
      async (_, b) => {
        computed.push(b.height);
        return b;
      },
    );
    expect(refused).toBe(false);
    expect(computed).toEqual([]);
    expect(await readRunesTip(db)).toBeUndefined();

    const seen: number[] = [];
    const written = await writeRunesBlocks(db, [block1, block2], async (trx, b) => {
      // Block 2 sees block 1's balance, written earlier in the same transaction.
      const state = await loadRunesState(
        { kysely: trx },
        { outpoints: [`${ETCH_TX}:0`], runeIds: [], names: [] },
      );
      seen.push(state.balances.size);
      return b;
    });
    expect(written).toBe(true);
    expect(seen).toEqual([0, 1]);
    expect(await readRunesTip(db)).toEqual({ height: 2, hash: 'h2' });
  });
});
