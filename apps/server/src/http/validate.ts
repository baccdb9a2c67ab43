import type { z } from 'zod';
import { AppError } from './app-error.ts';

/**
 * Parses request input with a shared schema. A failure becomes a 400 whose errors[].msg name
 * the field, e.g. "amountSats: amountSats must be at least 546 (dust)" reads as "amountSats must ...".
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  where: string,
): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => {
    const path = issue.path.map(String).join('.') || where;
    const msg = namesField(issue.message, path) ? issue.message : `${path}: ${issue.message}`;
    return { msg, path };
  });
  throw new AppError('INVALID_INPUT', errors[0]?.msg ?? `Invalid ${where}`, errors);
}

/** Whether the message already names the field as a word ("amountSats must be ..."). */
function namesField(message: string, path: string): boolean {
  const field = path.split('.').pop() ?? path;
  return new RegExp(`\\b${field.replace(/[^\w]/g, '')}\\b`).test(message);
}
