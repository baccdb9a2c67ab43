// The BRC-20 index on real regtest blocks, fed by the inscription index: a deploy, mints (one over
// the limit, one clipped to the remaining supply, one after the supply ran out), transfer-inscribes
// moved to another holder, back to the sender as fee and burned on a bare OP_RETURN; balances,
// the ticker, the events and the stored hashes, on every test database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pkscriptOf } from '../src/indexer/brc20/brc20-follower.ts';
import {
  blockEventHash,
  cumulativeEventHash,
  currentBalancesHash,
} from '../src/indexer/brc20/brc20-event-hash.ts';
import {
  readAddressBalances,
  readBlockEvents,
  readCurrentBalances,
  readTicker,
} from '../src/features/brc20/brc20.queries.ts';
import {
  brc20Dump,
  burn,
  inscribeTo,
  mineBrc20,
  sendTo,
  spendToFee,
  users,
} from './helpers/brc20-scenario.ts';
import { ScenarioChain } from './helpers/scenario-chain.ts';

const E18 = 10n ** 18n;

describe('BRC-20 index on regtest', () => {
  let chain: ScenarioChain;
  const { alice, bob } = users();
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    chain = await ScenarioChain.start();
    const deploy = inscribeTo(chain, alice, {
      op: 'deploy',
      tick: 'TeSt',
      max: '250',
      lim: '100',
      dec: '2',
    });
    ids.deploy = deploy.id;
    await mineBrc20(chain, [deploy.tx]);
    const mints = [
      inscribeTo(chain, alice, { op: 'mint', tick: 'test', amt: '100' }),
      inscribeTo(chain, bob, { op: 'mint', tick: 'TEST', amt: '100' }),
      inscribeTo(chain, alice, { op: 'mint', tick: 'test', amt: '100.5' }), // over lim: invalid
      inscribeTo(chain, alice, { op: 'mint', tick: 'test', amt: '80' }), // clipped to 50
      inscribeTo(chain, bob, { op: 'mint', tick: 'test', amt: '1' }), // nothing left: invalid
    ];
    await mineBrc20(
      chain,
      mints.map((m) => m.tx),
    );
    const toBob = inscribeTo(chain, alice, { op: 'transfer', tick: 'test', amt: '30' });
    const toFee = inscribeTo(chain, alice, { op: 'transfer', tick: 'test', amt: '5' });
    const burned = inscribeTo(chain, bob, { op: 'transfer', tick: 'test', amt: '10' });
    const tooMuch = inscribeTo(chain, bob, { op: 'transfer', tick: 'test', amt: '1000' });
    Object.assign(ids, { toBob: toBob.id, toFee: toFee.id, burned: burned.id });
    await mineBrc20(chain, [toBob.tx, toFee.tx, burned.tx, tooMuch.tx]);
    const send = sendTo(toBob.coin, bob);
    // The first move counts; a second one in a later block does nothing.
    await mineBrc20(chain, [send, spendToFee(toFee.coin), burn(burned.coin)]);
    await mineBrc20(chain, [sendTo(send.coin(0), alice)]);
  });
  afterAll(async () => {
    await chain?.stop();
  });

  it('keeps the ticker: minted up to max, clipped, the burn counted, two holders', async () => {
    for (const db of chain.dbs()) {
      const ticker = await readTicker(db, 'TEST');
      expect(ticker).toMatchObject({
        tick: 'test',
        originalTick: 'TeSt',
        decimals: 2,
        maxSupply: 250n * E18,
        limitPerMint: 100n * E18,
        mintedSupply: 250n * E18,
        burnedSupply: 10n * E18,
        holders: 2,
        deployInscriptionId: ids.deploy,
        deployerPkscript: pkscriptOf(alice.address, 'regtest'),
      });
    }
  });

  it('moves balances: the transfer to bob, the fee-spent one back to alice, the burn out of bob', async () => {
    for (const db of chain.dbs()) {
      const of = async (address: string) =>
        (await readAddressBalances(db, address)).map((b) => [
          b.ticker.tick,
          b.overall,
          b.available,
        ]);
      // alice: 100 + 50 (clipped) − 30 sent; the 5 sent as fee came back to her available.
      expect(await of(alice.address)).toEqual([['test', 120n * E18, 120n * E18]]);
      // bob: 100 + 30 received − 10 burned; the 1000 transfer was refused.
      expect(await of(bob.address)).toEqual([['test', 120n * E18, 120n * E18]]);
    }
  });

  it('records the events in OPI order with pkscripts and the receivers', async () => {
    const A = pkscriptOf(alice.address, 'regtest');
    const B = pkscriptOf(bob.address, 'regtest');
    for (const db of chain.dbs()) {
      const { events } = await brc20Dump(db);
      expect(
        events.map((e) => [e.type, e.pkscript, e.spent_pkscript, e.amount, e.original_tick]),
      ).toEqual([
        ['deploy-inscribe', A, null, null, 'TeSt'],
        ['mint-inscribe', A, null, `${100n * E18}`, 'test'],
        ['mint-inscribe', B, null, `${100n * E18}`, 'TEST'],
        ['mint-inscribe', A, null, `${50n * E18}`, 'test'],
        ['transfer-inscribe', A, null, `${30n * E18}`, 'test'],
        ['transfer-inscribe', A, null, `${5n * E18}`, 'test'],
        ['transfer-inscribe', B, null, `${10n * E18}`, 'test'],
        // The fee-spent move takes its order when spent: after the move to bob, before the burn.
        ['transfer-transfer', A, B, `${30n * E18}`, 'test'],
        ['transfer-transfer', A, '', `${5n * E18}`, 'test'],
        ['transfer-transfer', B, '6a', `${10n * E18}`, 'test'],
      ]);
    }
  });

  it('stores OPI hashes equal to the event strings of the stored events, chained', async () => {
    for (const db of chain.dbs()) {
      const { blocks } = await brc20Dump(db);
      expect(blocks[0]?.height).toBe(0);
      expect(blocks.length).toBe((await chain.height()) + 1);
      let previous: string | null = null;
      for (const block of blocks) {
        const events = await readBlockEvents(db, block.height as number);
        const hash = blockEventHash(events);
        expect(block.block_event_hash).toBe(hash);
        expect(block.event_count).toBe(events.length);
        previous = cumulativeEventHash(previous, hash);
        expect(block.cumulative_event_hash).toBe(previous);
      }
      const empty = blocks.find((b) => b.event_count === 0);
      expect(empty?.block_event_hash).toBe(
        'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      );
      expect(currentBalancesHash(await readCurrentBalances(db))).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('marks each transferable used once, by its first move', async () => {
    for (const db of chain.dbs()) {
      const { transferables } = await brc20Dump(db);
      expect(transferables.map((t) => [t.inscription_id, t.used_height !== null])).toEqual(
        expect.arrayContaining([
          [ids.toBob, true],
          [ids.toFee, true],
          [ids.burned, true],
        ]),
      );
      expect(transferables).toHaveLength(3);
    }
  });
});
