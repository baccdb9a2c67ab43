import { describe, expect, it } from 'vitest';
import { hexToBytes } from '../bytes.ts';
import { decodeInstructions, encodePush, encodeScript, OPCODE } from './tapscript.ts';

const fill = (length: number) => new Uint8Array(length).fill(7);

describe('encodePush: the shortest prefix, as rust-bitcoin push_slice', () => {
  it.each([
    [0, '00'],
    [1, '01'],
    [75, '4b'],
    [76, '4c4c'],
    [255, '4cff'],
    [256, '4d0001'],
    [520, '4d0802'],
    [65535, '4dffff'],
    [65536, '4e00000100'],
  ])('%i bytes → prefix %s', (length, prefix) => {
    const push = encodePush(fill(length));
    expect(push.length).toBe(prefix.length / 2 + length);
    expect(push.subarray(0, prefix.length / 2)).toEqual(hexToBytes(prefix));
    expect(decodeInstructions(push)).toEqual([{ push: fill(length) }]);
  });

  it('keeps a one-byte value as a push, never OP_1..OP_16', () => {
    expect(encodePush(Uint8Array.of(1))).toEqual(hexToBytes('0101'));
  });
});

describe('decodeInstructions, as rust-bitcoin Script::instructions', () => {
  it.each([
    ['empty script', '', []],
    ['OP_0 is an empty push', '00', [{ push: new Uint8Array() }]],
    ['pushnum and other opcodes stay opcodes', '4f5160ac', [0x4f, 0x51, 0x60, 0xac]],
    ['OP_RESERVED is an opcode', '50', [0x50]],
    ['non-minimal PUSHDATA1', '4c0161', [{ push: hexToBytes('61') }]],
    ['PUSHDATA2 of nothing', '4d0000', [{ push: new Uint8Array() }]],
    ['PUSHDATA4 little-endian length', '4e0200000061626a', [{ push: hexToBytes('6162') }, 0x6a]],
  ])('%s', (_name, script, expected) => {
    const instructions = expected.map((item) => (typeof item === 'number' ? { op: item } : item));
    expect(decodeInstructions(hexToBytes(script))).toEqual(instructions);
  });

  it.each([
    ['a push past the end', '0201'],
    ['PUSHDATA1 without its length', '4c'],
    ['PUSHDATA2 with half its length', '4d01'],
    ['PUSHDATA4 past the end', '4e05000000'],
    ['an error after good instructions', '0063016801'],
  ])('undefined for %s', (_name, script) => {
    expect(decodeInstructions(hexToBytes(script))).toBeUndefined();
  });
});

describe('encodeScript', () => {
  it('writes pushes and opcodes in order', () => {
    const script = encodeScript([
      { op: OPCODE.FALSE },
      { op: OPCODE.IF },
      hexToBytes('6f7264'),
      { op: OPCODE.ENDIF },
    ]);
    expect(script).toEqual(hexToBytes('0063036f726468'));
  });
});
