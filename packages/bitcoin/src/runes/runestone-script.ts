/**
 * The script reading a runestone needs: ord walks output scripts with rust-bitcoin's instruction
 * iterator, which knows data pushes (OP_0, 1..75-byte pushes, OP_PUSHDATA1/2/4) and treats every
 * other byte as an opcode; a push running past the script's end is an error. Unlike
 * inscriptions' decodeInstructions, the instructions before that error still count: an opcode
 * ahead of it makes the cenotaph 'opcode', and a commitment pushed ahead of it still commits.
 */

export const OP_RETURN = 0x6a;
/** ord's Runestone::MAGIC_NUMBER: OP_PUSHNUM_13 right after OP_RETURN marks a runestone. */
export const OP_13 = 0x5d;
const OP_PUSHDATA1 = 0x4c;
const OP_PUSHDATA2 = 0x4d;
const OP_PUSHDATA4 = 0x4e;

export type Instruction = { push: Uint8Array } | { op: number } | { error: true };

export function* scriptInstructions(script: Uint8Array): Generator<Instruction> {
  let i = 0;
  while (i < script.length) {
    const opcode = script[i]!;
    i += 1;
    let length: number;
    if (opcode < OP_PUSHDATA1) {
      length = opcode;
    } else if (opcode <= OP_PUSHDATA4) {
      const size = opcode === OP_PUSHDATA1 ? 1 : opcode === OP_PUSHDATA2 ? 2 : 4;
      if (i + size > script.length) {
        yield { error: true };
        return;
      }
      length = 0;
      for (let b = size - 1; b >= 0; b -= 1) length = length * 256 + script[i + b]!;
      i += size;
    } else {
      yield { op: opcode };
      continue;
    }
    if (i + length > script.length) {
      yield { error: true };
      return;
    }
    yield { push: script.subarray(i, i + length) };
    i += length;
  }
}

export function isOpReturn(script: Uint8Array): boolean {
  return script[0] === OP_RETURN;
}
