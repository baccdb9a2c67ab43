import { z } from 'zod';

/**
 * Every API answer has this shape (product.md#creator-calls, #market-calls): a success flag, a
 * payload, or errors with messages.
 */
export type ApiErrorItem = { msg: string; path?: string };

export type ApiSuccess<T> = { success: true; payload: T };
export type ApiFailure = { success: false; error: string; errors?: ApiErrorItem[] };
export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;

export const ApiErrorItemSchema = z.object({ msg: z.string(), path: z.string().optional() });

export function apiResponseSchema<T extends z.ZodType>(payload: T) {
  return z.discriminatedUnion('success', [
    z.object({ success: z.literal(true), payload }),
    z.object({
      success: z.literal(false),
      error: z.string(),
      errors: z.array(ApiErrorItemSchema).optional(),
    }),
  ]);
}

/** The message shown for protected routes without a valid token (product.md#roles). */
export const NOT_AUTHENTICATED = 'user is not authenticated';

/** Sats travel in JSON as decimal strings (JSON has no bigint) and become bigint at the edge. */
export const SatsStringSchema = z
  .string()
  .regex(/^\d+$/, 'Amount must be a whole number of sats.')
  .transform((s) => BigInt(s));
