import {
  decodeInscriptionIdValue,
  decodePointer,
  decodeText,
  parseEnvelopes,
  type Envelope,
} from '@om/bitcoin';
import type { ChainTx, NewInscriptionRow } from './indexer.types.ts';

/** The envelope's protocol id, "ord", is always pushed verbatim inside the tapscript. */
const PROTOCOL_ID = [0x6f, 0x72, 0x64];

function containsProtocolId(bytes: Uint8Array): boolean {
  for (let i = bytes.indexOf(PROTOCOL_ID[0]!); i >= 0; i = bytes.indexOf(PROTOCOL_ID[0]!, i + 1)) {
    if (bytes[i + 1] === PROTOCOL_ID[1] && bytes[i + 2] === PROTOCOL_ID[2]) return true;
  }
  return false;
}

/** Cheap pre-check that lets most transactions skip envelope parsing entirely. */
function mayHoldEnvelope(tx: ChainTx): boolean {
  return tx.inputs.some(
    (input) => input.witness.length >= 2 && input.witness.some(containsProtocolId),
  );
}

/** Envelopes of a transaction in input order (ord ParsedEnvelope::from_transaction). */
export function txEnvelopes(tx: ChainTx): Envelope[] {
  if (!mayHoldEnvelope(tx)) return [];
  return parseEnvelopes(tx.inputs.map((input) => input.witness));
}

/** The pointer's value, or undefined when absent or malformed (ord Inscription::pointer). */
export function envelopePointer(envelope: Envelope): bigint | undefined {
  const { pointer } = envelope.fields;
  return pointer === undefined ? undefined : decodePointer(pointer);
}

/** Parent ids that decode; malformed values are dropped (ord Inscription::parents). */
export function envelopeParents(envelope: Envelope): string[] {
  return envelope.fields.parents.flatMap((value) => decodeInscriptionIdValue(value) ?? []);
}

type Content = Pick<
  NewInscriptionRow,
  | 'contentType'
  | 'contentEncoding'
  | 'metaprotocol'
  | 'body'
  | 'delegate'
  | 'pointer'
  | 'metadata'
  | 'properties'
>;

function text(bytes: Uint8Array | undefined): string | null {
  return bytes === undefined ? null : decodeText(bytes);
}

/** The row fields an envelope carries, decoded once here. */
export function envelopeContent(envelope: Envelope): Content {
  const { fields } = envelope;
  const delegate = fields.delegate && decodeInscriptionIdValue(fields.delegate);
  return {
    contentType: text(fields.contentType),
    contentEncoding: text(fields.contentEncoding),
    metaprotocol: text(fields.metaprotocol),
    body: fields.body ?? null,
    delegate: delegate ?? null,
    pointer: envelopePointer(envelope) ?? null,
    metadata: fields.metadata ?? null,
    properties: fields.properties ?? null,
  };
}
