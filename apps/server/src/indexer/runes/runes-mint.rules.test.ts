import {
  encodeScript,
  minimumRuneAtHeight,
  RUNE_COMMIT_CONFIRMATIONS,
  runeCommitment,
  type RuneId,
  type Runestone,
  type Terms,
} from '@om/bitcoin';
import { describe, expect, it } from 'vitest';
import { loadPlan } from './runes-block.rules.ts';
import { RUNE, runeEntry, RunesTestChain } from './runes-test-chain.ts';

// ord's runes test module (ordinals/ord, src/runes.rs): open mints and etching commitments. ord's
// Context::etch puts the etching at block 8 (its mint windows are written against that), so
// ordEtch does the same: one block, the commit, seven confirmations.
const ETCHED = { block: 0, tx: 0 };

function terms(fields: Partial<Terms>): Terms {
  return { height: [undefined, undefined], offset: [undefined, undefined], ...fields };
}

function ordEtch(chain: RunesTestChain, runestone: Runestone, outputs = 1) {
  chain.mine();
  const etched = chain.etch(runestone, outputs, RUNE_COMMIT_CONFIRMATIONS + 1);
  expect(etched.id.block).toBe(8);
  return etched;
}

function openMint(fields: Partial<Terms>, premine?: bigint): Runestone {
  return { edicts: [], etching: { rune: RUNE, premine, terms: terms(fields), turbo: false } };
}

/** Mines one block holding a transaction that mints `id` (plus whatever else `runestone` says). */
function mint(chain: RunesTestChain, id: RuneId, runestone: Partial<Runestone> = {}, outputs = 1) {
  const tx = chain.tx({ outputs, runestone: { edicts: [], mint: id, ...runestone } });
  const result = chain.mine([tx]);
  return { txid: tx.txid, result };
}

describe('applyRunesBlock: open mints', () => {
  it('rune can be minted without edict', () => {
    const chain = new RunesTestChain();
    const t = terms({ amount: 1000n, cap: 100n });
    const { txid, id, key } = ordEtch(chain, openMint(t));
    expect(chain.snapshot()).toEqual({
      entries: [runeEntry(id, txid, { terms: t })],
      balances: {},
    });
    const minted = mint(chain, id);
    expect(chain.snapshot()).toEqual({
      entries: [runeEntry(id, txid, { terms: t, mints: 1n })],
      balances: { [`${minted.txid}:0`]: { [key]: 1000n } },
    });
    expect(minted.result.events).toEqual([
      { txid: minted.txid, kind: 'mint', runeId: key, amount: 1000n },
      { txid: minted.txid, kind: 'transfer', runeId: key, amount: 1000n, vout: 0 },
    ]);
  });

  it('rune cannot be minted less than limit amount', () => {
    const chain = new RunesTestChain();
    const { id, key } = ordEtch(chain, openMint({ amount: 1000n, cap: 100n }));
    const minted = mint(chain, id, { edicts: [{ id, amount: 111n, output: 0 }] }, 2);
    expect(chain.snapshot().balances).toEqual({ [`${minted.txid}:0`]: { [key]: 1000n } });
    expect(chain.entries.get(key)!.mints).toBe(1n);
  });

  it('etching with amount can be minted', () => {
    const chain = new RunesTestChain();
    const t = terms({ cap: 100n, amount: 1000n });
    const { txid, id, key } = ordEtch(chain, openMint(t));
    const first = mint(chain, id, { edicts: [{ id, amount: 1000n, output: 0 }] });
    const second = mint(chain, id, { edicts: [{ id, amount: 1000n, output: 0 }] });
    expect(chain.entries.get(key)!.mints).toBe(2n);
    // A cenotaph's mint still counts, and its runes burn.
    const burn = mint(chain, id, { pointer: 10, edicts: [{ id, amount: 1000n, output: 0 }] });
    expect(burn.result.events).toEqual([
      { txid: burn.txid, kind: 'mint', runeId: key, amount: 1000n },
      { txid: burn.txid, kind: 'burn', runeId: key, amount: 1000n },
    ]);
    expect(chain.snapshot()).toEqual({
      entries: [runeEntry(id, txid, { terms: t, mints: 3n, burned: 1000n })],
      balances: { [`${first.txid}:0`]: { [key]: 1000n }, [`${second.txid}:0`]: { [key]: 1000n } },
    });
  });

  it('open mints can be limited with offset end', () => {
    const chain = new RunesTestChain();
    const { id, key } = ordEtch(
      chain,
      openMint({ amount: 1000n, cap: 100n, offset: [undefined, 2n] }),
    );
    const first = mint(chain, id);
    mint(chain, id);
    expect(chain.snapshot().balances).toEqual({ [`${first.txid}:0`]: { [key]: 1000n } });
  });

  it('open mints can be limited with offset start', () => {
    const chain = new RunesTestChain();
    const { id, key } = ordEtch(
      chain,
      openMint({ amount: 1000n, cap: 100n, offset: [2n, undefined] }),
    );
    mint(chain, id);
    expect(chain.snapshot().balances).toEqual({});
    const second = mint(chain, id);
    expect(chain.snapshot().balances).toEqual({ [`${second.txid}:0`]: { [key]: 1000n } });
  });

  it('open mints can be limited with height start', () => {
    const chain = new RunesTestChain();
    const { id, key } = ordEtch(
      chain,
      openMint({ amount: 1000n, cap: 100n, height: [10n, undefined] }),
    );
    mint(chain, id);
    expect(chain.snapshot().balances).toEqual({});
    const second = mint(chain, id);
    expect(chain.snapshot().balances).toEqual({ [`${second.txid}:0`]: { [key]: 1000n } });
  });

  it('open mints can be limited with height end', () => {
    const chain = new RunesTestChain();
    const { id, key } = ordEtch(
      chain,
      openMint({ amount: 1000n, cap: 100n, height: [undefined, 10n] }),
    );
    const first = mint(chain, id);
    mint(chain, id);
    expect(chain.snapshot().balances).toEqual({ [`${first.txid}:0`]: { [key]: 1000n } });
  });

  it('open mints must be ended with etched height plus offset end', () => {
    const chain = new RunesTestChain();
    const { id, key } = ordEtch(
      chain,
      openMint({ amount: 1000n, cap: 100n, height: [undefined, 100n], offset: [undefined, 2n] }),
    );
    const first = mint(chain, id);
    mint(chain, id);
    expect(chain.snapshot().balances).toEqual({ [`${first.txid}:0`]: { [key]: 1000n } });
  });

  it('open mints must be ended with height end', () => {
    const chain = new RunesTestChain();
    const { id, key } = ordEtch(
      chain,
      openMint({ amount: 1000n, cap: 100n, height: [undefined, 10n], offset: [undefined, 100n] }),
    );
    const first = mint(chain, id);
    mint(chain, id);
    expect(chain.snapshot().balances).toEqual({ [`${first.txid}:0`]: { [key]: 1000n } });
  });

  it('open mints must be started with height start', () => {
    const chain = new RunesTestChain();
    const { id, key } = ordEtch(
      chain,
      openMint({ amount: 1000n, cap: 100n, height: [11n, undefined], offset: [1n, undefined] }),
    );
    chain.mine();
    mint(chain, id);
    expect(chain.snapshot().balances).toEqual({});
    chain.mine();
    const second = mint(chain, id);
    expect(chain.snapshot().balances).toEqual({ [`${second.txid}:0`]: { [key]: 1000n } });
  });

  it('open mints must be started with etched height plus offset start', () => {
    const chain = new RunesTestChain();
    const { id, key } = ordEtch(
      chain,
      openMint({ amount: 1000n, cap: 100n, height: [9n, undefined], offset: [3n, undefined] }),
    );
    chain.mine();
    mint(chain, id);
    expect(chain.snapshot().balances).toEqual({});
    chain.mine();
    const second = mint(chain, id);
    expect(chain.snapshot().balances).toEqual({ [`${second.txid}:0`]: { [key]: 1000n } });
  });

  it('open mints with offset end zero can be premined', () => {
    const chain = new RunesTestChain();
    const t = terms({ amount: 1000n, offset: [undefined, 0n] });
    const runestone = openMint({ amount: 1000n, offset: [undefined, 0n] }, 1111n);
    runestone.edicts = [{ id: ETCHED, amount: 1111n, output: 0 }];
    const { txid, id, key } = ordEtch(chain, runestone);
    const expected = {
      entries: [runeEntry(id, txid, { terms: t, premine: 1111n })],
      balances: { [`${txid}:0`]: { [key]: 1111n } },
    };
    expect(chain.snapshot()).toEqual(expected);
    mint(chain, id, {}, 2);
    expect(chain.snapshot()).toEqual(expected);
  });

  it('open mints can be limited to cap', () => {
    const chain = new RunesTestChain();
    const { id, key } = ordEtch(chain, openMint({ amount: 1000n, cap: 2n }));
    const claim = { edicts: [{ id, amount: 1000n, output: 0 }] };
    const first = mint(chain, id, claim);
    const second = mint(chain, id, claim);
    mint(chain, id, claim);
    expect(chain.entries.get(key)!.mints).toBe(2n);
    expect(chain.snapshot().balances).toEqual({
      [`${first.txid}:0`]: { [key]: 1000n },
      [`${second.txid}:0`]: { [key]: 1000n },
    });
  });

  it('open mints without a cap are unmintable', () => {
    const chain = new RunesTestChain();
    const { id, key } = ordEtch(chain, openMint({ amount: 1000n, offset: [undefined, 2n] }));
    mint(chain, id, { edicts: [{ id, amount: 1000n, output: 0 }] });
    expect(chain.entries.get(key)!.mints).toBe(0n);
    expect(chain.snapshot().balances).toEqual({});
  });

  it('open mint claims can use split', () => {
    const chain = new RunesTestChain();
    const { id, key } = ordEtch(chain, openMint({ amount: 1000n, cap: 100n }));
    const minted = mint(chain, id, { edicts: [{ id, amount: 0n, output: 3 }] }, 2);
    expect(chain.snapshot().balances).toEqual({
      [`${minted.txid}:0`]: { [key]: 500n },
      [`${minted.txid}:1`]: { [key]: 500n },
    });
  });

  it('runes can be etched and premined in the same transaction', () => {
    const chain = new RunesTestChain();
    const runestone = openMint({ amount: 1000n }, 2000n);
    runestone.edicts = [{ id: ETCHED, amount: 2000n, output: 0 }];
    const { txid, id, key } = ordEtch(chain, runestone);
    expect(chain.snapshot()).toEqual({
      entries: [runeEntry(id, txid, { terms: terms({ amount: 1000n }), premine: 2000n })],
      balances: { [`${txid}:0`]: { [key]: 2000n } },
    });
  });

  it('omitted edicts defaults to mint amount', () => {
    const chain = new RunesTestChain();
    const { txid, id } = ordEtch(chain, openMint({ offset: [undefined, 1n] }));
    expect(chain.snapshot()).toEqual({
      entries: [runeEntry(id, txid, { terms: terms({ offset: [undefined, 1n] }) })],
      balances: {},
    });
  });

  it('premines can claim over mint amount', () => {
    const chain = new RunesTestChain();
    const runestone = openMint({ amount: 1000n, cap: 1n }, 2000n);
    runestone.edicts = [{ id: ETCHED, amount: 2000n, output: 0 }];
    const { txid, id, key } = ordEtch(chain, runestone);
    expect(chain.snapshot()).toEqual({
      entries: [runeEntry(id, txid, { terms: terms({ amount: 1000n, cap: 1n }), premine: 2000n })],
      balances: { [`${txid}:0`]: { [key]: 2000n } },
    });
  });

  it('transactions cannot claim more than mint amount', () => {
    const chain = new RunesTestChain();
    const { id, key } = ordEtch(chain, openMint({ amount: 1000n, cap: 100n }));
    const minted = mint(chain, id, { edicts: [{ id, amount: 2000n, output: 0 }] });
    expect(chain.entries.get(key)!.mints).toBe(1n);
    expect(chain.snapshot().balances).toEqual({ [`${minted.txid}:0`]: { [key]: 1000n } });
  });

  it('multiple edicts in one transaction may claim open mint', () => {
    const chain = new RunesTestChain();
    const { id, key } = ordEtch(chain, openMint({ amount: 1000n, cap: 100n }));
    const edicts = [500n, 500n, 500n].map((amount) => ({ id, amount, output: 0 }));
    const minted = mint(chain, id, { edicts });
    expect(chain.entries.get(key)!.mints).toBe(1n);
    expect(chain.snapshot().balances).toEqual({ [`${minted.txid}:0`]: { [key]: 1000n } });
  });

  it('a cap is counted across the transactions of one block', () => {
    const chain = new RunesTestChain();
    const { id, key } = ordEtch(chain, openMint({ amount: 1000n, cap: 1n }));
    const txs = [0, 1].map(() => chain.tx({ runestone: { edicts: [], mint: id } }));
    const result = chain.mine(txs);
    expect(result.supply).toEqual(new Map([[key, { mints: 1n, burned: 0n }]]));
    expect(chain.snapshot().balances).toEqual({ [`${txs[0]!.txid}:0`]: { [key]: 1000n } });
  });

  it('a rune etched earlier in the block can be minted by a later transaction', () => {
    const chain = new RunesTestChain();
    const commit = chain.tx({ p2tr: true });
    chain.mine([commit]);
    chain.mineEmpty(RUNE_COMMIT_CONFIRMATIONS - 2);
    const etching = chain.tx({
      inputs: [`${commit.txid}:0`],
      tapscripts: [encodeScript([runeCommitment(RUNE)])],
      runestone: openMint({ amount: 5n, cap: 10n }),
    });
    const id = { block: chain.height + 1, tx: 1 };
    const minter = chain.tx({ runestone: { edicts: [], mint: id } });
    const result = chain.mine([etching, minter]);
    expect(result.etched[0]!.mints).toBe(0n);
    expect(result.supply.get(`${id.block}:1`)).toEqual({ mints: 1n, burned: 0n });
    expect(chain.snapshot().balances).toEqual({ [`${minter.txid}:0`]: { [`${id.block}:1`]: 5n } });
  });

  it('the turbo flag is kept on the entry', () => {
    const chain = new RunesTestChain();
    const { txid, id } = chain.etch({ edicts: [], etching: { rune: RUNE, turbo: true } });
    expect(chain.snapshot().entries).toEqual([runeEntry(id, txid, { turbo: true })]);
  });
});

describe('applyRunesBlock: etching commitments', () => {
  function etchingAfter(
    chain: RunesTestChain,
    commitP2tr: boolean,
    confirmations: number,
    tapscript: Uint8Array,
  ) {
    const commit = chain.tx({ p2tr: commitP2tr });
    chain.mine([commit]);
    chain.mineEmpty(confirmations - 2);
    const runestone: Runestone = {
      edicts: [],
      etching: { rune: RUNE, terms: terms({ amount: 1000n }), turbo: false },
    };
    return chain.mine([
      chain.tx({ inputs: [`${commit.txid}:0`], tapscripts: [tapscript], runestone }),
    ]);
  }
  const commitment = encodeScript([runeCommitment(RUNE)]);

  it('commits are not valid in non taproot witnesses', () => {
    const chain = new RunesTestChain();
    etchingAfter(chain, false, RUNE_COMMIT_CONFIRMATIONS + 1, commitment);
    expect(chain.snapshot()).toEqual({ entries: [], balances: {} });
  });

  it('immature commits are not valid', () => {
    const chain = new RunesTestChain();
    etchingAfter(chain, true, RUNE_COMMIT_CONFIRMATIONS - 1, commitment);
    expect(chain.snapshot()).toEqual({ entries: [], balances: {} });
  });

  it('commits of exactly RUNE_COMMIT_CONFIRMATIONS are valid', () => {
    const chain = new RunesTestChain();
    const result = etchingAfter(chain, true, RUNE_COMMIT_CONFIRMATIONS, commitment);
    expect(result.etched.map((e) => e.spacedRune.rune)).toEqual([RUNE]);
  });

  it('etchings are not valid without commitment', () => {
    const chain = new RunesTestChain();
    etchingAfter(chain, true, RUNE_COMMIT_CONFIRMATIONS + 1, encodeScript([new Uint8Array()]));
    expect(chain.snapshot()).toEqual({ entries: [], balances: {} });
  });

  it('tx commits to rune ignores invalid script', () => {
    const chain = new RunesTestChain();
    chain.mine();
    const runestone: Runestone = {
      edicts: [],
      etching: { rune: RUNE, terms: terms({ amount: 1000n }), turbo: false },
    };
    chain.mine([chain.tx({ inputs: ['tx1:0'], tapscripts: [Uint8Array.of(0x4e)], runestone })]);
    expect(chain.snapshot()).toEqual({ entries: [], balances: {} });
  });

  it('a commitment pushed before a broken part of the tapscript still commits', () => {
    const chain = new RunesTestChain();
    const tapscript = Uint8Array.from([...commitment, 0x4e]);
    const result = etchingAfter(chain, true, RUNE_COMMIT_CONFIRMATIONS, tapscript);
    expect(result.etched).toHaveLength(1);
  });

  it('a commit output from the same block is too young', () => {
    const chain = new RunesTestChain();
    chain.mineEmpty(10);
    const commit = chain.tx({ p2tr: true });
    const runestone: Runestone = { edicts: [], etching: { rune: RUNE, turbo: false } };
    const etching = chain.tx({ inputs: [`${commit.txid}:0`], tapscripts: [commitment], runestone });
    expect(loadPlan({ height: 11, timestamp: 11, txs: [commit, etching] }).prevouts).toEqual([]);
    const result = chain.mine([commit, etching]);
    expect(result.etched).toEqual([]);
  });

  it('names shorter than the minimum at height are refused on mainnet', () => {
    const chain = new RunesTestChain('mainnet');
    // Mainnet's first rune height is 840,000: before it only names of 13 letters are open.
    expect(minimumRuneAtHeight('mainnet', 8)).toBe(RUNE);
    const short = ordEtch(chain, { edicts: [], etching: { rune: RUNE - 1n, turbo: false } });
    expect(short.result.etched).toEqual([]);
    const open = chain.etch({ edicts: [], etching: { rune: RUNE, turbo: false } });
    expect(open.result.etched.map((e) => e.id)).toEqual([open.key]);
  });
});

describe('loadPlan', () => {
  it('lists earlier outputs spent, runes named, names asked and committing prevouts', () => {
    const chain = new RunesTestChain();
    const commit = 'c0ffee:0';
    const etching = chain.tx({
      inputs: [commit, 'aa:1'],
      tapscripts: [encodeScript([runeCommitment(RUNE)]), undefined],
      runestone: {
        edicts: [
          { id: ETCHED, amount: 1n, output: 0 },
          { id: { block: 840_000, tx: 3 }, amount: 1n, output: 0 },
        ],
        etching: { rune: RUNE, turbo: false },
        mint: { block: 840_001, tx: 7 },
      },
    });
    const spender = chain.tx({ inputs: [`${etching.txid}:0`, 'bb:2'] });
    expect(loadPlan({ height: 900_000, timestamp: 0, txs: [etching, spender] })).toEqual({
      outpoints: [commit, 'aa:1', 'bb:2'],
      runeIds: ['840001:7', '840000:3'],
      names: [RUNE],
      prevouts: [commit],
    });
  });
});
