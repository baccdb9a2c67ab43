import { describe, expect, it } from 'vitest';
import { runesBlockWrite } from './runes-follower.ts';
import { addressOfScript } from '@om/bitcoin';
import type { RunesBlockResult, RunesTx } from './runes.types.ts';

describe('runesBlockWrite', () => {
  const txid = 'cc'.repeat(32);
  const taproot = `5120${'aa'.repeat(32)}`;
  // OP_1 alone: nonstandard, so no address.
  const nonstandard = '51';
  const txs: RunesTx[] = [
    {
      txid,
      inputs: [],
      tapscripts: [],
      outputs: [taproot, nonstandard].map((hex) => ({
        script: Uint8Array.from(Buffer.from(hex, 'hex')),
        value: 546n,
      })),
    },
  ];
  const taprootAddress = addressOfScript(txs[0]!.outputs[0]!.script, 'regtest');
  const result: RunesBlockResult = {
    etched: [
      {
        id: '9:1',
        etching: txid,
        // AAAAAAAAAAAAA (13 letters) with a spacer after the first letter.
        spacedRune: { rune: 99246114928149462n, spacers: 1 },
        number: 3,
        divisibility: 0,
        premine: 5n,
        turbo: false,
        mints: 0n,
        burned: 0n,
        block: 9,
        timestamp: 1,
      },
    ],
    supply: new Map([['9:1', { mints: 0n, burned: 2n }]]),
    created: new Map([
      [`${txid}:0`, new Map([['9:1', 3n]])],
      [`${txid}:1`, new Map([['2:4', 7n]])],
    ]),
    spent: ['dd:0'],
    events: [],
  };

  it('has a real address for the taproot output', () => {
    expect(taprootAddress).toMatch(/^bcrt1p/);
  });

  it('names etched runes and gives each created balance its output script and address', () => {
    const write = runesBlockWrite({ height: 9, hash: 'h' }, result, txs, 'regtest');
    expect(write.etched[0]).toMatchObject({ name: 'AAAAAAAAAAAAA', spacedName: 'A•AAAAAAAAAAAA' });
    expect(write.supply).toEqual([{ runeId: '9:1', mints: 0n, burned: 2n }]);
    expect(write.created).toEqual([
      {
        outpoint: `${txid}:0`,
        runeId: '9:1',
        amount: 3n,
        pkscript: taproot,
        address: taprootAddress,
      },
      { outpoint: `${txid}:1`, runeId: '2:4', amount: 7n, pkscript: nonstandard, address: null },
    ]);
    expect(write.spent).toEqual(['dd:0']);
  });

  it('refuses a balance on an output the block does not have', () => {
    const stray = { ...result, created: new Map([[`${txid}:5`, new Map([['9:1', 1n]])]]) };
    expect(() => runesBlockWrite({ height: 9, hash: 'h' }, stray, txs, 'regtest')).toThrow(
      /not an output/,
    );
  });
});
