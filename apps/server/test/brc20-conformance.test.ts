// The BRC-20 conformance table (brc20-conformance.table.ts: scenario → the events OPI's code emits,
// written from OPI's source) replayed on a real regtest chain: every step a real transaction, every
// block mined, the inscription indexer and then the BRC-20 index run on each test database. What
// the index stores must be the table's events with the real inscription ids and pkscripts, and its
// per-block and cumulative hashes must equal those computed from the table's strings alone
// (node:crypto, OPI's README definition): agreement with OPI is then a one-line comparison.
import { createHash } from 'node:crypto';
import type { EnvelopeContent } from '@om/bitcoin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillConformanceTemplate } from '../src/indexer/brc20/brc20-conformance.ts';
import { BRC20_CONFORMANCE_TABLE as CONFORMANCE_TABLE } from '../src/indexer/brc20/brc20-conformance.table.ts';
import type {
  ConformanceActor,
  ConformanceInscribe,
  ConformanceSend,
} from '../src/indexer/brc20/brc20-conformance.types.ts';
import { brc20EventString } from '../src/indexer/brc20/brc20-event-hash.ts';
import { indexBrc20 } from '../src/indexer/brc20/brc20-follower.ts';
import { readBlockEvents } from '../src/features/brc20/brc20.queries.ts';
import {
  keyLock,
  OP_RETURN,
  spend,
  type BuiltTx,
  type Coin,
  type Lock,
  type Output,
} from './helpers/chain-builder.ts';
import { ScenarioChain } from './helpers/scenario-chain.ts';

const POSTAGE = 10_000n;
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** The table's actors and inscriptions on the chain: keys we hold, coins we track. */
class ConformanceRun {
  readonly actors = { alice: keyLock(), bob: keyLock(), carol: keyLock() };
  private readonly ids = new Map<string, string>();
  private readonly coins = new Map<string, Coin>();

  constructor(private readonly chain: ScenarioChain) {}

  names = {
    id: (label: string) => {
      const id = this.ids.get(label);
      if (!id) throw new Error(`no inscription labelled ${label}`);
      return id;
    },
    pk: (actor: ConformanceActor) => hex(this.actors[actor].script),
  };

  /** The reveal of one step: input 0 the commit (and the parent after it), the actor's outputs. */
  inscribe(actor: ConformanceActor, step: ConformanceInscribe): BuiltTx {
    const owner = this.actors[actor];
    const content: EnvelopeContent = {
      contentType: step.contentType,
      body: step.body,
      ...(step.parentLabel ? { parents: [this.names.id(step.parentLabel)] } : {}),
    };
    // A second envelope on the same input lands on the same sat: ord curses it (reinscription).
    const envelopes = step.cursed
      ? [{ contentType: 'text/plain', body: 'filler' }, content]
      : [content];
    const inputs = [this.chain.commitCoin(envelopes, POSTAGE)];
    const outputs: Output[] = [
      step.asFee ? { script: OP_RETURN, value: 0n } : { lock: owner, value: POSTAGE },
    ];
    const parent = step.parentLabel ? this.coins.get(step.parentLabel) : undefined;
    if (parent) {
      inputs.push(parent);
      outputs.push({ lock: owner, value: parent.value });
    }
    const reveal = spend(inputs, outputs);
    this.ids.set(step.label, `${reveal.txid}i${step.cursed ? 1 : 0}`);
    if (!step.asFee) this.coins.set(step.label, reveal.coin(0));
    if (parent) this.coins.set(step.parentLabel!, reveal.coin(1));
    return reveal;
  }

  send(step: ConformanceSend): BuiltTx {
    const coin = this.coins.get(step.label);
    if (!coin) throw new Error(`${step.label} is on no coin we hold`);
    const to: Output =
      step.to === 'fee'
        ? { script: OP_RETURN, value: 0n }
        : step.to === 'op_return'
          ? { script: OP_RETURN, value: coin.value }
          : { lock: this.actors[step.to] as Lock, value: coin.value };
    const tx = spend([coin], [to]);
    this.coins.delete(step.label);
    if ('lock' in to) this.coins.set(step.label, tx.coin(0));
    return tx;
  }
}

describe('BRC-20 conformance: the table replayed on regtest, on both databases', () => {
  let chain: ScenarioChain;
  beforeAll(async () => {
    chain = await ScenarioChain.start();
  });
  afterAll(async () => {
    await chain?.stop();
  });

  const stored = (height: number) =>
    Promise.all(
      chain.dbs().map(async (db) => {
        const block = await db.kysely
          .selectFrom('brc20_blocks')
          .select(['hash', 'block_event_hash', 'cumulative_event_hash', 'event_count'])
          .where('height', '=', height)
          .executeTakeFirstOrThrow();
        return block;
      }),
    );

  it('every block stores the table’s events and the hashes computed from its strings alone', async () => {
    const run = new ConformanceRun(chain);
    await Promise.all(chain.dbs().map((db) => indexBrc20(db, 'regtest')));
    // Before the table: empty blocks, each hashing '' (OPI: the first block's cumulative is its own).
    const start = await chain.height();
    let cumulative: string | undefined;
    for (let h = 0; h <= start; h++) {
      cumulative = cumulative === undefined ? sha256('') : sha256(cumulative + sha256(''));
    }
    for (const db of await stored(start)) expect(db.cumulative_event_hash).toBe(cumulative);

    for (const block of CONFORMANCE_TABLE) {
      const txs = block.steps.map(({ actor, action }) =>
        action.kind === 'inscribe' ? run.inscribe(actor, action) : run.send(action),
      );
      const { height, hash } = await chain.mine(txs);
      await Promise.all(chain.dbs().map((db) => indexBrc20(db, 'regtest')));
      const strings = block.expected.map((t) => fillConformanceTemplate(t, run.names));
      const blockHash = sha256(strings.join('|'));
      cumulative = sha256(cumulative! + blockHash);
      // The stored events, printed as OPI prints them: a readable diff when a rule disagrees.
      for (const db of chain.dbs()) {
        const events = await readBlockEvents(db, height);
        expect(events.map(brc20EventString), block.title).toEqual(strings);
      }
      for (const row of await stored(height)) {
        expect(row, block.title).toEqual({
          hash,
          block_event_hash: blockHash,
          cumulative_event_hash: cumulative,
          event_count: strings.length,
        });
      }
    }
    // OPI's own path answers the same cumulative hash.
    const tip = await chain.height();
    const answer = await chain.get(`/v1/brc20/get_hash_of_all_activity?block_height=${tip}`);
    expect(answer.json()).toMatchObject({ result: { cumulative_event_hash: cumulative } });
  });
});
