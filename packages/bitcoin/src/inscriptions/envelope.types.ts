/**
 * An inscription envelope as ord reads it (ord src/inscriptions/envelope.rs, inscription.rs).
 * Fields are raw bytes as pushed; helpers in envelope.ts decode them.
 */
export interface InscriptionFields {
  body: Uint8Array | undefined;
  contentType: Uint8Array | undefined;
  contentEncoding: Uint8Array | undefined;
  metaprotocol: Uint8Array | undefined;
  /** Tag 3, may repeat: one value per parent. */
  parents: Uint8Array[];
  delegate: Uint8Array | undefined;
  pointer: Uint8Array | undefined;
  /** Tag 5, chunks concatenated. */
  metadata: Uint8Array | undefined;
  /** Tag 17, chunks concatenated. */
  properties: Uint8Array | undefined;
  propertyEncoding: Uint8Array | undefined;
  rune: Uint8Array | undefined;
  duplicateField: boolean;
  incompleteField: boolean;
  unrecognizedEvenField: boolean;
}

export interface Envelope {
  /** Index of the transaction input whose tapscript holds it. */
  input: number;
  /** Index of the envelope within that input's tapscript. */
  offset: number;
  fields: InscriptionFields;
  /** An OP_1NEGATE or OP_1..OP_16 was used as a push inside the envelope. */
  pushnum: boolean;
  /** An OP_0 directly preceded the envelope after a failed start. */
  stutter: boolean;
}
