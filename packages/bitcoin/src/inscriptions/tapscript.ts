// The few script opcodes and the push encoding the envelope code needs. Decoding mirrors
// rust-bitcoin's `Script::instructions()` (what ord walks), not scure's Script.decode: pushes may
// be non-minimal, OP_1..OP_16 stay opcodes, and only a push running past the end is an error.

export const OPCODE = {
  FALSE: 0x00,
  PUSHDATA1: 0x4c,
  PUSHDATA2: 0x4d,
  PUSHDATA4: 0x4e,
  PUSHNUM_NEG1: 0x4f,
  RESERVED: 0x50,
  PUSHNUM_1: 0x51,
  PUSHNUM_16: 0x60,
  IF: 0x63,
  ENDIF: 0x68,
  DROP: 0x75,
  CHECKSIG: 0xac,
} as const;

/** Consensus limit on one pushed element, checked even inside an unexecuted OP_IF branch. */
export const MAX_SCRIPT_ELEMENT_SIZE = 520;

/** One decoded instruction: data pushed (by any push opcode), or any other opcode. */
export type ScriptInstruction = { push: Uint8Array } | { op: number };

/** What `encodeScript` writes: bytes become a push, `{ op }` is written as that one byte. */
export type ScriptItem = Uint8Array | { op: number };

/** The instructions of a script, or undefined when a push runs past its end (ord drops those). */
export function decodeInstructions(script: Uint8Array): ScriptInstruction[] | undefined {
  const instructions: ScriptInstruction[] = [];
  let at = 0;
  while (at < script.length) {
    const opcode = script[at++] as number;
    let length: number;
    if (opcode < OPCODE.PUSHDATA1) length = opcode;
    else if (opcode <= OPCODE.PUSHDATA4) {
      const size = opcode === OPCODE.PUSHDATA1 ? 1 : opcode === OPCODE.PUSHDATA2 ? 2 : 4;
      if (at + size > script.length) return undefined;
      length = 0;
      for (let i = size - 1; i >= 0; i--) length = length * 256 + (script[at + i] as number);
      at += size;
    } else {
      instructions.push({ op: opcode });
      continue;
    }
    if (at + length > script.length) return undefined;
    // A copy, so that parsed fields do not alias (and change with) the caller's witness bytes.
    instructions.push({ push: script.slice(at, at + length) });
    at += length;
  }
  return instructions;
}

/**
 * A push of the bytes with the shortest length prefix, as rust-bitcoin's `push_slice` writes it:
 * empty is OP_0, and one byte stays a one-byte push (never turned into OP_1..OP_16).
 */
export function encodePush(data: Uint8Array): Uint8Array {
  const n = data.length;
  let prefix: number[];
  if (n < OPCODE.PUSHDATA1) prefix = [n];
  else if (n <= 0xff) prefix = [OPCODE.PUSHDATA1, n];
  else if (n <= 0xffff) prefix = [OPCODE.PUSHDATA2, n & 0xff, n >> 8];
  else prefix = [OPCODE.PUSHDATA4, n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24];
  const out = new Uint8Array(prefix.length + n);
  out.set(prefix);
  out.set(data, prefix.length);
  return out;
}

export function encodeScript(items: readonly ScriptItem[]): Uint8Array {
  return concatBytes(
    items.map((item) => (item instanceof Uint8Array ? encodePush(item) : Uint8Array.of(item.op))),
  );
}

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
