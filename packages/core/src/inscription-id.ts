import { z } from 'zod';

// product.md#validation: an inscription id is 64 lowercase hex chars, the letter i, then digits.
export const INSCRIPTION_ID_PATTERN = '[0-9a-f]{64}i\\d+';
export const INSCRIPTION_ID_REGEX = new RegExp(`^${INSCRIPTION_ID_PATTERN}$`);
export const INVALID_INSCRIPTION_ID_FORMAT = 'Invalid inscription ID format.';

export function isValidInscriptionId(value: string): boolean {
  return INSCRIPTION_ID_REGEX.test(value);
}

export const InscriptionIdSchema = z
  .string({ error: INVALID_INSCRIPTION_ID_FORMAT })
  .trim()
  .regex(INSCRIPTION_ID_REGEX, INVALID_INSCRIPTION_ID_FORMAT);

// product.md#validation (edition, auction): the inscription must belong to the connected wallet.
export const INPUT_VALID_INSCRIPTION_ID = 'Input a valid Inscription ID';
export const INSCRIPTION_NOT_OWNED = 'Inscription does not belongs to connected wallet';
export const INSCRIPTION_INVALID_OR_NOT_OWNED =
  "Inscription ID is either not valid or it doesn't belongs to connected wallet";

/**
 * The ownership check after looking the inscription up (GET /api/shared/inscriptions/details):
 * `owner` is the address that holds it, undefined when the lookup found nothing.
 */
export function inscriptionOwnershipError(
  inscriptionId: string,
  owner: string | null | undefined,
  walletAddresses: readonly string[],
): string | undefined {
  if (!isValidInscriptionId(inscriptionId)) return INPUT_VALID_INSCRIPTION_ID;
  if (!owner) return INSCRIPTION_INVALID_OR_NOT_OWNED;
  return walletAddresses.includes(owner) ? undefined : INSCRIPTION_NOT_OWNED;
}

const SATPOINT_REGEX = /^([0-9a-f]{64}):(\d+):(\d+)$/;

/** A satpoint 'txid:vout:offset' split into its parts, or undefined. */
export function parseSatpoint(satpoint: string) {
  const match = SATPOINT_REGEX.exec(satpoint.trim().toLowerCase());
  if (!match) return undefined;
  const [, txid = '', vout = '', offset = ''] = match;
  return { txid, vout: Number(vout), offset: Number(offset) };
}

/** product.md#validation (auction): the utxo is the inscription's satpoint minus its last part. */
export function utxoFromSatpoint(satpoint: string): string | undefined {
  const parts = parseSatpoint(satpoint);
  return parts ? `${parts.txid}:${parts.vout}` : undefined;
}
