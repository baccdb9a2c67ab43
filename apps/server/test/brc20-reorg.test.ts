// Reorgs across BRC-20 activity (Bitcoin Core's invalidateblock, 1 and 6 deep, then other blocks
// mined; reconsiderblock back to the old branch): after each, every database's BRC-20 index
// (balances, tickers, transferables, events, block and cumulative hashes) equals a fresh index of
// the node's chain built in one run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexBrc20 } from '../src/indexer/brc20/brc20-follower.ts';
import { keyLock } from './helpers/chain-builder.ts';
import {
  brc20Dump,
  burn,
  indexBrc20Everywhere,
  inscribeTo,
  mineBrc20,
  sendTo,
} from './helpers/brc20-scenario.ts';
import { ScenarioChain } from './helpers/scenario-chain.ts';

describe('BRC-20 index across reorgs', () => {
  let chain: ScenarioChain;
  const alice = keyLock();
  const bob = keyLock();
  beforeAll(async () => {
    chain = await ScenarioChain.start();
    await mineBrc20(chain, [
      inscribeTo(chain, alice, { op: 'deploy', tick: 'ReOr', max: '1000', lim: '100' }).tx,
    ]);
  });
  afterAll(async () => {
    await chain?.stop();
  });

  /** Every database's BRC-20 index equals a fresh index of the node's chain. */
  async function expectSameAsFreshIndex(): Promise<void> {
    const fresh = await chain.freshIndex();
    try {
      await indexBrc20(fresh, 'regtest');
      const expected = await brc20Dump(fresh);
      expect(expected.blocks).toHaveLength((await chain.height()) + 1);
      for (const db of chain.dbs()) expect(await brc20Dump(db)).toEqual(expected);
    } finally {
      await fresh.close();
    }
  }

  /** One block of activity: a mint each, alice's transfer-inscribe sent to bob, one burned. */
  async function activity(round: number): Promise<void> {
    const give = inscribeTo(chain, alice, { op: 'transfer', tick: 'reor', amt: '3' });
    const gone = inscribeTo(chain, alice, { op: 'transfer', tick: 'REOR', amt: '1' });
    await mineBrc20(chain, [
      inscribeTo(chain, alice, { op: 'mint', tick: 'reor', amt: String(10 + round) }).tx,
      inscribeTo(chain, bob, { op: 'mint', tick: 'reor', amt: '5' }).tx,
      give.tx,
      gone.tx,
    ]);
    await mineBrc20(chain, [sendTo(give.coin, bob), burn(gone.coin)]);
  }

  async function balanceRows() {
    const [db] = chain.dbs();
    return (await brc20Dump(db!)).balances.length;
  }

  it('a 1-deep reorg undoes the last block and the new branch is indexed', async () => {
    await activity(1);
    await activity(2);
    const before = await brc20Dump(chain.dbs()[0]!);
    await chain.invalidate(1);
    await mineBrc20(chain, [
      inscribeTo(chain, keyLock(), { op: 'mint', tick: 'reor', amt: '7' }).tx,
    ]);
    await mineBrc20(chain, []);
    const after = await brc20Dump(chain.dbs()[0]!);
    expect(after.tickers[0]?.burned_supply).not.toBe(before.tickers[0]?.burned_supply);
    await expectSameAsFreshIndex();
  }, 180_000);

  it('a 6-deep reorg across transfers, burns and mints, then reconsiderblock back', async () => {
    for (let round = 3; round <= 5; round++) await activity(round);
    const tip = await chain.height();
    const oldBranch = await chain.rpc.getBlockHash(tip - 5);
    const rowsBefore = await balanceRows();
    await chain.invalidate(6);
    const carol = keyLock();
    await mineBrc20(chain, [inscribeTo(chain, carol, { op: 'mint', tick: 'reor', amt: '50' }).tx]);
    await chain.mineTo((await chain.height()) + 6);
    await indexBrc20Everywhere(chain);
    expect(await balanceRows()).toBe(rowsBefore + 1);
    await expectSameAsFreshIndex();

    // Back to the old branch: the new one is invalidated from its first block, the old reconsidered.
    await chain.rpc.invalidateBlock(await chain.rpc.getBlockHash(tip - 5));
    await chain.rpc.call('reconsiderblock', [oldBranch]);
    expect(await chain.rpc.getBlockHash(tip - 5)).toBe(oldBranch);
    await chain.sync();
    await indexBrc20Everywhere(chain);
    expect(await balanceRows()).toBe(rowsBefore);
    await expectSameAsFreshIndex();
  }, 360_000);
});
