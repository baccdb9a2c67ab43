// Test only: witnesses holding inscription envelopes, written the way ord's tests write them
// (ord src/test.rs `envelope`, src/inscriptions/inscription.rs `append_reveal_script_to_builder`).

export const OP_FALSE = { op: 0x00 };
export const OP_IF = { op: 0x63 };
export const OP_ENDIF = { op: 0x68 };
export const OP_PUSHNUM_1 = { op: 0x51 };

export type ScriptItem = Uint8Array | string | number[] | { op: number };

const encoder = new TextEncoder();

function bytesOf(data: Uint8Array | string | number[]): Uint8Array {
  return typeof data === 'string' ? encoder.encode(data) : Uint8Array.from(data);
}

/** A minimal push, as rust-bitcoin's push_slice writes it (a single byte stays a push). */
function push(data: Uint8Array): number[] {
  const n = data.length;
  const prefix = n < 0x4c ? [n] : n <= 0xff ? [0x4c, n] : [0x4d, n & 0xff, n >> 8];
  return [...prefix, ...data];
}

function isOpcode(item: ScriptItem): item is { op: number } {
  return typeof item === 'object' && !Array.isArray(item) && !(item instanceof Uint8Array);
}

export function script(...items: ScriptItem[]): Uint8Array {
  return Uint8Array.from(
    items.flatMap((item) => (isOpcode(item) ? [item.op] : push(bytesOf(item)))),
  );
}

/** A script-path witness: the tapscript, then an (empty) control block, as ord's tests build it. */
export function witnessOf(tapscript: Uint8Array): Uint8Array[] {
  return [tapscript, new Uint8Array()];
}

/** ord's test `envelope(&[...])`: OP_FALSE OP_IF, each payload element pushed, OP_ENDIF. */
export function envelope(...payload: (Uint8Array | string | number[])[]): Uint8Array[] {
  return witnessOf(script(OP_FALSE, OP_IF, ...payload, OP_ENDIF));
}

export interface TestInscription {
  contentType?: string;
  body?: string;
  parents?: Uint8Array[];
  pointer?: Uint8Array;
}

/** The items of one reveal envelope (ord Inscription::append_reveal_script_to_builder). */
function revealItems(inscription: TestInscription): ScriptItem[] {
  const { contentType, body, parents = [], pointer } = inscription;
  return [
    OP_FALSE,
    OP_IF,
    'ord',
    ...(contentType === undefined ? [] : [[1], contentType]),
    ...parents.flatMap((parent) => [[3], parent]),
    ...(pointer === undefined ? [] : [[2], pointer]),
    ...(body === undefined ? [] : [[], body]),
    OP_ENDIF,
  ];
}

/** ord's `Inscription { .. }.to_witness()`; several inscriptions give several envelopes. */
export function inscriptionWitness(...inscriptions: TestInscription[]): Uint8Array[] {
  return witnessOf(script(...inscriptions.flatMap(revealItems)));
}

/** ord's `inscription(content_type, body).to_witness()`. */
export function textWitness(contentType: string, body: string): Uint8Array[] {
  return inscriptionWitness({ contentType, body });
}

/** ord's `pointer.to_le_bytes()`: 8 bytes, little-endian. */
export function pointerBytes(pointer: bigint): Uint8Array {
  return Uint8Array.from({ length: 8 }, (_, i) => Number((pointer >> BigInt(8 * i)) & 0xffn));
}

/** ord's InscriptionId::value(): txid bytes reversed, index without trailing zero bytes. */
export function idValue(id: string, ...extra: number[]): Uint8Array {
  const [txid = '', index = '0'] = id.split('i');
  const txidBytes = (txid.match(/../g) ?? []).map((hex) => parseInt(hex, 16)).reverse();
  const indexBytes: number[] = [];
  for (let rest = Number(index); rest > 0; rest = Math.floor(rest / 256))
    indexBytes.push(rest % 256);
  return Uint8Array.from([...txidBytes, ...indexBytes, ...extra]);
}
