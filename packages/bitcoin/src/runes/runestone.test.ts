import { describe, expect, it } from 'vitest';
import {
  decipherRunestone,
  encipherRunestone,
  FLAG,
  MAX_DIVISIBILITY,
  MAX_SPACERS,
  TAG,
} from './runestone.ts';
import { encodePush } from '../inscriptions/tapscript.ts';
import { OP_13, OP_RETURN } from './runestone-script.ts';
import type { Artifact, Cenotaph, Edict, Etching, Runestone, Terms } from './runestone.types.ts';
import { hexToBytes } from '../bytes.ts';
import { formatSpacedRune } from './rune-name.ts';
import { encodeVarint, U128_MAX } from './varint.ts';

// ord's runestone.rs tests (ordinals/ord, crates/ordinals/src/runestone.rs), one `it` per ord test.
const U64_MAX = (1n << 64n) - 1n;
const U32_MAX = (1n << 32n) - 1n;
const OP_VERIFY = 0x69;
const OP_PUSHNUM_1 = 0x51;
const OP_PUSHBYTES_4 = 0x04;
const OP_PUSHBYTES_9 = 0x09;

const bytes = (values: bigint[]): number[] => values.flatMap((v) => encodeVarint(v));
const script = (...parts: number[][]): Uint8Array => Uint8Array.from(parts.flat());
const push = (data: number[]): number[] => [...encodePush(Uint8Array.from(data))];
const runestoneScript = (values: bigint[]): Uint8Array =>
  script([OP_RETURN, OP_13], push(bytes(values)));
const tx = (...scripts: Uint8Array[]) => ({ outputs: scripts.map((s) => ({ script: s })) });

function decipher(values: (bigint | number)[]): Artifact | undefined {
  return decipherRunestone(tx(runestoneScript(values.map(BigInt))));
}

function runestone(fields: Partial<Runestone> = {}): Artifact {
  return { kind: 'runestone', runestone: { edicts: [], ...fields } };
}

function cenotaph(fields: Cenotaph): Artifact {
  return { kind: 'cenotaph', cenotaph: fields };
}

function etching(fields: Partial<Etching> = {}): Etching {
  return { turbo: false, ...fields };
}

function terms(fields: Partial<Terms> = {}): Terms {
  return { height: [undefined, undefined], offset: [undefined, undefined], ...fields };
}

const edict = (tx: number, amount: bigint, output: number): Edict => ({
  id: { block: 1, tx },
  amount,
  output,
});
const EDICT_1_1_2_0 = [TAG.body, 1, 1, 2, 0];

describe('decipherRunestone: finding the runestone', () => {
  it('decipher returns none if first opcode is malformed', () => {
    expect(decipherRunestone(tx(script([OP_PUSHBYTES_4])))).toBeUndefined();
  });

  it('deciphering transaction with no outputs returns none', () => {
    expect(decipherRunestone(tx())).toBeUndefined();
  });

  it('deciphering transaction with non op_return output returns none', () => {
    expect(decipherRunestone(tx(script(push([]))))).toBeUndefined();
  });

  it('deciphering transaction with bare op_return returns none', () => {
    expect(decipherRunestone(tx(script([OP_RETURN])))).toBeUndefined();
  });

  it('deciphering transaction with non matching op_return returns none', () => {
    expect(decipherRunestone(tx(script([OP_RETURN], push([70, 79, 79, 79]))))).toBeUndefined();
  });

  it('deciphering valid runestone with invalid script postfix returns invalid payload', () => {
    expect(decipherRunestone(tx(script([OP_RETURN, OP_13, OP_PUSHBYTES_4])))).toEqual(
      cenotaph({ flaw: 'invalid-script' }),
    );
  });

  it('deciphering runestone with truncated varint succeeds', () => {
    expect(decipherRunestone(tx(script([OP_RETURN, OP_13], push([128]))))).toBeDefined();
  });

  it('outputs with non pushdata opcodes are cenotaph', () => {
    const first = script(
      [OP_RETURN, OP_13, OP_VERIFY],
      push([0]),
      push([1]),
      push([1]),
      push([2, 0]),
    );
    const second = script([OP_RETURN, OP_13], push([0]), push([1]), push([2]), push([3, 0]));
    expect(decipherRunestone(tx(first, second))).toEqual(cenotaph({ flaw: 'opcode' }));
  });

  it('pushnum opcodes in runestone produce cenotaph', () => {
    expect(decipherRunestone(tx(script([OP_RETURN, OP_13, OP_PUSHNUM_1])))).toEqual(
      cenotaph({ flaw: 'opcode' }),
    );
  });

  it('deciphering empty runestone is successful', () => {
    expect(decipherRunestone(tx(script([OP_RETURN, OP_13])))).toEqual(runestone());
  });

  it('invalid input scripts are skipped when searching for runestone', () => {
    const broken = script([OP_RETURN, OP_PUSHBYTES_9, OP_13, OP_PUSHBYTES_4]);
    const valid = runestoneScript([TAG.mint, 1n, TAG.mint, 1n]);
    expect(decipherRunestone(tx(broken, valid))).toEqual(runestone({ mint: { block: 1, tx: 1 } }));
  });

  it('payload pushes are concatenated', () => {
    const values = [TAG.flags, FLAG.etching, TAG.divisibility, 5n, TAG.body, 1n, 1n, 2n, 0n];
    const pushes = values.map((v) => push(encodeVarint(v)));
    expect(decipherRunestone(tx(script([OP_RETURN, OP_13], ...pushes)))).toEqual(
      runestone({ edicts: [edict(1, 2n, 0)], etching: etching({ divisibility: 5 }) }),
    );
  });

  it('runestone may be in second output', () => {
    const valid = runestoneScript([0n, 1n, 1n, 2n, 0n]);
    expect(decipherRunestone(tx(script(), valid))).toEqual(
      runestone({ edicts: [edict(1, 2n, 0)] }),
    );
  });

  it('runestone may be after non matching op_return', () => {
    const other = script([OP_RETURN], push([70, 79, 79]));
    const valid = runestoneScript([0n, 1n, 1n, 2n, 0n]);
    expect(decipherRunestone(tx(other, valid))).toEqual(runestone({ edicts: [edict(1, 2n, 0)] }));
  });

  it('invalid scripts in op_returns without magic number are ignored', () => {
    const broken = script([OP_RETURN, OP_PUSHBYTES_4]);
    expect(decipherRunestone(tx(broken))).toBeUndefined();
    expect(decipherRunestone(tx(broken, encipherRunestone({ edicts: [] })))).toEqual(runestone());
  });

  it('invalid scripts in op_returns with magic number produce cenotaph', () => {
    expect(decipherRunestone(tx(script([OP_RETURN, OP_13, OP_PUSHBYTES_4])))).toEqual(
      cenotaph({ flaw: 'invalid-script' }),
    );
  });

  it('all pushdata opcodes are valid', () => {
    for (let i = 0; i < 79; i += 1) {
      const body: number[] = [OP_RETURN, OP_13, i];
      if (i <= 75) {
        for (let j = 0; j < i; j += 1) body.push(j % 2 === 0 ? 1 : 0);
        if (i % 2 === 1) body.push(1, 1);
      } else if (i === 76) body.push(0);
      else if (i === 77) body.push(0, 0);
      else body.push(0, 0, 0, 0);
      expect(decipherRunestone(tx(Uint8Array.from(body))), `opcode ${i}`).toEqual(runestone());
    }
  });

  it('all non pushdata opcodes are invalid', () => {
    for (let i = 79; i <= 255; i += 1) {
      expect(decipherRunestone(tx(script([OP_RETURN, OP_13, i])))).toEqual(
        cenotaph({ flaw: 'opcode' }),
      );
    }
  });
});

describe('decipherRunestone: messages', () => {
  it('deciphering non empty runestone is successful', () => {
    expect(decipher(EDICT_1_1_2_0)).toEqual(runestone({ edicts: [edict(1, 2n, 0)] }));
  });

  it('decipher etching', () => {
    expect(decipher([TAG.flags, FLAG.etching, ...EDICT_1_1_2_0])).toEqual(
      runestone({ edicts: [edict(1, 2n, 0)], etching: etching() }),
    );
  });

  it('decipher etching with rune', () => {
    expect(decipher([TAG.flags, FLAG.etching, TAG.rune, 4, ...EDICT_1_1_2_0])).toEqual(
      runestone({ edicts: [edict(1, 2n, 0)], etching: etching({ rune: 4n }) }),
    );
  });

  it('terms flag without etching flag produces cenotaph', () => {
    expect(decipher([TAG.flags, FLAG.terms, TAG.body, 0, 0, 0, 0])).toEqual(
      cenotaph({ flaw: 'unrecognized-flag' }),
    );
  });

  it('recognized fields without flag produces cenotaph', () => {
    const cases: bigint[][] = [
      [TAG.premine, 0n],
      [TAG.rune, 0n],
      [TAG.cap, 0n],
      [TAG.amount, 0n],
      [TAG.offsetStart, 0n],
      [TAG.offsetEnd, 0n],
      [TAG.heightStart, 0n],
      [TAG.heightEnd, 0n],
      [TAG.flags, FLAG.etching, TAG.cap, 0n],
      [TAG.flags, FLAG.etching, TAG.amount, 0n],
      [TAG.flags, FLAG.etching, TAG.offsetStart, 0n],
      [TAG.flags, FLAG.etching, TAG.offsetEnd, 0n],
      [TAG.flags, FLAG.etching, TAG.heightStart, 0n],
      [TAG.flags, FLAG.etching, TAG.heightEnd, 0n],
    ];
    for (const values of cases) {
      expect(decipher(values)).toEqual(cenotaph({ flaw: 'unrecognized-even-tag' }));
    }
  });

  it('decipher etching with term', () => {
    expect(
      decipher([TAG.flags, FLAG.etching | FLAG.terms, TAG.offsetEnd, 4, ...EDICT_1_1_2_0]),
    ).toEqual(
      runestone({
        edicts: [edict(1, 2n, 0)],
        etching: etching({ terms: terms({ offset: [undefined, 4n] }) }),
      }),
    );
  });

  it('decipher etching with amount', () => {
    expect(
      decipher([TAG.flags, FLAG.etching | FLAG.terms, TAG.amount, 4, ...EDICT_1_1_2_0]),
    ).toEqual(
      runestone({ edicts: [edict(1, 2n, 0)], etching: etching({ terms: terms({ amount: 4n }) }) }),
    );
  });

  it('invalid varint produces cenotaph', () => {
    expect(decipherRunestone(tx(script([OP_RETURN, OP_13], push([128]))))).toEqual(
      cenotaph({ flaw: 'varint' }),
    );
  });

  it('duplicate even tags produce cenotaph', () => {
    expect(decipher([TAG.flags, FLAG.etching, TAG.rune, 4, TAG.rune, 5, ...EDICT_1_1_2_0])).toEqual(
      cenotaph({ flaw: 'unrecognized-even-tag', etching: 4n }),
    );
  });

  it('duplicate odd tags are ignored', () => {
    const values = [
      TAG.flags,
      FLAG.etching,
      TAG.divisibility,
      4,
      TAG.divisibility,
      5,
      ...EDICT_1_1_2_0,
    ];
    expect(decipher(values)).toEqual(
      runestone({ edicts: [edict(1, 2n, 0)], etching: etching({ divisibility: 4 }) }),
    );
  });

  it('unrecognized odd tag is ignored', () => {
    expect(decipher([TAG.nop, 100, ...EDICT_1_1_2_0])).toEqual(
      runestone({ edicts: [edict(1, 2n, 0)] }),
    );
  });

  it('runestone with unrecognized even tag is cenotaph', () => {
    expect(decipher([TAG.cenotaph, 0, ...EDICT_1_1_2_0])).toEqual(
      cenotaph({ flaw: 'unrecognized-even-tag' }),
    );
  });

  it('runestone with unrecognized flag is cenotaph', () => {
    expect(decipher([TAG.flags, FLAG.cenotaph, ...EDICT_1_1_2_0])).toEqual(
      cenotaph({ flaw: 'unrecognized-flag' }),
    );
  });

  it('runestone with edict id with zero block and nonzero tx is cenotaph', () => {
    expect(decipher([TAG.body, 0, 1, 2, 0])).toEqual(cenotaph({ flaw: 'edict-rune-id' }));
  });

  it('runestone with overflowing edict id delta is cenotaph', () => {
    expect(decipher([TAG.body, 1, 0, 0, 0, U64_MAX, 0, 0, 0])).toEqual(
      cenotaph({ flaw: 'edict-rune-id' }),
    );
    expect(decipher([TAG.body, 1, 1, 0, 0, 0, U64_MAX, 0, 0])).toEqual(
      cenotaph({ flaw: 'edict-rune-id' }),
    );
  });

  it('runestone with output over max is cenotaph', () => {
    expect(decipher([TAG.body, 1, 1, 2, 2])).toEqual(cenotaph({ flaw: 'edict-output' }));
  });

  it('tag with no value is cenotaph', () => {
    expect(decipher([TAG.flags, 1, TAG.flags])).toEqual(cenotaph({ flaw: 'truncated-field' }));
  });

  it('trailing integers in body is cenotaph', () => {
    const values: (bigint | number)[] = [...EDICT_1_1_2_0];
    for (let i = 0; i < 4; i += 1) {
      expect(decipher(values)).toEqual(
        i === 0
          ? runestone({ edicts: [edict(1, 2n, 0)] })
          : cenotaph({ flaw: 'trailing-integers' }),
      );
      values.push(0);
    }
  });

  it('decipher etching with divisibility', () => {
    const values = [TAG.flags, FLAG.etching, TAG.rune, 4, TAG.divisibility, 5, ...EDICT_1_1_2_0];
    expect(decipher(values)).toEqual(
      runestone({ edicts: [edict(1, 2n, 0)], etching: etching({ rune: 4n, divisibility: 5 }) }),
    );
  });

  it('divisibility above max is ignored', () => {
    const values = [
      TAG.flags,
      FLAG.etching,
      TAG.rune,
      4,
      TAG.divisibility,
      MAX_DIVISIBILITY + 1,
      ...EDICT_1_1_2_0,
    ];
    expect(decipher(values)).toEqual(
      runestone({ edicts: [edict(1, 2n, 0)], etching: etching({ rune: 4n }) }),
    );
  });

  it('symbol above max is ignored', () => {
    expect(decipher([TAG.flags, FLAG.etching, TAG.symbol, 0x110000, ...EDICT_1_1_2_0])).toEqual(
      runestone({ edicts: [edict(1, 2n, 0)], etching: etching() }),
    );
  });

  it('decipher etching with symbol', () => {
    const values = [
      TAG.flags,
      FLAG.etching,
      TAG.rune,
      4,
      TAG.symbol,
      'a'.codePointAt(0)!,
      ...EDICT_1_1_2_0,
    ];
    expect(decipher(values)).toEqual(
      runestone({ edicts: [edict(1, 2n, 0)], etching: etching({ rune: 4n, symbol: 'a' }) }),
    );
  });

  it('decipher etching with all etching tags', () => {
    const values = [
      TAG.flags,
      FLAG.etching | FLAG.terms | FLAG.turbo,
      TAG.rune,
      4,
      TAG.divisibility,
      1,
      TAG.spacers,
      5,
      TAG.symbol,
      'a'.codePointAt(0)!,
      TAG.offsetEnd,
      2,
      TAG.amount,
      3,
      TAG.premine,
      8,
      TAG.cap,
      9,
      TAG.pointer,
      0,
      TAG.mint,
      1,
      TAG.mint,
      1,
      ...EDICT_1_1_2_0,
    ];
    expect(decipher(values)).toEqual(
      runestone({
        edicts: [edict(1, 2n, 0)],
        etching: {
          divisibility: 1,
          premine: 8n,
          rune: 4n,
          spacers: 5,
          symbol: 'a',
          terms: terms({ cap: 9n, offset: [undefined, 2n], amount: 3n }),
          turbo: true,
        },
        pointer: 0,
        mint: { block: 1, tx: 1 },
      }),
    );
  });

  it('recognized even etching fields produce cenotaph if etching flag is not set', () => {
    expect(decipher([TAG.rune, 4])).toEqual(cenotaph({ flaw: 'unrecognized-even-tag' }));
  });

  it('decipher etching with divisibility and symbol', () => {
    const values = [
      TAG.flags,
      FLAG.etching,
      TAG.rune,
      4,
      TAG.divisibility,
      1,
      TAG.symbol,
      97,
      ...EDICT_1_1_2_0,
    ];
    expect(decipher(values)).toEqual(
      runestone({
        edicts: [edict(1, 2n, 0)],
        etching: etching({ rune: 4n, divisibility: 1, symbol: 'a' }),
      }),
    );
  });

  it('tag values are not parsed as tags', () => {
    const values = [TAG.flags, FLAG.etching, TAG.divisibility, TAG.body, ...EDICT_1_1_2_0];
    expect(decipher(values)).toEqual(
      runestone({ edicts: [edict(1, 2n, 0)], etching: etching({ divisibility: 0 }) }),
    );
  });

  it('runestone may contain multiple edicts', () => {
    expect(decipher([TAG.body, 1, 1, 2, 0, 0, 3, 5, 0])).toEqual(
      runestone({ edicts: [edict(1, 2n, 0), edict(4, 5n, 0)] }),
    );
  });

  it('runestones with invalid rune id blocks are cenotaph', () => {
    expect(decipher([TAG.body, 1, 1, 2, 0, U128_MAX, 1, 0, 0])).toEqual(
      cenotaph({ flaw: 'edict-rune-id' }),
    );
  });

  it('runestones with invalid rune id txs are cenotaph', () => {
    expect(decipher([TAG.body, 1, 1, 2, 0, 1, U128_MAX, 0, 0])).toEqual(
      cenotaph({ flaw: 'edict-rune-id' }),
    );
  });

  it('etching with term greater than maximum is still an etching', () => {
    expect(decipher([TAG.flags, FLAG.etching, TAG.offsetEnd, U64_MAX + 1n])).toEqual(
      cenotaph({ flaw: 'unrecognized-even-tag' }),
    );
  });

  it('edict output greater than 32 max produces cenotaph', () => {
    expect(decipher([TAG.body, 1, 1, 1, U32_MAX + 1n])).toEqual(cenotaph({ flaw: 'edict-output' }));
  });

  it('partial mint produces cenotaph', () => {
    expect(decipher([TAG.mint, 1])).toEqual(cenotaph({ flaw: 'unrecognized-even-tag' }));
  });

  it('invalid mint produces cenotaph', () => {
    expect(decipher([TAG.mint, 0, TAG.mint, 1])).toEqual(
      cenotaph({ flaw: 'unrecognized-even-tag' }),
    );
  });

  it('invalid deadline produces cenotaph', () => {
    expect(decipher([TAG.offsetEnd, U128_MAX])).toEqual(
      cenotaph({ flaw: 'unrecognized-even-tag' }),
    );
  });

  it('invalid default output produces cenotaph', () => {
    expect(decipher([TAG.pointer, 1])).toEqual(cenotaph({ flaw: 'unrecognized-even-tag' }));
    expect(decipher([TAG.pointer, U128_MAX])).toEqual(cenotaph({ flaw: 'unrecognized-even-tag' }));
  });

  it('invalid divisibility does not produce cenotaph', () => {
    expect(decipher([TAG.divisibility, U128_MAX])).toEqual(runestone());
  });

  it('min and max runes are not cenotaphs', () => {
    expect(decipher([TAG.flags, FLAG.etching, TAG.rune, 0])).toEqual(
      runestone({ etching: etching({ rune: 0n }) }),
    );
    expect(decipher([TAG.flags, FLAG.etching, TAG.rune, U128_MAX])).toEqual(
      runestone({ etching: etching({ rune: U128_MAX }) }),
    );
  });

  it('spacers up to MAX_SPACERS are kept, above it ignored', () => {
    expect(decipher([TAG.flags, FLAG.etching, TAG.spacers, MAX_SPACERS])).toEqual(
      runestone({ etching: etching({ spacers: MAX_SPACERS }) }),
    );
    expect(decipher([TAG.flags, FLAG.etching, TAG.spacers, MAX_SPACERS + 1])).toEqual(
      runestone({ etching: etching() }),
    );
  });

  it('invalid spacers does not produce cenotaph', () => {
    expect(decipher([TAG.spacers, U128_MAX])).toEqual(runestone());
  });

  it('invalid symbol does not produce cenotaph', () => {
    expect(decipher([TAG.symbol, U128_MAX])).toEqual(runestone());
  });

  it('invalid term produces cenotaph', () => {
    expect(decipher([TAG.offsetEnd, U128_MAX])).toEqual(
      cenotaph({ flaw: 'unrecognized-even-tag' }),
    );
  });

  it('invalid supply produces cenotaph', () => {
    const head = [TAG.flags, FLAG.etching | FLAG.terms];
    expect(decipher([...head, TAG.cap, 1, TAG.amount, U128_MAX])).toEqual(
      runestone({ etching: etching({ terms: terms({ cap: 1n, amount: U128_MAX }) }) }),
    );
    expect(decipher([...head, TAG.cap, 2, TAG.amount, U128_MAX])).toEqual(
      cenotaph({ flaw: 'supply-overflow' }),
    );
    expect(decipher([...head, TAG.cap, 2, TAG.amount, U128_MAX / 2n + 1n])).toEqual(
      cenotaph({ flaw: 'supply-overflow' }),
    );
    expect(decipher([...head, TAG.premine, 1, TAG.cap, 1, TAG.amount, U128_MAX])).toEqual(
      cenotaph({ flaw: 'supply-overflow' }),
    );
  });
});

describe('decipherRunestone: a mainnet etching', () => {
  it('reads Z•Z•Z•Z•Z•FEHU•Z•Z•Z•Z•Z, rune 840000:1', () => {
    // The OP_RETURN of 2bb85f4b004be6da54f766c17c1e855187327112c231ef2ff35ebad0ea67c69e.
    const hex = '6a5d21020704b5e1d8e1c8eeb788a30705a02d039f3e01020680dc9afd2808c7e8430a64';
    const artifact = decipherRunestone(tx(hexToBytes(hex)));
    expect(artifact).toEqual(
      runestone({
        etching: {
          divisibility: 2,
          premine: 11_000_000_000n,
          rune: 67090369340599840949n,
          spacers: 7967,
          symbol: 'ᚠ',
          terms: terms({ amount: 100n, cap: 1_111_111n }),
          turbo: true,
        },
      }),
    );
    const etching = artifact?.kind === 'runestone' ? artifact.runestone.etching : undefined;
    expect(formatSpacedRune({ rune: etching!.rune!, spacers: etching!.spacers! })).toBe(
      'Z•Z•Z•Z•Z•FEHU•Z•Z•Z•Z•Z',
    );
  });
});
