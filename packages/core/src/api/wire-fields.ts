import { z } from 'zod';

// Fields every API contract shares, with one wording for their errors: "{field} is required",
// "{field} is too long", and so on. The contracts name the field; these check its shape.

/** A required string, trimmed, at most `max` characters (addresses, names). */
export const requiredText = (field: string, max = 100) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} is too long`);

/** ECDSA needs the key's parity: a 33-byte compressed key, lower-cased. */
export const compressedKeyHex = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .regex(/^0[23][0-9a-fA-F]{64}$/, `${field} must be a 33-byte compressed public key in hex`)
    .transform((s) => s.toLowerCase());

/** A wallet's public key: x-only (taproot) or compressed, lower-cased. */
export const publicKeyHex = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .regex(
      /^([0-9a-fA-F]{64}|0[23][0-9a-fA-F]{64})$/,
      `${field} must be a 32- or 33-byte public key in hex`,
    )
    .transform((s) => s.toLowerCase());

/** A base64 PSBT of at most `maxChars` characters. */
export const base64Psbt = (field: string, maxChars = 2_000_000) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(maxChars, `${field} is too large`)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, `${field} must be a base64 PSBT`);
