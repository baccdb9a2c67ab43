import { INSCRIPTION_ID_PATTERN } from './inscription-id.ts';

// product.md#records, #validation, #constants-and-limits: the ownership signature is
// inscriptionId:timestamp:address:signedMessage, the address 26-90 alphanumerics and the
// signed message base64. The wallet signs the first three parts.
export const INVALID_INSCRIPTION_SIGNATURE = 'Inscription signature is not valid';
export const OWNERSHIP_SIGNATURE_REGEX = new RegExp(
  `^(${INSCRIPTION_ID_PATTERN}):(\\d+):([a-zA-Z0-9]{26,90}):([A-Za-z0-9+/]+={0,2})$`,
);

export type OwnershipClaim = { inscriptionId: string; timestamp: number; address: string };
export type OwnershipSignature = OwnershipClaim & { signedMessage: string };

/** The message the wallet signs to prove it holds the inscription. */
export function buildOwnershipMessage(claim: OwnershipClaim): string {
  return `${claim.inscriptionId}:${claim.timestamp}:${claim.address}`;
}

/** The signature field value: the signed message appended to the claim. */
export function buildOwnershipSignature(signature: OwnershipSignature): string {
  return `${buildOwnershipMessage(signature)}:${signature.signedMessage}`;
}

/** Splits a signature field value into its parts, or undefined when the pattern fails. */
export function parseOwnershipSignature(value: string): OwnershipSignature | undefined {
  const match = OWNERSHIP_SIGNATURE_REGEX.exec(value.trim());
  if (!match) return undefined;
  const [, inscriptionId = '', timestamp = '', address = '', signedMessage = ''] = match;
  return { inscriptionId, timestamp: Number(timestamp), address, signedMessage };
}

/** The signature matches the pattern and, when given, is for this inscription. */
export function ownershipSignatureError(value: string, inscriptionId?: string): string | undefined {
  const parsed = parseOwnershipSignature(value);
  if (!parsed) return INVALID_INSCRIPTION_SIGNATURE;
  if (inscriptionId !== undefined && parsed.inscriptionId !== inscriptionId.trim()) {
    return INVALID_INSCRIPTION_SIGNATURE;
  }
  return undefined;
}
