// The runes index on a real regtest node, on every test database (each answers alike): a rune
// etched through a commit and a reveal six blocks apart (premine and open terms), minted, sent on
// by an edict, and burned by a cenotaph; the API's supply, mints, holders and balances after each;
// a reorg undoes a block's balances and mining it again restores them; and after all of it, every
// database holds what a fresh index of the same chain holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/create-db.ts';
import { indexRunes } from '../src/indexer/runes/runes-follower.ts';
import { keyLock, type BuiltTx, type Coin } from './helpers/chain-builder.ts';
import {
  indexRunesEverywhere,
  mineRunes,
  RUNE_OUTPUT,
  runeCommitLock,
  runesTx,
  spacedRune,
} from './helpers/runes.ts';
import { ScenarioChain } from './helpers/scenario-chain.ts';

const NAME = 'RUNE•STORE•INDEX•TEST';
/** ord's Cenotaph tag (126) with a value: an unrecognized even tag makes a cenotaph. */
const CENOTAPH_SCRIPT = Uint8Array.of(0x6a, 0x5d, 0x02, 0x7e, 0x00);

type Payload = Record<string, unknown>;

/** The runes index's rows, in a fixed order, for comparing two databases. */
async function runesDump(db: Db) {
  const { kysely } = db;
  return {
    blocks: await kysely
      .selectFrom('rune_blocks')
      .select(['height', 'hash'])
      .orderBy('height')
      .execute(),
    entries: await kysely.selectFrom('rune_entries').selectAll().orderBy('id').execute(),
    balances: await kysely
      .selectFrom('rune_balances')
      .selectAll()
      .orderBy('outpoint')
      .orderBy('rune_id')
      .execute(),
    events: await kysely
      .selectFrom('rune_events')
      .selectAll()
      .orderBy('height')
      .orderBy('seq')
      .execute(),
  };
}

describe('runes index', () => {
  let chain: ScenarioChain;
  const alice = keyLock();
  const bob = keyLock();
  const carol = keyLock();
  let runeId = '';
  let premineCoin: Coin;
  let bobCoin: Coin;
  let cenotaph: BuiltTx;
  let mintAndTransfer: BuiltTx[] = [];

  async function json(url: string, status = 200): Promise<Payload> {
    const res = await chain.get(url);
    expect({ url, status: res.statusCode }).toEqual({ url, status });
    return (res.json() as { payload: Payload }).payload;
  }
  const rune = async () => (await json(`/api/runes/${runeId}`)).rune as Payload;
  const balances = async (address: string) =>
    (await json(`/api/runes/balances/${address}`)).balances as Payload[];

  beforeAll(async () => {
    chain = await ScenarioChain.start();
  });
  afterAll(async () => {
    await chain?.stop();
  });

  it('etches a rune whose commitment was confirmed six blocks before', async () => {
    const { rune: name, spacers } = spacedRune(NAME);
    const commit = chain.coin(RUNE_OUTPUT * 2n, runeCommitLock(name));
    await chain.mine();
    const commitHeight = await chain.height();
    // The reveal's block is the sixth confirmation of the commit (ord's COMMIT_CONFIRMATIONS).
    await chain.mineTo(commitHeight + 4);
    const reveal = runesTx([commit], [alice], {
      edicts: [],
      etching: {
        rune: name,
        spacers,
        divisibility: 2,
        symbol: 'ᚱ',
        premine: 1000n,
        terms: {
          amount: 100n,
          cap: 5n,
          height: [undefined, undefined],
          offset: [undefined, undefined],
        },
        turbo: false,
      },
    });
    await mineRunes(chain, [reveal]);
    const etchHeight = await chain.height();
    expect(etchHeight - commitHeight + 1).toBe(6);
    premineCoin = reveal.coin(0);

    const byName = (await json(`/api/runes/${NAME.toLowerCase()}`)).rune as Payload;
    runeId = byName.id as string;
    expect(runeId).toMatch(new RegExp(`^${etchHeight}:\\d+$`));
    expect(byName).toMatchObject({
      name: NAME,
      number: 0,
      divisibility: 2,
      symbol: 'ᚱ',
      premine: '1000',
      mints: '0',
      burned: '0',
      supply: '1000',
      holders: 1,
      turbo: false,
      terms: { amount: '100', cap: '5', heightStart: null, heightEnd: null },
      etchingTxid: reveal.txid,
      etchingBlock: etchHeight,
    });
    expect(await json(`/api/runes/${encodeURIComponent('RUNESTOREINDEXTEST')}`)).toEqual({
      rune: byName,
    });
    expect(await balances(alice.address)).toEqual([
      {
        runeId,
        name: NAME,
        symbol: 'ᚱ',
        divisibility: 2,
        amount: '1000',
        outpoints: [`${reveal.txid}:0`],
      },
    ]);
    const list = await json('/api/runes?search=rune.store');
    expect(list).toMatchObject({ total: 1, runes: [{ id: runeId }] });
    expect(await json('/api/runes?search=ZZZ')).toEqual({ runes: [], total: 0 });
  }, 120_000);

  it('a name committed too recently etches nothing', async () => {
    const { rune: name } = spacedRune('RUNESTOREINDEXYOUNG');
    const commit = chain.coin(RUNE_OUTPUT, runeCommitLock(name));
    await chain.mine();
    await mineRunes(chain, [
      runesTx([commit], [keyLock()], {
        edicts: [],
        etching: { rune: name, premine: 1n, turbo: false },
      }),
    ]);
    await json('/api/runes/RUNESTOREINDEXYOUNG', 404);
  }, 120_000);

  it('an output holding runes is never cardinal (not padding, not fee); its UTXO carries them', async () => {
    const plain = chain.coin(5_000n, alice);
    await mineRunes(chain, []);
    const utxos = await json(`/api/shared/address/${alice.address}/utxos`);
    const outpoints = (list: unknown) =>
      (list as { txid: string; vout: number }[]).map((u) => `${u.txid}:${u.vout}`);
    expect(outpoints(utxos.cardinal)).toEqual([`${plain.txid}:${plain.vout}`]);
    expect(outpoints(utxos.inscribed)).toEqual([`${premineCoin.txid}:${premineCoin.vout}`]);
    expect(utxos.inscribed).toMatchObject([
      { inscriptionIds: [], runes: [{ runeId, name: NAME, divisibility: 2, amount: '1000' }] },
    ]);
  }, 120_000);

  it('mints within the terms, and an edict sends part of the premine on', async () => {
    const [block, tx] = runeId.split(':').map(Number) as [number, number];
    const mint = runesTx([chain.coin(RUNE_OUTPUT)], [bob], {
      edicts: [],
      mint: { block, tx },
    });
    bobCoin = mint.coin(0);
    // 300 to carol (output 1); the 700 left go to the first output that is not OP_RETURN: alice.
    const transfer = runesTx([premineCoin], [alice, carol], {
      edicts: [{ id: { block, tx }, amount: 300n, output: 1 }],
    });
    mintAndTransfer = [mint, transfer];
    await mineRunes(chain, mintAndTransfer);
    expect(await rune()).toMatchObject({ mints: '1', burned: '0', supply: '1100', holders: 3 });
    expect((await balances(bob.address)).map((b) => b.amount)).toEqual(['100']);
    expect(await balances(carol.address)).toMatchObject([
      { amount: '300', outpoints: [`${transfer.txid}:1`] },
    ]);
    expect(await balances(alice.address)).toMatchObject([
      { amount: '700', outpoints: [`${transfer.txid}:0`] },
    ]);
  }, 120_000);

  it('a cenotaph burns the runes of its inputs', async () => {
    cenotaph = runesTx([bobCoin], [bob], CENOTAPH_SCRIPT);
    await mineRunes(chain, [cenotaph]);
    expect(await rune()).toMatchObject({ mints: '1', burned: '100', supply: '1000', holders: 2 });
    expect(await balances(bob.address)).toEqual([]);
  }, 120_000);

  it('a reorg undoes the block, and mining it again restores it', async () => {
    await chain.invalidate(1);
    await chain.mine([], { sync: false });
    await chain.sync();
    await indexRunesEverywhere(chain);
    expect(await rune()).toMatchObject({ burned: '0', supply: '1100', holders: 3 });
    expect((await balances(bob.address)).map((b) => b.amount)).toEqual(['100']);

    await mineRunes(chain, [cenotaph]);
    expect(await rune()).toMatchObject({ burned: '100', supply: '1000', holders: 2 });
    expect(await balances(bob.address)).toEqual([]);
  }, 120_000);

  it('a 3-deep reorg undoes a mint, a transfer and a burn; the blocks mined again redo them', async () => {
    // The mint and transfer block, the empty one the last reorg mined, the cenotaph's.
    await chain.invalidate(3);
    await chain.mine([], { sync: false });
    await chain.sync();
    await indexRunesEverywhere(chain);
    expect(await rune()).toMatchObject({ mints: '0', burned: '0', supply: '1000', holders: 1 });
    expect(await balances(alice.address)).toMatchObject([
      { amount: '1000', outpoints: [`${premineCoin.txid}:0`] },
    ]);
    expect(await balances(carol.address)).toEqual([]);

    await mineRunes(chain, mintAndTransfer);
    await mineRunes(chain, [cenotaph]);
    expect(await rune()).toMatchObject({ mints: '1', burned: '100', supply: '1000', holders: 2 });
    expect((await balances(carol.address)).map((b) => b.amount)).toEqual(['300']);
  }, 120_000);

  it('lists sorted and paged, and refuses bad input with a message', async () => {
    const byHolders = await json('/api/runes?sort=holders&order=desc&limit=1');
    expect(byHolders).toMatchObject({ total: 1, runes: [{ id: runeId, holders: 2 }] });
    expect(await json('/api/runes?offset=1')).toMatchObject({ total: 1, runes: [] });
    await json('/api/runes?sort=age', 400);
    await json('/api/runes?limit=500', 400);
    await json('/api/runes/balances/not-an-address', 400);
    await json('/api/runes/1:99999', 404);
    await json('/api/runes/lowercase-bad!', 404);
  }, 60_000);

  it('every database holds what a fresh index of the chain holds, in one run or stopped between blocks', async () => {
    const fresh = await chain.freshIndex();
    const stepped = await chain.freshIndex();
    try {
      expect(await indexRunes(fresh, chain.rpc, 'regtest')).toMatchObject({ isAtTip: true });
      const expected = await runesDump(fresh);
      expect(expected.blocks).toHaveLength((await chain.height()) + 1);
      for (const db of chain.dbs()) expect(await runesDump(db)).toEqual(expected);
      // Runs of at most 7 blocks, each resuming from the runes tip the last one left.
      for (let runs = 0; ; runs++) {
        expect(runs).toBeLessThan(100);
        const run = await indexRunes(stepped, chain.rpc, 'regtest', 7);
        expect(run.indexed).toBeLessThanOrEqual(7);
        if (run.isAtTip) break;
      }
      expect(await runesDump(stepped)).toEqual(expected);
    } finally {
      await fresh.close();
      await stepped.close();
    }
  }, 180_000);
});
