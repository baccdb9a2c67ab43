import { describe, expect, it } from 'vitest';
import type { TransferLogRow } from './brc20-index.queries.ts';
import { addressOf, brc20Transfers, pkscriptOf } from './brc20-follower.ts';
import { scriptMemo } from './script-memo.ts';

const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
const json = (o: object) => new TextEncoder().encode(JSON.stringify(o));
const row = (over: Partial<TransferLogRow>): TransferLogRow => ({
  height: 0,
  inscriptionId: 'a'.repeat(64) + 'i0',
  seq: 0,
  sentAsFee: false,
  address: ADDRESS,
  script: null,
  isNew: true,
  contentType: 'text/plain;charset=utf-8',
  contentEncoding: null,
  content: json({ p: 'brc-20', op: 'mint', tick: 'ordi', amt: '1' }),
  genesisCharms: [],
  parents: [],
  ...over,
});

describe('brc20Transfers: OPI-ord transfer log from the inscription index', () => {
  it('an address becomes its pkscript and back', () => {
    const pkscript = pkscriptOf(ADDRESS, 'regtest');
    expect(pkscript).toBe('0014751e76e8199196d454941c45d1b3a323f1433bd6');
    expect(addressOf(pkscript, 'regtest')).toBe(ADDRESS);
    expect(addressOf('6a', 'regtest')).toBeNull();
    expect(addressOf('', 'regtest')).toBeNull();
    // Remembered, nulls included: the same answers the second time.
    const scripts = scriptMemo('regtest');
    for (let i = 0; i < 2; i++) {
      expect(scripts.pkscript(ADDRESS)).toBe(pkscript);
      expect(scripts.address(pkscript)).toBe(ADDRESS);
      expect(scripts.address('6a')).toBeNull();
    }
  });

  it('the creation, its later move in the block, a fee move and a burn keep their pkscripts', () => {
    const id = 'b'.repeat(64) + 'i0';
    const transfers = brc20Transfers(
      [
        row({ inscriptionId: id, parents: ['p'.repeat(64) + 'i0'] }),
        row({ inscriptionId: id, seq: 1, address: null, script: '6a' }),
        row({ inscriptionId: 'c'.repeat(64) + 'i0', seq: 2, isNew: false, sentAsFee: true }),
      ],
      new Set(['c'.repeat(64) + 'i0']),
      scriptMemo('regtest'),
    );
    expect(transfers).toEqual([
      {
        inscriptionId: id,
        kind: 'inscribe',
        sentAsFee: false,
        pkscript: pkscriptOf(ADDRESS, 'regtest'),
        content: { p: 'brc-20', op: 'mint', tick: 'ordi', amt: '1' },
        parent: 'p'.repeat(64) + 'i0',
      },
      { inscriptionId: id, kind: 'move', sentAsFee: false, pkscript: '6a' },
      { inscriptionId: 'c'.repeat(64) + 'i0', kind: 'move', sentAsFee: true, pkscript: '' },
    ]);
  });

  it('leaves out cursed inscriptions, non-BRC-20 JSON, and moves of what is no transferable', () => {
    const transfers = brc20Transfers(
      [
        row({ genesisCharms: ['vindicated'] }),
        row({ inscriptionId: 'd'.repeat(64) + 'i0', content: json({ p: 'sns' }) }),
        row({ inscriptionId: 'd'.repeat(64) + 'i0', seq: 1 }),
        row({ inscriptionId: 'e'.repeat(64) + 'i0', isNew: false }),
      ],
      new Set(),
      scriptMemo('regtest'),
    );
    expect(transfers).toEqual([]);
  });
});
