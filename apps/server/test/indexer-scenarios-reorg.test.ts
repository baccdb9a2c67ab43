// ord src/index.rs reorg tests, and deeper ones, with Bitcoin Core's invalidateblock: the index
// must end as if it had only ever seen the branch that won, equal to an index built from scratch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyLock, spend, template } from './helpers/chain-builder.ts';
import { consistent, dumpIndex, indexInvariants } from './helpers/index-dump.ts';
import { satpoint, ScenarioChain } from './helpers/scenario-chain.ts';

const hello = (n: number) => ({ contentType: 'text/plain;charset=utf-8', body: `hello ${n}` });

describe('ord scenarios on regtest: reorgs', () => {
  let chain: ScenarioChain;
  let body = 0;
  beforeAll(async () => {
    chain = await ScenarioChain.start();
  });
  afterAll(async () => {
    await chain?.stop();
  });

  /** A reveal of one new inscription into one output (funded in the same block). */
  const reveal = () => template([chain.commitCoin([hello(++body)], 10_000n)]);

  /** Numbers and sequences without gaps or duplicates, locations at their last transfer. */
  async function expectConsistent(): Promise<void> {
    const { blessedCount, cursedCount } = await chain.counters();
    for (const db of chain.dbs()) {
      expect(await indexInvariants(db)).toEqual(consistent(blessedCount, cursedCount));
    }
  }

  /** Every database equals an index of the node's chain built anew, in one run. */
  async function expectSameAsFreshIndex(): Promise<void> {
    await expectConsistent();
    const fresh = await chain.freshIndex();
    try {
      const expected = await dumpIndex(fresh);
      for (const db of chain.dbs()) expect(await dumpIndex(db)).toEqual(expected);
    } finally {
      await fresh.close();
    }
  }

  it('recover_from_reorg', async () => {
    const first = reveal();
    await chain.mine([first]);
    await chain.mineTo((await chain.height()) + 6);
    const second = reveal();
    await chain.mine([second]);
    expect((await chain.details(`${second.txid}i0`)).satpoint).toBe(satpoint(second.txid, 0, 0));

    await chain.invalidate(1);
    await chain.mineTo((await chain.height()) + 2);
    expect((await chain.details(`${first.txid}i0`)).satpoint).toBe(satpoint(first.txid, 0, 0));
    expect(await chain.exists(`${second.txid}i0`)).toBe(false);
    await expectConsistent();
  });

  it('recover_from_3_block_deep_and_consecutive_reorg', async () => {
    const first = reveal();
    await chain.mine([first]);
    await chain.mineTo((await chain.height()) + 10);
    const second = reveal();
    await chain.mine([second]);
    expect(await chain.exists(`${second.txid}i0`)).toBe(true);

    await chain.invalidate(3);
    await chain.mineTo((await chain.height()) + 4, { sync: false });
    await chain.sync(); // one look at the node: 3 blocks replaced by 4
    expect(await chain.exists(`${second.txid}i0`)).toBe(false);

    await chain.invalidate(1);
    await chain.mineTo((await chain.height()) + 2);
    expect((await chain.details(`${first.txid}i0`)).satpoint).toBe(satpoint(first.txid, 0, 0));
    await expectConsistent();
  });

  it('recover_from_very_unlikely_7_block_deep_reorg', async () => {
    const first = reveal();
    await chain.mine([first]);
    await chain.mineTo((await chain.height()) + 11);
    const second = reveal();
    await chain.mine([second]);
    await chain.mineTo((await chain.height()) + 6);

    await chain.invalidate(7);
    await chain.mineTo((await chain.height()) + 9);
    expect(await chain.exists(`${second.txid}i0`)).toBe(false);
    expect((await chain.details(`${first.txid}i0`)).satpoint).toBe(satpoint(first.txid, 0, 0));
    await expectConsistent();
  });

  it('3 blocks replaced by 4: a reveal not mined again disappears, a transfer lands in another block, numbers go on', async () => {
    const coins = [1, 2, 3, 4].map((n) => chain.commitCoin([hello(100 + n)], 10_000n));
    await chain.mine(); // the commits, confirmed below the fork
    const [x, y, z, w] = coins.map((coin) => template([coin]));
    const alice = x!.coin(0).lock;
    const bob = keyLock();
    const transfer = spend([x!.coin(0)], [{ lock: bob, value: 10_000n }]);
    const before = await chain.counters();
    const a1 = await chain.mine([x!, y!]);
    await chain.mine([transfer, z!]);
    await chain.mine([w!]);
    const number = async (tx: { txid: string }) => (await chain.details(`${tx.txid}i0`)).number;
    expect(await Promise.all([x!, y!, z!, w!].map(number))).toEqual(
      [0, 1, 2, 3].map((i) => before.blessedCount + i),
    );
    expect((await chain.transfers(`${x!.txid}i0`)).map((t) => t.height)).toEqual([
      a1.height + 1,
      a1.height,
    ]);

    // The other branch: y's commit is spent by another reveal (a new id), the transfer comes later.
    await chain.invalidate(3);
    const otherY = spend([coins[1]!], [{ lock: keyLock(), value: 10_000n }]);
    const b1 = await chain.mine([x!], { sync: false });
    await chain.mine([z!], { sync: false });
    await chain.mine([transfer], { sync: false });
    await chain.mine([w!, otherY], { sync: false });
    expect(b1.height).toBe(a1.height);
    await chain.sync(); // one look at the node: our 3 blocks replaced by its 4

    expect(await chain.exists(`${y!.txid}i0`)).toBe(false);
    expect((await chain.get(`/api/shared/inscriptions/${y!.txid}i0/transfers`)).statusCode).toBe(
      404,
    );
    expect(await chain.details(`${x!.txid}i0`)).toMatchObject({
      number: before.blessedCount,
      satpoint: satpoint(transfer.txid, 0, 0),
      address: bob.address,
    });
    expect(await chain.transfers(`${x!.txid}i0`)).toMatchObject([
      { txid: transfer.txid, height: b1.height + 2, address: bob.address },
      { txid: x!.txid, height: b1.height, address: alice.address },
    ]);
    expect(await Promise.all([z!, w!, otherY].map(number))).toEqual(
      [1, 2, 3].map((i) => before.blessedCount + i),
    );
    expect(await chain.details(`${z!.txid}i0`)).toMatchObject({ genesisHeight: b1.height + 1 });
    expect(await chain.counters()).toMatchObject({
      blessedCount: before.blessedCount + 4,
      nextSequence: before.nextSequence + 4,
    });
    // y's reveal outputs are gone; y's commit is spent by the other reveal.
    for (const db of chain.dbs()) {
      const utxos = await db.kysely
        .selectFrom('chain_utxos as u')
        .leftJoin('chain_spends as s', (j) =>
          j.onRef('s.txid', '=', 'u.txid').onRef('s.vout', '=', 'u.vout'),
        )
        .select(['u.txid', 'u.vout', 's.spent_txid'])
        .where('u.txid', 'in', [y!.txid, coins[1]!.txid])
        .execute();
      expect(utxos.filter((u) => u.txid === y!.txid)).toEqual([]);
      const commit = utxos.find((u) => u.txid === coins[1]!.txid && u.vout === coins[1]!.vout);
      expect(commit?.spent_txid).toBe(otherY.txid);
    }
    // The index after all of this file's reorgs is the one a single run over the chain builds.
    await expectSameAsFreshIndex();
  });

  // ord rolls back to the node's tip: a height the node no longer has is a mismatch.
  it('syncs while the node is 2 blocks behind the index: rolls back to the node tip', async () => {
    const second = reveal();
    await chain.mine([second]);
    const tip = await chain.mineTo((await chain.height()) + 2).then(() => chain.height());
    await chain.invalidate(3);
    try {
      await chain.sync();
      expect(await chain.exists(`${second.txid}i0`)).toBe(false);
    } finally {
      // Let the index recover for whatever runs next: a node one block behind is handled.
      await chain.mineTo(tip - 1, { sync: false });
      await chain.sync();
    }
  });
});
