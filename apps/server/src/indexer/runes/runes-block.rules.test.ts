import {
  encodeScript,
  minimumRuneAtHeight,
  reservedRune,
  RUNE_COMMIT_CONFIRMATIONS,
  runeCommitment,
  type Runestone,
  U128_MAX,
} from '@om/bitcoin';
import { describe, expect, it } from 'vitest';
import { RUNE, runeEntry, RunesTestChain } from './runes-test-chain.ts';

// ord's runes test module (ordinals/ord, src/runes.rs): etching and allocation, one `it` per ord
// test, each ending with ord's assert_runes (every entry and every rune-bearing output).
const MAX = U128_MAX;
const ETCHED = { block: 0, tx: 0 };

function etchAll(rune = RUNE, premine = MAX, output = 0): Runestone {
  return {
    edicts: [{ id: ETCHED, amount: premine, output }],
    etching: { rune, premine, turbo: false },
  };
}

describe('applyRunesBlock: etching', () => {
  it('empty runestone does not create rune', () => {
    const chain = new RunesTestChain();
    chain.etch({ edicts: [] });
    chain.mine([chain.tx({ inputs: ['tx1:0'], runestone: { edicts: [] } })]);
    expect(chain.snapshot()).toEqual({ entries: [], balances: {} });
  });

  it('etching with no edicts creates rune', () => {
    const chain = new RunesTestChain();
    const { txid, id } = chain.etch({ edicts: [], etching: { rune: RUNE, turbo: false } });
    expect(chain.snapshot()).toEqual({ entries: [runeEntry(id, txid)], balances: {} });
  });

  it('etching with edict creates rune', () => {
    const chain = new RunesTestChain();
    const { txid, id, key } = chain.etch(etchAll());
    expect(chain.snapshot()).toEqual({
      entries: [runeEntry(id, txid, { premine: MAX })],
      balances: { [`${txid}:0`]: { [key]: MAX } },
    });
  });

  it('runes must be greater than or equal to minimum for height', () => {
    const etchingHeight = RUNE_COMMIT_CONFIRMATIONS;
    const minimum = minimumRuneAtHeight('regtest', etchingHeight);
    const below = new RunesTestChain();
    below.etch(etchAll(minimum - 1n));
    expect(below.height).toBe(etchingHeight);
    expect(below.snapshot()).toEqual({ entries: [], balances: {} });

    const at = new RunesTestChain();
    const { txid, id, key } = at.etch(etchAll(minimum));
    expect(at.snapshot()).toEqual({
      entries: [runeEntry(id, txid, { rune: minimum, premine: MAX })],
      balances: { [`${txid}:0`]: { [key]: MAX } },
    });
  });

  it('etching cannot specify reserved rune', () => {
    const reserved = new RunesTestChain();
    reserved.etch({
      edicts: [{ id: ETCHED, amount: MAX, output: 0 }],
      etching: { rune: reservedRune(0, 0), turbo: false },
    });
    expect(reserved.snapshot()).toEqual({ entries: [], balances: {} });

    const below = new RunesTestChain();
    const rune = reservedRune(0, 0) - 1n;
    const { txid, id, key } = below.etch(etchAll(rune));
    expect(below.snapshot()).toEqual({
      entries: [runeEntry(id, txid, { rune, premine: MAX })],
      balances: { [`${txid}:0`]: { [key]: MAX } },
    });
  });

  it('reserved runes may be etched', () => {
    const chain = new RunesTestChain();
    chain.mine();
    const unnamed: Runestone = {
      edicts: [{ id: ETCHED, amount: MAX, output: 0 }],
      etching: { premine: MAX, turbo: false },
    };
    const tx0 = chain.tx({ inputs: ['tx1:0'], outputs: 2, runestone: unnamed });
    chain.mine([tx0]);
    const id0 = { block: 2, tx: 1 };
    expect(chain.snapshot()).toEqual({
      entries: [runeEntry(id0, tx0.txid, { rune: reservedRune(2, 1), premine: MAX })],
      balances: { [`${tx0.txid}:0`]: { '2:1': MAX } },
    });

    chain.mine();
    const tx1 = chain.tx({ inputs: ['tx3:0'], runestone: unnamed });
    chain.mine([tx1]);
    const id1 = { block: 4, tx: 1 };
    expect(chain.snapshot()).toEqual({
      entries: [
        runeEntry(id0, tx0.txid, { rune: reservedRune(2, 1), premine: MAX }),
        runeEntry(id1, tx1.txid, { rune: reservedRune(4, 1), premine: MAX, number: 1 }),
      ],
      balances: { [`${tx0.txid}:0`]: { '2:1': MAX }, [`${tx1.txid}:0`]: { '4:1': MAX } },
    });
  });

  it('etching with non zero divisibility and rune', () => {
    const chain = new RunesTestChain();
    const runestone = etchAll();
    runestone.etching!.divisibility = 1;
    const { txid, id, key } = chain.etch(runestone);
    chain.mine();
    expect(chain.snapshot()).toEqual({
      entries: [runeEntry(id, txid, { divisibility: 1, premine: MAX })],
      balances: { [`${txid}:0`]: { [key]: MAX } },
    });
  });

  it('etching may specify symbol', () => {
    const chain = new RunesTestChain();
    const runestone = etchAll();
    runestone.etching!.symbol = '$';
    const { txid, id, key } = chain.etch(runestone);
    expect(chain.snapshot()).toEqual({
      entries: [runeEntry(id, txid, { symbol: '$', premine: MAX })],
      balances: { [`${txid}:0`]: { [key]: MAX } },
    });
  });

  it('duplicate runes are forbidden', () => {
    const chain = new RunesTestChain();
    const { txid, id, key } = chain.etch(etchAll());
    const expected = {
      entries: [runeEntry(id, txid, { premine: MAX })],
      balances: { [`${txid}:0`]: { [key]: MAX } },
    };
    expect(chain.snapshot()).toEqual(expected);
    chain.etch({
      edicts: [{ id: ETCHED, amount: MAX, output: 0 }],
      etching: { rune: RUNE, turbo: false },
    });
    expect(chain.snapshot()).toEqual(expected);
  });

  it('multiple runes may be etched in one block', () => {
    const chain = new RunesTestChain();
    const commits = [chain.tx({ p2tr: true }), chain.tx({ p2tr: true })];
    chain.mine(commits);
    chain.mineEmpty(RUNE_COMMIT_CONFIRMATIONS - 2);
    const etchings = [RUNE, RUNE + 1n].map((rune, i) =>
      chain.tx({
        inputs: [`${commits[i]!.txid}:0`],
        tapscripts: [encodeScript([runeCommitment(rune)])],
        runestone: etchAll(rune),
      }),
    );
    const result = chain.mine(etchings);
    const [id0, id1] = [
      { block: chain.height, tx: 1 },
      { block: chain.height, tx: 2 },
    ];
    expect(chain.snapshot()).toEqual({
      entries: [
        runeEntry(id0, etchings[0]!.txid, { premine: MAX }),
        runeEntry(id1, etchings[1]!.txid, { rune: RUNE + 1n, premine: MAX, number: 1 }),
      ],
      balances: {
        [`${etchings[0]!.txid}:0`]: { [`${chain.height}:1`]: MAX },
        [`${etchings[1]!.txid}:0`]: { [`${chain.height}:2`]: MAX },
      },
    });
    expect(result.events.filter((e) => e.kind === 'etch').map((e) => e.runeId)).toEqual([
      `${chain.height}:1`,
      `${chain.height}:2`,
    ]);
  });

  it('the same name twice in one block: the first etching takes it', () => {
    const chain = new RunesTestChain();
    const commits = [chain.tx({ p2tr: true }), chain.tx({ p2tr: true })];
    chain.mine(commits);
    chain.mineEmpty(RUNE_COMMIT_CONFIRMATIONS - 2);
    const etchings = commits.map((commit) =>
      chain.tx({
        inputs: [`${commit.txid}:0`],
        tapscripts: [encodeScript([runeCommitment(RUNE)])],
        runestone: etchAll(),
      }),
    );
    const result = chain.mine(etchings);
    expect(result.etched.map((e) => e.id)).toEqual([`${chain.height}:1`]);
    expect(chain.snapshot().balances).toEqual({
      [`${etchings[0]!.txid}:0`]: { [`${chain.height}:1`]: MAX },
    });
  });
});

describe('applyRunesBlock: allocation', () => {
  it('allocations over max supply are ignored', () => {
    const chain = new RunesTestChain();
    const runestone = etchAll();
    runestone.edicts.push({ id: ETCHED, amount: MAX, output: 0 });
    const { txid, id, key } = chain.etch(runestone);
    expect(chain.snapshot()).toEqual({
      entries: [runeEntry(id, txid, { premine: MAX })],
      balances: { [`${txid}:0`]: { [key]: MAX } },
    });
  });

  it('allocations partially over max supply are honored', () => {
    const chain = new RunesTestChain();
    const runestone = etchAll();
    runestone.edicts = [
      { id: ETCHED, amount: MAX / 2n, output: 0 },
      { id: ETCHED, amount: MAX, output: 0 },
    ];
    const { txid, id, key } = chain.etch(runestone);
    expect(chain.snapshot()).toEqual({
      entries: [runeEntry(id, txid, { premine: MAX })],
      balances: { [`${txid}:0`]: { [key]: MAX } },
    });
  });

  it('etching may allocate less than max supply', () => {
    const chain = new RunesTestChain();
    chain.mine();
    const { txid, id, key } = chain.etch(etchAll(RUNE, 100n));
    expect(chain.snapshot()).toEqual({
      entries: [runeEntry(id, txid, { premine: 100n })],
      balances: { [`${txid}:0`]: { [key]: 100n } },
    });
  });

  it('etching may allocate to multiple outputs', () => {
    const chain = new RunesTestChain();
    const runestone = etchAll(RUNE, 200n);
    runestone.edicts = [
      { id: ETCHED, amount: 100n, output: 0 },
      { id: ETCHED, amount: 100n, output: 1 },
    ];
    const { txid, id, key, result } = chain.etch(runestone);
    expect(chain.snapshot()).toEqual({
      entries: [runeEntry(id, txid, { premine: 200n, burned: 100n })],
      balances: { [`${txid}:0`]: { [key]: 100n } },
    });
    expect(result.events.filter((e) => e.txid === txid)).toEqual([
      { txid, kind: 'etch', runeId: key, amount: 200n },
      { txid, kind: 'transfer', runeId: key, amount: 100n, vout: 0 },
      { txid, kind: 'burn', runeId: key, amount: 100n },
    ]);
  });

  it('allocations to invalid outputs produce cenotaph', () => {
    const chain = new RunesTestChain();
    const { txid, id } = chain.etch({
      edicts: [
        { id: ETCHED, amount: 100n, output: 0 },
        { id: ETCHED, amount: 100n, output: 3 },
      ],
      etching: { rune: RUNE, turbo: false },
    });
    expect(chain.snapshot()).toEqual({ entries: [runeEntry(id, txid)], balances: {} });
  });

  it('input runes may be allocated', () => {
    const chain = new RunesTestChain();
    const { txid: txid0, id, key } = chain.etch(etchAll());
    const tx1 = chain.tx({
      inputs: [`${txid0}:0`],
      runestone: { edicts: [{ id, amount: MAX, output: 0 }] },
    });
    const result = chain.mine([tx1]);
    expect(chain.snapshot()).toEqual({
      entries: [runeEntry(id, txid0, { premine: MAX })],
      balances: { [`${tx1.txid}:0`]: { [key]: MAX } },
    });
    expect(result.spent).toEqual([`${txid0}:0`]);
  });

  it('etched rune is allocated with zero supply for cenotaph', () => {
    const chain = new RunesTestChain();
    const runestone: Runestone = {
      edicts: [{ id: ETCHED, amount: MAX, output: 0 }],
      etching: { rune: RUNE, turbo: false },
      pointer: 10,
    };
    const { txid, id } = chain.etch(runestone);
    expect(chain.snapshot()).toEqual({ entries: [runeEntry(id, txid)], balances: {} });
  });

  it('etched rune parameters are unset for cenotaph', () => {
    const chain = new RunesTestChain();
    const { txid, id } = chain.etch({
      edicts: [{ id: ETCHED, amount: MAX, output: 0 }],
      etching: {
        premine: MAX,
        rune: RUNE,
        terms: { cap: 1n, amount: 1n, offset: [1n, 1n], height: [undefined, undefined] },
        divisibility: 1,
        symbol: '$',
        spacers: 1,
        turbo: true,
      },
      pointer: 10,
    });
    expect(chain.snapshot()).toEqual({ entries: [runeEntry(id, txid)], balances: {} });
  });

  it('reserved runes are not allocated in cenotaph', () => {
    const chain = new RunesTestChain();
    chain.mine();
    chain.mine([
      chain.tx({
        inputs: ['tx1:0'],
        runestone: {
          edicts: [{ id: ETCHED, amount: MAX, output: 0 }],
          etching: { turbo: false },
          pointer: 10,
        },
      }),
    ]);
    expect(chain.snapshot()).toEqual({ entries: [], balances: {} });
  });

  it('input runes are burned if an unrecognized even tag is encountered', () => {
    const chain = new RunesTestChain();
    const { txid, id, key } = chain.etch(etchAll());
    const result = chain.mine([
      chain.tx({ inputs: [`${txid}:0`], runestone: { edicts: [], pointer: 10 } }),
    ]);
    expect(chain.snapshot()).toEqual({
      entries: [runeEntry(id, txid, { premine: MAX, burned: MAX })],
      balances: {},
    });
    expect(result.supply).toEqual(new Map([[key, { mints: 0n, burned: MAX }]]));
  });

  it('unallocated runes are assigned to first non op_return output', () => {
    const chain = new RunesTestChain();
    const { txid, id, key } = chain.etch(etchAll());
    const tx1 = chain.tx({ inputs: [`${txid}:0`], runestone: { edicts: [] } });
    chain.mine([tx1]);
    expect(chain.snapshot()).toEqual({
      entries: [runeEntry(id, txid, { premine: MAX })],
      balances: { [`${tx1.txid}:0`]: { [key]: MAX } },
    });
  });

  it('unallocated runes are burned if no non op_return output is present', () => {
    const chain = new RunesTestChain();
    const { txid, id } = chain.etch(etchAll());
    chain.mine([chain.tx({ inputs: [`${txid}:0`], outputs: 0, runestone: { edicts: [] } })]);
    expect(chain.snapshot()).toEqual({
      entries: [runeEntry(id, txid, { premine: MAX, burned: MAX })],
      balances: {},
    });
  });

  it('unallocated runes are assigned to default output', () => {
    const chain = new RunesTestChain();
    const { txid, id, key } = chain.etch(etchAll());
    const tx1 = chain.tx({
      inputs: [`${txid}:0`],
      outputs: 2,
      runestone: { edicts: [], pointer: 1 },
    });
    chain.mine([tx1]);
    expect(chain.snapshot()).toEqual({
      entries: [runeEntry(id, txid, { premine: MAX })],
      balances: { [`${tx1.txid}:1`]: { [key]: MAX } },
    });
  });

  it('unallocated runes are burned if default output is op_return', () => {
    const chain = new RunesTestChain();
    const { txid, id } = chain.etch(etchAll());
    chain.mine([
      chain.tx({ inputs: [`${txid}:0`], outputs: 2, runestone: { edicts: [], pointer: 2 } }),
    ]);
    expect(chain.snapshot()).toEqual({
      entries: [runeEntry(id, txid, { premine: MAX, burned: MAX })],
      balances: {},
    });
  });

  it('unallocated runes in transactions with no runestone are assigned to first non op_return output', () => {
    const chain = new RunesTestChain();
    const { txid, id, key } = chain.etch(etchAll());
    const tx1 = chain.tx({ inputs: [`${txid}:0`] });
    chain.mine([tx1]);
    expect(chain.snapshot()).toEqual({
      entries: [runeEntry(id, txid, { premine: MAX })],
      balances: { [`${tx1.txid}:0`]: { [key]: MAX } },
    });
  });

  it('unallocated runes are assigned to first non op_return output when op_return is not last output', () => {
    const chain = new RunesTestChain();
    const { txid, id, key } = chain.etch(etchAll());
    const tx1 = chain.tx({ inputs: [`${txid}:0`] });
    // ord's op_return_index: Some(0): a bare OP_RETURN first, the plain output second.
    tx1.outputs.unshift({ script: Uint8Array.of(0x6a), value: 0n });
    chain.mine([tx1]);
    expect(chain.snapshot()).toEqual({
      entries: [runeEntry(id, txid, { premine: MAX })],
      balances: { [`${tx1.txid}:1`]: { [key]: MAX } },
    });
  });

  it('output may hold multiple runes', () => {
    const chain = new RunesTestChain();
    const first = chain.etch(etchAll());
    const second = chain.etch(etchAll(RUNE + 1n));
    const tx2 = chain.tx({ inputs: [`${first.txid}:0`, `${second.txid}:0`] });
    chain.mine([tx2]);
    expect(chain.snapshot()).toEqual({
      entries: [
        runeEntry(first.id, first.txid, { premine: MAX }),
        runeEntry(second.id, second.txid, { rune: RUNE + 1n, premine: MAX, number: 1 }),
      ],
      balances: { [`${tx2.txid}:0`]: { [first.key]: MAX, [second.key]: MAX } },
    });
  });

  it('multiple input runes on the same input may be allocated', () => {
    const chain = new RunesTestChain();
    const first = chain.etch(etchAll());
    const second = chain.etch(etchAll(RUNE + 1n));
    const tx2 = chain.tx({ inputs: [`${first.txid}:0`, `${second.txid}:0`] });
    chain.mine([tx2]);
    const tx3 = chain.tx({
      inputs: [`${tx2.txid}:0`],
      outputs: 2,
      runestone: {
        edicts: [
          { id: first.id, amount: MAX / 2n, output: 1 },
          { id: second.id, amount: MAX / 2n, output: 1 },
        ],
      },
    });
    chain.mine([tx3]);
    expect(chain.snapshot()).toEqual({
      entries: [
        runeEntry(first.id, first.txid, { premine: MAX }),
        runeEntry(second.id, second.txid, { rune: RUNE + 1n, premine: MAX, number: 1 }),
      ],
      balances: {
        [`${tx3.txid}:0`]: { [first.key]: MAX / 2n + 1n, [second.key]: MAX / 2n + 1n },
        [`${tx3.txid}:1`]: { [first.key]: MAX / 2n, [second.key]: MAX / 2n },
      },
    });
  });

  it('multiple input runes on different inputs may be allocated', () => {
    const chain = new RunesTestChain();
    const first = chain.etch(etchAll());
    const second = chain.etch(etchAll(RUNE + 1n));
    const tx2 = chain.tx({
      inputs: [`${first.txid}:0`, `${second.txid}:0`],
      runestone: {
        edicts: [
          { id: first.id, amount: MAX, output: 0 },
          { id: second.id, amount: MAX, output: 0 },
        ],
      },
    });
    chain.mine([tx2]);
    expect(chain.snapshot().balances).toEqual({
      [`${tx2.txid}:0`]: { [first.key]: MAX, [second.key]: MAX },
    });
  });

  it('edicts with id zero are skipped', () => {
    const chain = new RunesTestChain();
    const { txid, id, key } = chain.etch(etchAll());
    const tx1 = chain.tx({
      inputs: [`${txid}:0`],
      runestone: {
        edicts: [
          { id: ETCHED, amount: 100n, output: 0 },
          { id, amount: MAX, output: 0 },
        ],
      },
    });
    chain.mine([tx1]);
    expect(chain.snapshot()).toEqual({
      entries: [runeEntry(id, txid, { premine: MAX })],
      balances: { [`${tx1.txid}:0`]: { [key]: MAX } },
    });
  });

  it('edicts which refer to input rune with no balance are skipped', () => {
    const chain = new RunesTestChain();
    const first = chain.etch(etchAll());
    const second = chain.etch(etchAll(RUNE + 1n));
    const tx2 = chain.tx({
      inputs: [`${first.txid}:0`],
      runestone: {
        edicts: [
          { id: first.id, amount: MAX, output: 0 },
          { id: second.id, amount: MAX, output: 0 },
        ],
      },
    });
    chain.mine([tx2]);
    expect(chain.snapshot().balances).toEqual({
      [`${second.txid}:0`]: { [second.key]: MAX },
      [`${tx2.txid}:0`]: { [first.key]: MAX },
    });
  });

  it('edicts over max inputs are ignored', () => {
    const chain = new RunesTestChain();
    const { txid, id, key } = chain.etch(etchAll(RUNE, MAX / 2n));
    const tx1 = chain.tx({
      inputs: [`${txid}:0`],
      runestone: { edicts: [{ id, amount: MAX, output: 0 }] },
    });
    chain.mine([tx1]);
    expect(chain.snapshot()).toEqual({
      entries: [runeEntry(id, txid, { premine: MAX / 2n })],
      balances: { [`${tx1.txid}:0`]: { [key]: MAX / 2n } },
    });
  });

  it('edicts may transfer runes to op_return outputs', () => {
    const chain = new RunesTestChain();
    const { txid, id } = chain.etch(etchAll(RUNE, MAX, 1));
    expect(chain.snapshot()).toEqual({
      entries: [runeEntry(id, txid, { premine: MAX, burned: MAX })],
      balances: {},
    });
  });

  it('outputs with no runes have no balance', () => {
    const chain = new RunesTestChain();
    const { txid, key } = chain.etch(etchAll(), 2);
    expect(chain.snapshot().balances).toEqual({ [`${txid}:0`]: { [key]: MAX } });
  });

  it('edicts which transfer no runes to output create no balance entry', () => {
    const chain = new RunesTestChain();
    const runestone = etchAll();
    runestone.edicts.push({ id: ETCHED, amount: 0n, output: 1 });
    const { txid, key } = chain.etch(runestone, 2);
    expect(chain.snapshot().balances).toEqual({ [`${txid}:0`]: { [key]: MAX } });
  });

  it('runes moved twice in one block: only the last output is created, the first input is spent', () => {
    const chain = new RunesTestChain();
    const { txid, key } = chain.etch(etchAll());
    const hop1 = chain.tx({ inputs: [`${txid}:0`] });
    const hop2 = chain.tx({ inputs: [`${hop1.txid}:0`] });
    const result = chain.mine([hop1, hop2]);
    expect(result.spent).toEqual([`${txid}:0`]);
    expect(result.created).toEqual(new Map([[`${hop2.txid}:0`, new Map([[key, MAX]])]]));
  });
});
