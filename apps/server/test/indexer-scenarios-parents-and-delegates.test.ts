// ord src/index.rs tests on parents (a parent counts only when its inscription is spent in the
// child's reveal) and ord's server tests on delegates (src/subcommand/server.rs `delegate`,
// `undelegated_content`; r.rs content_inner), on real transactions. ord's
// same_tx_forward_parent_reference_does_not_panic cannot be built for real: an envelope cannot
// name its own transaction's txid.
import { encodeInscriptionIdValue, type EnvelopeContent } from '@om/bitcoin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyLock, spend, template, type Coin, type Output } from './helpers/chain-builder.ts';
import { satpoint, ScenarioChain } from './helpers/scenario-chain.ts';

const hello: EnvelopeContent = { contentType: 'text/plain', body: 'hello' };
const child = (...parents: (string | Uint8Array)[]): EnvelopeContent => ({ ...hello, parents });
/** An id value with extra bytes after it: [0,0,0,0] is another valid encoding, [0] is malformed. */
const idValue = (id: string, ...extra: number[]) =>
  Uint8Array.from([...encodeInscriptionIdValue(id), ...extra]);

describe('ord scenarios on regtest: parents and delegates', () => {
  let chain: ScenarioChain;
  beforeAll(async () => {
    chain = await ScenarioChain.start();
  });
  afterAll(async () => {
    await chain?.stop();
  });

  /** Reveals one inscription per envelope, each alone on its own output; mined together. */
  async function inscriptions(
    ...envelopes: EnvelopeContent[]
  ): Promise<{ id: string; coin: Coin }[]> {
    const reveals = envelopes.map((e) => template([chain.commitCoin([e], 10_000n)]));
    await chain.mine(reveals);
    return reveals.map((r) => ({ id: `${r.txid}i0`, coin: r.coin(0) }));
  }

  /** A reveal of `envelope` whose other inputs spend `spent` (parents or not), each kept as is. */
  async function revealSpending(envelope: EnvelopeContent, spent: Coin[], childFirst = true) {
    const commit = chain.commitCoin([envelope], 10_000n);
    const inputs = childFirst ? [commit, ...spent] : [...spent, commit];
    const outputs: Output[] = inputs.map((input) => ({ lock: keyLock(), value: input.value }));
    const reveal = spend(inputs, outputs);
    await chain.mine([reveal]);
    return { id: `${reveal.txid}i0`, reveal };
  }

  const parentsOf = async (id: string) => (await chain.details(id)).parents;

  it('inscription_without_parent_tag_has_no_parent_entry', async () => {
    const [parent] = await inscriptions(hello);
    const { id } = await revealSpending(hello, [parent!.coin]);
    expect(await parentsOf(id)).toEqual([]);
  });

  it('inscription_with_parent_tag_without_parent_has_no_parent_entry', async () => {
    const [parent] = await inscriptions(hello);
    const { id } = await revealSpending(child(parent!.id), []);
    expect(await parentsOf(id)).toEqual([]);
  });

  it.each([
    ['inscription_with_parent_tag_and_parent_has_parent_entry', (p: string) => [p]],
    [
      'inscription_with_repeated_parent_tags_and_parents_has_singular_parent_entry',
      (p: string) => [p, p],
    ],
    [
      'inscription_with_distinct_parent_tag_encodings_for_same_parent_has_singular_parent_entry',
      (p: string) => [idValue(p), idValue(p, 0, 0, 0, 0)],
    ],
  ])('%s', async (_name, tags) => {
    const [parent] = await inscriptions(hello);
    const { id, reveal } = await revealSpending(child(...tags(parent!.id)), [parent!.coin]);
    expect(await parentsOf(id)).toEqual([parent!.id]);
    // The parent went where the reveal's sat flow put it: its own output.
    expect((await chain.details(parent!.id)).satpoint).toBe(satpoint(reveal.txid, 1, 0));
  });

  it('inscription_with_invalid_parent_tag_and_parent_has_no_parent_entry', async () => {
    const [parent] = await inscriptions(hello);
    const { id } = await revealSpending(child(idValue(parent!.id, 0)), [parent!.coin]);
    expect(await parentsOf(id)).toEqual([]);
  });

  it('inscription_with_two_parent_tags_and_parents_has_parent_entries', async () => {
    const [a, b] = await inscriptions(hello, { contentType: 'text/plain', body: 'world' });
    const { id } = await revealSpending(child(a!.id, b!.id), [a!.coin, b!.coin]);
    expect(await parentsOf(id)).toEqual([a!.id, b!.id]);
  });

  it('inscription_with_three_parent_tags_and_two_parents_has_two_parent_entries', async () => {
    const [a, b, c] = await inscriptions(hello, hello, hello);
    const { id } = await revealSpending(child(a!.id, b!.id, c!.id), [a!.coin, c!.coin]);
    expect(await parentsOf(id)).toEqual([a!.id, c!.id]);
  });

  it('inscription_with_valid_and_malformed_parent_tags_only_lists_valid_entries', async () => {
    const [a, b, c] = await inscriptions(hello, hello, hello);
    const tags = [a!.id, idValue(b!.id, 0), c!.id];
    const { id } = await revealSpending(child(...tags), [a!.coin, b!.coin, c!.coin]);
    expect(await parentsOf(id)).toEqual([a!.id, c!.id]);
  });

  it.each([
    ['parents_can_be_in_preceding_input', false],
    ['parents_can_be_in_following_input', true],
  ])('%s', async (_name, childFirst) => {
    const [parent] = await inscriptions(hello);
    const { id } = await revealSpending(child(parent!.id), [parent!.coin], childFirst);
    expect(await parentsOf(id)).toEqual([parent!.id]);
  });

  it('a parent revealed earlier in the same block counts (it is indexed before the child)', async () => {
    const parentReveal = template([chain.commitCoin([hello], 10_000n)]);
    const parent = `${parentReveal.txid}i0`;
    const commit = chain.commitCoin([child(parent)], 10_000n);
    const reveal = spend(
      [commit, parentReveal.coin(0)],
      [
        { lock: keyLock(), value: 10_000n },
        { lock: keyLock(), value: 10_000n },
      ],
    );
    await chain.mine([parentReveal, reveal]);
    expect(await parentsOf(`${reveal.txid}i0`)).toEqual([parent]);
  });

  const content = async (id: string) => {
    const res = await chain.get(`/content/${id}`);
    return { status: res.statusCode, type: res.headers['content-type'], body: res.body };
  };

  it('delegate (ord server.rs): an inscription of only a delegate serves the delegate content', async () => {
    const [delegate] = await inscriptions({ contentType: 'text/html', body: 'foo' });
    const [inscription] = await inscriptions({ delegate: delegate!.id });
    expect(await chain.details(inscription!.id)).toMatchObject({
      delegate: delegate!.id,
      contentType: null,
      contentLength: 0,
    });
    expect(await content(inscription!.id)).toEqual({ status: 200, type: 'text/html', body: 'foo' });
  });

  it('undelegated_content (ord server.rs): its own body is ignored for /content', async () => {
    const [delegate] = await inscriptions({ contentType: 'text/plain', body: 'foo' });
    const [inscription] = await inscriptions({
      contentType: 'text/plain',
      body: 'bar',
      delegate: delegate!.id,
    });
    expect(await content(inscription!.id)).toMatchObject({ status: 200, body: 'foo' });
  });

  it('a delegate is resolved once (ord content_inner): the delegate own delegate is not followed', async () => {
    const [first] = await inscriptions({ contentType: 'text/plain', body: 'first' });
    const [second] = await inscriptions({
      contentType: 'text/plain',
      body: 'second',
      delegate: first!.id,
    });
    const [third] = await inscriptions({ delegate: second!.id });
    expect(await content(third!.id)).toMatchObject({ status: 200, body: 'second' });
  });

  // ord's content_inner answers 404 "delegate {id} not found" (src/subcommand/server/r.rs).
  it('a delegate that does not exist: ord answers 404', async () => {
    const missing = `${'ab'.repeat(32)}i0`;
    const [inscription] = await inscriptions({
      contentType: 'text/plain',
      body: 'own',
      delegate: missing,
    });
    expect((await chain.details(inscription!.id)).delegate).toBe(missing);
    expect((await content(inscription!.id)).status).toBe(404);
  });

  // ord's content_response answers None for it, so /content is 404 (server.rs content_response_no_content).
  it('an inscription without a body: ord answers 404 on /content', async () => {
    const [inscription] = await inscriptions({ contentType: 'text/plain' });
    expect((await content(inscription!.id)).status).toBe(404);
  });
});
