// ord src/index.rs tests on unbound inscriptions (no sat to sit on: a zero-value input, or an
// unrecognized even field), on real transactions. Zero-value outputs are not relayed but are valid:
// the blocks carry them straight from `generateblock`.
import { utf8ToBytes, type EnvelopeContent } from '@om/bitcoin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commitLock,
  keyLock,
  openLock,
  reinscription,
  spend,
  template,
} from './helpers/chain-builder.ts';
import { satpoint, ScenarioChain, UNBOUND } from './helpers/scenario-chain.ts';

const hello: EnvelopeContent = { contentType: 'text/plain', body: 'hello' };
/** ord's envelope(&[b"ord", &[1], TEXT, &[2], b"bar", &[4], b"ord"]): tag 4 is even and unknown. */
const unrecognizedEven: EnvelopeContent = {
  contentType: 'text/plain;charset=utf-8',
  pointer: utf8ToBytes('bar'),
  extraTags: [[4, utf8ToBytes('ord')]],
};

describe('ord scenarios on regtest: unbound inscriptions', () => {
  let chain: ScenarioChain;
  beforeAll(async () => {
    chain = await ScenarioChain.start();
  });
  afterAll(async () => {
    await chain?.stop();
  });

  /** A reveal that spends only a zero-value output into a zero-value output (ord's (2, 1, 0)). */
  const zeroValueReveal = () =>
    spend([chain.coin(0n, openLock([hello]))], [{ lock: keyLock(), value: 0n }]);

  // Cursed ones first: the chain starts at 101 and ord stops cursing at 110.
  it('transaction_with_inscription_inside_zero_value_2nd_input_should_be_unbound_and_cursed', async () => {
    const reveal = template([
      chain.commitCoin([hello], 10_000n),
      chain.coin(0n, commitLock([hello])),
    ]);
    const { cursedCount, unboundCount } = await chain.counters();
    expect((await chain.mine([reveal])).height).toBeLessThan(110);
    expect((await chain.details(`${reveal.txid}i0`)).satpoint).toBe(satpoint(reveal.txid, 0, 0));
    expect(await chain.details(`${reveal.txid}i1`)).toMatchObject({
      satpoint: `${UNBOUND}:${unboundCount}`,
      number: -(cursedCount + 1),
      address: null,
      outputValue: '0',
      // Its input's first sat is past the outputs: into the coinbase after the fees paid before it,
      // and none is paid after it, so past what the coinbase claims: lost too (as ord marks it).
      charms: ['cursed', 'unbound', 'lost'],
    });
  });

  it('unrecognized_even_field_inscriptions_are_cursed_and_unbound', async () => {
    const reveal = template([chain.commitCoin([unrecognizedEven], 10_000n)]);
    const { cursedCount, unboundCount } = await chain.counters();
    expect((await chain.mine([reveal])).height).toBeLessThan(110);
    expect(await chain.details(`${reveal.txid}i0`)).toMatchObject({
      satpoint: `${UNBOUND}:${unboundCount}`,
      number: -(cursedCount + 1),
      charms: ['cursed', 'unbound'],
    });
  });

  it('inscriptions_on_same_sat_after_the_first_are_not_unbound', async () => {
    const first = template([chain.commitCoin([hello], 10_000n)]);
    await chain.mine([first]);
    expect((await chain.details(`${first.txid}i0`)).satpoint).toBe(satpoint(first.txid, 0, 0));
    const [commit, second] = reinscription(first.coin(0), [hello]);
    expect((await chain.mine([commit, second])).height).toBeLessThan(110);
    expect(await chain.details(`${second.txid}i0`)).toMatchObject({
      satpoint: satpoint(second.txid, 0, 0),
      charms: ['reinscription', 'cursed'],
    });
    expect((await chain.details(`${first.txid}i0`)).satpoint).toBe(satpoint(second.txid, 0, 0));
  });

  it('inscriptions_without_sats_are_unbound', async () => {
    const { unboundCount } = await chain.counters();
    const first = zeroValueReveal();
    await chain.mine([first]);
    await chain.mine();
    const second = zeroValueReveal();
    await chain.mine([second]);
    expect((await chain.details(`${first.txid}i0`)).satpoint).toBe(`${UNBOUND}:${unboundCount}`);
    expect((await chain.details(`${second.txid}i0`)).satpoint).toBe(
      `${UNBOUND}:${unboundCount + 1}`,
    );
    expect((await chain.counters()).unboundCount).toBe(unboundCount + 2);
  });

  it('zero_value_transaction_inscription_not_cursed_but_unbound', async () => {
    const reveal = zeroValueReveal();
    const { blessedCount, unboundCount } = await chain.counters();
    await chain.mine([reveal]);
    // Its offset 0 is past its zero-value output, so it flows to the fees; the coinbase claims only
    // the subsidy (no fee in this block), so ord marks it lost too while it stays unbound.
    expect(await chain.details(`${reveal.txid}i0`)).toMatchObject({
      satpoint: `${UNBOUND}:${unboundCount}`,
      number: blessedCount,
      charms: ['unbound', 'lost'],
    });
  });

  it('a zero-value reveal before a fee-paying transaction: the coinbase covers its sat, not lost', async () => {
    const reveal = zeroValueReveal();
    const paying = template([chain.coin(10_000n)], { fee: 1_000n });
    const { unboundCount } = await chain.counters();
    await chain.mine([reveal, paying]);
    expect(await chain.details(`${reveal.txid}i0`)).toMatchObject({
      satpoint: `${UNBOUND}:${unboundCount}`,
      charms: ['unbound'],
    });
  });

  it('inscription_skips_zero_value_first_output_of_inscribe_transaction', async () => {
    const reveal = spend(
      [chain.coin(10_000n, openLock([hello]))],
      [
        { lock: keyLock(), value: 0n },
        { lock: keyLock(), value: 10_000n },
      ],
    );
    await chain.mine([reveal]);
    expect(await chain.details(`${reveal.txid}i0`)).toMatchObject({
      satpoint: satpoint(reveal.txid, 1, 0),
      outputValue: '10000',
      charms: [],
    });
  });

  it('unrecognized_even_field_inscriptions_are_unbound_after_jubilee', async () => {
    await chain.mineTo(109);
    const reveal = template([chain.commitCoin([unrecognizedEven], 10_000n)]);
    const { blessedCount, unboundCount } = await chain.counters();
    expect((await chain.mine([reveal])).height).toBeGreaterThanOrEqual(110);
    expect(await chain.details(`${reveal.txid}i0`)).toMatchObject({
      satpoint: `${UNBOUND}:${unboundCount}`,
      number: blessedCount,
      charms: ['unbound', 'vindicated'],
    });
  });
});
