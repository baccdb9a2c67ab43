// ord src/index.rs, the pointer tests, on real transactions: committed, revealed and mined on a
// regtest node, then read back through the API of every test database.
import type { EnvelopeContent } from '@om/bitcoin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitLock, keyLock, spend, template } from './helpers/chain-builder.ts';
import { satpoint, ScenarioChain } from './helpers/scenario-chain.ts';

const hello = (pointer?: bigint): EnvelopeContent => ({
  contentType: 'text/plain',
  body: 'hello',
  ...(pointer === undefined ? {} : { pointer }),
});
const ids = (txid: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${txid}i${i}`);

describe('ord scenarios on regtest: pointers', () => {
  let chain: ScenarioChain;
  const satpoints = (txid: string, count: number) =>
    Promise.all(ids(txid, count).map(async (id) => (await chain.details(id)).satpoint));

  beforeAll(async () => {
    chain = await ScenarioChain.start();
  });
  afterAll(async () => {
    await chain?.stop();
  });

  // The three curse tests run first: the chain starts at 101 and ord stops cursing at 110.
  it('inscription_with_pointer_is_cursed', async () => {
    const reveal = template([chain.commitCoin([hello(0n)], 100_000n)]);
    const { cursedCount } = await chain.counters();
    expect((await chain.mine([reveal])).height).toBeLessThan(110);
    expect(await chain.details(`${reveal.txid}i0`)).toMatchObject({
      satpoint: satpoint(reveal.txid, 0, 0),
      number: -(cursedCount + 1),
      charms: ['cursed'],
    });
  });

  it('inscription_with_pointer_to_parent_is_cursed_reinscription', async () => {
    const parentReveal = template([chain.commitCoin([hello()], 100_000n)]);
    await chain.mine([parentReveal]);
    const parent = `${parentReveal.txid}i0`;
    // As ord's wallet reinscribes: the parent's output moves to the commit, the reveal spends it.
    const child = { ...hello(0n), parents: [parent] };
    const commit = spend([parentReveal.coin(0)], [{ lock: commitLock([child]), value: 100_000n }]);
    const reveal = template([commit.coin(0)]);
    const { cursedCount } = await chain.counters();
    expect((await chain.mine([commit, reveal])).height).toBeLessThan(110);

    expect((await chain.details(parent)).satpoint).toBe(satpoint(reveal.txid, 0, 0));
    expect(await chain.details(`${reveal.txid}i0`)).toMatchObject({
      satpoint: satpoint(reveal.txid, 0, 0),
      number: -(cursedCount + 1),
      parents: [parent],
      charms: ['reinscription', 'cursed'],
    });
  });

  it('inscriptions_with_pointers_to_same_sat_one_becomes_cursed_reinscriptions', async () => {
    const reveal = template(
      [chain.commitCoin([hello()], 100_000n), chain.commitCoin([hello(0n)], 100_000n)],
      { outputs: 2 },
    );
    const { blessedCount, cursedCount } = await chain.counters();
    expect((await chain.mine([reveal])).height).toBeLessThan(110);
    const [first, second] = await Promise.all(ids(reveal.txid, 2).map((id) => chain.details(id)));
    expect([first?.satpoint, second?.satpoint]).toEqual([
      satpoint(reveal.txid, 0, 0),
      satpoint(reveal.txid, 0, 0),
    ]);
    expect([first?.number, second?.number]).toEqual([blessedCount, -(cursedCount + 1)]);
    expect(second?.charms).toEqual(['reinscription', 'cursed']);
  });

  it.each([
    ['inscription_with_pointer', 100n, 0n, 100n],
    ['inscription_with_pointer_greater_than_output_value_assigned_default', 1_000_000n, 0n, 0n],
    [
      'inscription_with_pointer_into_fee_ignored_and_assigned_default_location',
      500_000n,
      500_000n,
      0n,
    ],
  ])('%s', async (_name, pointer, fee, offset) => {
    const reveal = template([chain.commitCoin([hello(pointer)], 1_000_000n)], { fee });
    await chain.mine([reveal]);
    expect((await chain.details(`${reveal.txid}i0`)).satpoint).toBe(
      satpoint(reveal.txid, 0, offset),
    );
    expect(await pointerColumns(`${reveal.txid}i0`)).toEqual(pointer.toString());
  });

  it('inscriptions_in_same_input_with_pointers_to_same_output', async () => {
    const envelopes = [hello(100n), hello(300_000n), hello(1_000_000n)];
    const reveal = template([chain.commitCoin(envelopes, 2_000_000n)]);
    await chain.mine([reveal]);
    expect(await satpoints(reveal.txid, 3)).toEqual([
      satpoint(reveal.txid, 0, 100),
      satpoint(reveal.txid, 0, 300_000),
      satpoint(reveal.txid, 0, 1_000_000),
    ]);
  });

  it('inscriptions_in_same_input_with_pointers_to_different_outputs', async () => {
    const envelopes = [hello(100n), hello(100_111n), hello(299_999n)];
    const reveal = template([chain.commitCoin(envelopes, 300_000n)], { outputs: 3 });
    await chain.mine([reveal]);
    expect(await satpoints(reveal.txid, 3)).toEqual([
      satpoint(reveal.txid, 0, 100),
      satpoint(reveal.txid, 1, 111),
      satpoint(reveal.txid, 2, 99_999),
    ]);
  });

  it('inscriptions_in_different_inputs_with_pointers_to_different_outputs', async () => {
    const value = 100_000n;
    const reveal = template(
      [hello(value), hello(2n * value), hello(0n)].map((e) => chain.commitCoin([e], value)),
      { outputs: 3 },
    );
    await chain.mine([reveal]);
    expect(await satpoints(reveal.txid, 3)).toEqual([
      satpoint(reveal.txid, 1, 0),
      satpoint(reveal.txid, 2, 0),
      satpoint(reveal.txid, 0, 0),
    ]);
  });

  it('inscriptions_in_different_inputs_with_pointers_to_same_output', async () => {
    const reveal = template(
      [hello(), hello(1n), hello(2n)].map((e) => chain.commitCoin([e], 100_000n)),
    );
    await chain.mine([reveal]);
    expect(await satpoints(reveal.txid, 3)).toEqual([
      satpoint(reveal.txid, 0, 0),
      satpoint(reveal.txid, 0, 1),
      satpoint(reveal.txid, 0, 2),
    ]);
  });

  it('a pointer moves the inscription only in its reveal: a later transfer carries it FIFO', async () => {
    const reveal = template([chain.commitCoin([hello(60_000n)], 100_000n)], { outputs: 2 });
    await chain.mine([reveal]);
    const owner = keyLock();
    const transfer = spend(
      [reveal.coin(1), reveal.coin(0)],
      [
        { lock: owner, value: 50_000n },
        { lock: owner, value: 50_000n },
      ],
    );
    await chain.mine([transfer]);
    expect(await chain.details(`${reveal.txid}i0`)).toMatchObject({
      satpoint: satpoint(transfer.txid, 0, 10_000),
      address: owner.address,
    });
  });

  async function pointerColumns(id: string): Promise<string | null> {
    const rows = await Promise.all(
      chain
        .dbs()
        .map((db) =>
          db.kysely
            .selectFrom('chain_inscriptions')
            .select('pointer')
            .where('inscription_id', '=', id)
            .executeTakeFirstOrThrow(),
        ),
    );
    const [first, ...rest] = rows.map((r) => r.pointer);
    for (const other of rest) expect(other).toBe(first);
    return first ?? null;
  }
});
