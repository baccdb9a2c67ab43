import { describe, expect, it } from 'vitest';
import { bytesToHex } from '../bytes.ts';
import {
  formatSpacedRune,
  isReservedRune,
  minimumRuneAtHeight,
  parseSpacedRune,
  RESERVED_RUNE,
  reservedRune,
  runeCommitment,
  runeFromName,
  runeToName,
  runeUnlockHeight,
} from './rune-name.ts';
import { U128_MAX } from './varint.ts';

// ord's rune.rs and spaced_rune.rs tests (ordinals/ord, crates/ordinals/src).
function rune(name: string): bigint {
  const parsed = runeFromName(name);
  if ('error' in parsed) throw new Error(`bad name ${name}`);
  return parsed.rune;
}

const START = 840_000;
const UNLOCK = 17_500;

describe('rune names', () => {
  it('round trip', () => {
    const cases: [bigint, string][] = [
      ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('').map((c, i): [bigint, string] => [BigInt(i), c]),
      [26n, 'AA'],
      [27n, 'AB'],
      [51n, 'AZ'],
      [52n, 'BA'],
      [U128_MAX - 2n, 'BCGDENLQRQWDSLRUGSNLBTMFIJAT'],
      [U128_MAX - 1n, 'BCGDENLQRQWDSLRUGSNLBTMFIJAU'],
      [U128_MAX, 'BCGDENLQRQWDSLRUGSNLBTMFIJAV'],
    ];
    for (const [n, name] of cases) {
      expect(runeToName(n)).toBe(name);
      expect(runeFromName(name)).toEqual({ rune: n });
    }
  });

  it('from_str errors', () => {
    expect(runeFromName('BCGDENLQRQWDSLRUGSNLBTMFIJAW')).toEqual({ error: 'range' });
    expect(runeFromName('BCGDENLQRQWDSLRUGSNLBTMFIJAVX')).toEqual({ error: 'range' });
    expect(runeFromName('x')).toEqual({ error: 'character' });
  });

  it('mainnet minimum at height', () => {
    const cases: [number, string][] = [
      [0, 'AAAAAAAAAAAAA'],
      [START / 2, 'AAAAAAAAAAAAA'],
      [START, 'ZZYZXBRKWXVA'],
      [START + 1, 'ZZXZUDIVTVQA'],
      [START + 210_000 - 1, 'A'],
      [START + 210_000, 'A'],
      [START + 210_000 + 1, 'A'],
      [2 ** 32 - 1, 'A'],
      [START - 1, 'AAAAAAAAAAAAA'],
      [START + UNLOCK - 1, 'AAAAAAAAAAAA'],
      [START + UNLOCK, 'ZZYZXBRKWXV'],
      [START + UNLOCK + 1, 'ZZXZUDIVTVQ'],
      [START + UNLOCK * 2 - 1, 'AAAAAAAAAAA'],
      [START + UNLOCK * 2, 'ZZYZXBRKWY'],
      [START + UNLOCK * 2 + 1, 'ZZXZUDIVTW'],
      [START + UNLOCK * 3 - 1, 'AAAAAAAAAA'],
      [START + UNLOCK * 3, 'ZZYZXBRKX'],
      [START + UNLOCK * 3 + 1, 'ZZXZUDIVU'],
      [START + UNLOCK * 4 - 1, 'AAAAAAAAA'],
      [START + UNLOCK * 4, 'ZZYZXBRL'],
      [START + UNLOCK * 4 + 1, 'ZZXZUDIW'],
      [START + UNLOCK * 5 - 1, 'AAAAAAAA'],
      [START + UNLOCK * 5, 'ZZYZXBS'],
      [START + UNLOCK * 5 + 1, 'ZZXZUDJ'],
      [START + UNLOCK * 6 - 1, 'AAAAAAA'],
      [START + UNLOCK * 6, 'ZZYZXC'],
      [START + UNLOCK * 6 + 1, 'ZZXZUE'],
      [START + UNLOCK * 7 - 1, 'AAAAAA'],
      [START + UNLOCK * 7, 'ZZYZY'],
      [START + UNLOCK * 7 + 1, 'ZZXZV'],
      [START + UNLOCK * 8 - 1, 'AAAAA'],
      [START + UNLOCK * 8, 'ZZZA'],
      [START + UNLOCK * 8 + 1, 'ZZYA'],
      [START + UNLOCK * 9 - 1, 'AAAA'],
      [START + UNLOCK * 9, 'ZZZ'],
      [START + UNLOCK * 9 + 1, 'ZZY'],
      [START + UNLOCK * 10 - 2, 'AAC'],
      [START + UNLOCK * 10 - 1, 'AAA'],
      [START + UNLOCK * 10, 'AAA'],
      [START + UNLOCK * 10 + 1, 'AAA'],
      [START + UNLOCK * 10 + UNLOCK / 2, 'NA'],
      [START + UNLOCK * 11 - 2, 'AB'],
      [START + UNLOCK * 11 - 1, 'AA'],
      [START + UNLOCK * 11, 'AA'],
      [START + UNLOCK * 11 + 1, 'AA'],
      [START + UNLOCK * 11 + UNLOCK / 2, 'N'],
      [START + UNLOCK * 12 - 2, 'B'],
      [START + UNLOCK * 12 - 1, 'A'],
      [START + UNLOCK * 12, 'A'],
      [START + UNLOCK * 12 + 1, 'A'],
    ];
    for (const [height, minimum] of cases) {
      expect(runeToName(minimumRuneAtHeight('mainnet', height)), `height ${height}`).toBe(minimum);
      const unlock = runeUnlockHeight(rune(minimum), 'mainnet')!;
      expect(unlock).toBeLessThanOrEqual(height);
      if (unlock === 0) expect(height).toBeLessThan(START);
    }
  });

  it('minimum at height on the other networks', () => {
    const cases: [Parameters<typeof minimumRuneAtHeight>[0], number, string][] = [
      ['testnet', 0, 'AAAAAAAAAAAAA'],
      ['testnet', 210_000 * 12 - 1, 'AAAAAAAAAAAAA'],
      ['testnet', 210_000 * 12, 'ZZYZXBRKWXVA'],
      ['testnet', 210_000 * 12 + 1, 'ZZXZUDIVTVQA'],
      ['signet', 0, 'ZZYZXBRKWXVA'],
      ['signet', 1, 'ZZXZUDIVTVQA'],
      ['regtest', 0, 'ZZYZXBRKWXVA'],
      ['regtest', 1, 'ZZXZUDIVTVQA'],
    ];
    for (const [network, height, minimum] of cases) {
      expect(runeToName(minimumRuneAtHeight(network, height))).toBe(minimum);
    }
  });

  it('reserved', () => {
    expect(RESERVED_RUNE).toBe(rune('AAAAAAAAAAAAAAAAAAAAAAAAAAA'));
    expect(reservedRune(0, 0)).toBe(RESERVED_RUNE);
    expect(reservedRune(0, 1)).toBe(RESERVED_RUNE + 1n);
    expect(reservedRune(1, 0)).toBe(RESERVED_RUNE + (1n << 32n));
    expect(reservedRune(1, 1)).toBe(RESERVED_RUNE + (1n << 32n) + 1n);
    expect(reservedRune(2n ** 64n - 1n, 2 ** 32 - 1)).toBe(
      RESERVED_RUNE + (((2n ** 64n - 1n) << 32n) | (2n ** 32n - 1n)),
    );
  });

  it('is reserved', () => {
    const cases: [string, boolean][] = [
      ['A', false],
      ['ZZZZZZZZZZZZZZZZZZZZZZZZZZ', false],
      ['AAAAAAAAAAAAAAAAAAAAAAAAAAA', true],
      ['AAAAAAAAAAAAAAAAAAAAAAAAAAB', true],
      ['BCGDENLQRQWDSLRUGSNLBTMFIJAV', true],
    ];
    for (const [name, reserved] of cases) {
      expect(isReservedRune(rune(name))).toBe(reserved);
      expect(runeUnlockHeight(rune(name), 'mainnet') === undefined).toBe(reserved);
    }
  });

  it('steps are the names of all As', () => {
    for (let i = 1; i <= 28; i += 1) {
      expect(rune('A'.repeat(i))).toBe(i === 1 ? 0n : (rune('A'.repeat(i - 1)) + 1n) * 26n);
    }
    expect(runeFromName('A'.repeat(29))).toEqual({ error: 'range' });
  });

  it('commitment', () => {
    const cases: [bigint, number[]][] = [
      [0n, []],
      [1n, [1]],
      [255n, [255]],
      [256n, [0, 1]],
      [65535n, [255, 255]],
      [65536n, [0, 0, 1]],
      [U128_MAX, Array<number>(16).fill(255)],
    ];
    for (const [n, bytes] of cases) expect([...runeCommitment(n)]).toEqual(bytes);
  });

  it('mainnet names and their commitments', () => {
    expect(runeToName(2055900680524219742n)).toBe('UNCOMMONGOODS');
    expect(parseSpacedRune('UNCOMMON•GOODS')).toEqual({ rune: 2055900680524219742n, spacers: 128 });
    // Rune 840000:1: its etching's input inscription pushes these bytes in its tapscript.
    expect(runeFromName('ZZZZZFEHUZZZZZ')).toEqual({ rune: 67090369340599840949n });
    expect(bytesToHex(runeCommitment(67090369340599840949n))).toBe('b530368c74df10a303');
  });

  it('reserved rune unlock height', () => {
    expect(runeUnlockHeight(RESERVED_RUNE, 'mainnet')).toBeUndefined();
    expect(runeUnlockHeight(RESERVED_RUNE + 1n, 'mainnet')).toBeUndefined();
    expect(runeUnlockHeight(RESERVED_RUNE - 1n, 'mainnet')).toBe(0);
  });

  it('unlock height', () => {
    const cases: [string, number][] = [
      ['AAAAAAAAAAAAB', 0],
      ['AAAAAAAAAAAAA', 0],
      ['ZZZZZZZZZZZZ', START],
      ['ZZZZZZZZZZZ', START + UNLOCK],
      ['ZZZZZZZZZZ', START + UNLOCK * 2],
      ['ZZZZZZZZZ', START + UNLOCK * 3],
      ['ZZYZXBRKWXVA', START],
      ['ZZZ', 997_500],
      ['AAA', 1_014_999],
      ['NNNN', 988_400],
      ['Z', 1_033_173],
      ['Y', 1_033_846],
      ['P', 1_039_903],
      ['O', 1_040_576],
      ['N', 1_041_249],
      ['M', 1_041_923],
      ['L', 1_042_596],
      ['K', 1_043_269],
      ['J', 1_043_942],
      ['I', 1_044_615],
      ['H', 1_045_288],
      ['G', 1_045_961],
      ['F', 1_046_634],
      ['E', 1_047_307],
      ['D', 1_047_980],
      ['C', 1_048_653],
      ['B', 1_049_326],
      ['A', 1_049_999],
    ];
    for (const [name, height] of cases) {
      const n = rune(name);
      expect(runeUnlockHeight(n, 'mainnet'), name).toBe(height);
      if (height > 0) {
        expect(n >= minimumRuneAtHeight('mainnet', height)).toBe(true);
        expect(n < minimumRuneAtHeight('mainnet', height - 1)).toBe(true);
      }
    }
    // Every name of up to three letters unlocks exactly where the minimum passes it.
    for (let n = 0n; n < 18278n; n += 1n) {
      const height = runeUnlockHeight(n, 'mainnet')!;
      expect(n >= minimumRuneAtHeight('mainnet', height)).toBe(true);
      expect(n < minimumRuneAtHeight('mainnet', height - 1)).toBe(true);
    }
  });
});

describe('spaced runes', () => {
  it('display', () => {
    expect(formatSpacedRune(parseSpacedRune('A.B') as never)).toBe('A•B');
    expect(formatSpacedRune(parseSpacedRune('A.B.C') as never)).toBe('A•B•C');
    expect(formatSpacedRune({ rune: 0n, spacers: 1 })).toBe('A');
  });

  it('from_str', () => {
    expect(parseSpacedRune('.A')).toEqual({ error: 'leading-spacer' });
    expect(parseSpacedRune('A..B')).toEqual({ error: 'double-spacer' });
    expect(parseSpacedRune('A.')).toEqual({ error: 'trailing-spacer' });
    expect(parseSpacedRune('Ax')).toEqual({ error: 'character' });
    const cases: [string, string, number][] = [
      ['A.B', 'AB', 0b1],
      ['A.B.C', 'ABC', 0b11],
      ['A•B', 'AB', 0b1],
      ['A•B•C', 'ABC', 0b11],
      ['A•BC', 'ABC', 0b1],
    ];
    for (const [text, name, spacers] of cases) {
      expect(parseSpacedRune(text)).toEqual({ rune: rune(name), spacers });
    }
  });

  it('spacer after every letter of the largest name is MAX_SPACERS', () => {
    const spaced = runeToName(U128_MAX).split('').join('•');
    expect(parseSpacedRune(spaced)).toEqual({
      rune: U128_MAX,
      spacers: 0b111_1111_1111_1111_1111_1111_1111,
    });
    expect(formatSpacedRune({ rune: U128_MAX, spacers: 0b111_1111_1111_1111_1111_1111_1111 })).toBe(
      spaced,
    );
  });
});
