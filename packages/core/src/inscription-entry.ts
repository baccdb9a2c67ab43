import { z } from 'zod';
import { InscriptionIdSchema, isValidInscriptionId } from './inscription-id.ts';
import { isHttpUrl } from './rules.ts';

// product.md#records, #validation: an inscription entry is { id, meta: { name, attributes,
// high_res_img_url } }.
export const NAME_CANNOT_BE_EMPTY = 'Name cannot be empty.';
export const INVALID_URL_FORMAT = 'Invalid URL format.';
export const EMPTY_INSCRIPTION_ARRAY =
  'Empty inscription array. Please provide at least one inscription.';
export const duplicateInscriptionId = (id: string) => `Duplicate inscription ID: ${id}`;
export const invalidInscriptionId = (id: string) => `Invalid inscription ID: ${id}`;
export const invalidJsonEntry = (index: number) => `Invalid JSON entry at index ${index}`;

export type InscriptionAttribute = { trait_type: string; value: string | number };
export type InscriptionMeta = {
  name: string;
  attributes?: InscriptionAttribute[];
  high_res_img_url?: string;
};
export type InscriptionEntry = { id: string; meta?: InscriptionMeta };

export const InscriptionAttributeSchema = z.object({
  trait_type: z.string(),
  value: z.union([z.string(), z.number()]),
});

// Loose: creators may add more meta keys; they are kept.
export const InscriptionMetaSchema = z.looseObject({
  name: z.string({ error: NAME_CANNOT_BE_EMPTY }).trim().min(1, NAME_CANNOT_BE_EMPTY),
  attributes: z.array(InscriptionAttributeSchema).optional(),
  high_res_img_url: z
    .string({ error: INVALID_URL_FORMAT })
    .refine(isHttpUrl, INVALID_URL_FORMAT)
    .optional(),
});

export const InscriptionEntrySchema = z.object({
  id: InscriptionIdSchema,
  meta: InscriptionMetaSchema.optional(),
});

/** The onboarding/pre-inscribed list: at least one entry, no id twice. */
export const InscriptionListSchema = z
  .array(InscriptionEntrySchema)
  .min(1, EMPTY_INSCRIPTION_ARRAY)
  .superRefine((entries, ctx) => {
    const seen = new Set<string>();
    entries.forEach((entry, index) => {
      if (seen.has(entry.id)) {
        ctx.addIssue({
          code: 'custom',
          message: duplicateInscriptionId(entry.id),
          path: [index, 'id'],
        });
      }
      seen.add(entry.id);
    });
  });

export type EntryCheck = { entry: InscriptionEntry } | { error: string };

/**
 * Checks one element of a JSON array: an id string, or an object with an id and optional
 * meta. Shape problems name the index; id and meta problems use their own messages.
 */
export function checkInscriptionEntry(value: unknown, index: number): EntryCheck {
  if (typeof value === 'string') {
    const id = value.trim();
    return isValidInscriptionId(id) ? { entry: { id } } : { error: invalidInscriptionId(id) };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { error: invalidJsonEntry(index) };
  }
  const { id, meta } = value as { id?: unknown; meta?: unknown };
  if (typeof id !== 'string') return { error: invalidJsonEntry(index) };
  if (!isValidInscriptionId(id.trim())) return { error: invalidInscriptionId(id.trim()) };
  if (meta === undefined) return { entry: { id: id.trim() } };
  const parsed = InscriptionMetaSchema.safeParse(meta);
  if (parsed.success) return { entry: { id: id.trim(), meta: parsed.data } };
  const issue = parsed.error.issues[0];
  const field = issue?.path[0];
  if (issue && (field === 'name' || field === 'high_res_img_url')) return { error: issue.message };
  return { error: invalidJsonEntry(index) };
}
