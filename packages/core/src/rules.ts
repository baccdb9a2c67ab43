import { z } from 'zod';
import { isValidAddress, type BitcoinNetwork } from '@om/bitcoin';

/**
 * A rule returns the first message that applies, or undefined. Rules keep the spec's
 * priority between messages (zod alone would report every failing check at once), and
 * they are plain functions the web can call on a single field.
 */
export type Rule<T> = (value: T) => string | undefined;

export function firstError<T>(value: T, rules: readonly Rule<T>[]): string | undefined {
  for (const rule of rules) {
    const message = rule(value);
    if (message !== undefined) return message;
  }
  return undefined;
}

/** A trimmed string field checked by rules; a missing value gives the first message. */
export function ruledString(requiredMessage: string, rules: readonly Rule<string>[]) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .superRefine((value, ctx) => {
      const message = firstError(value, rules);
      if (message !== undefined) ctx.addIssue({ code: 'custom', message });
    });
}

export function requiredRule(message: string): Rule<string> {
  return (value) => (value.trim() === '' ? message : undefined);
}

export function minLengthRule(min: number, message: string): Rule<string> {
  return (value) => (value.trim().length < min ? message : undefined);
}

const emailSchema = z.email();
const httpUrlSchema = z.url({ protocol: /^https?$/ });

export function isEmail(value: string): boolean {
  return emailSchema.safeParse(value).success;
}

/** An absolute http(s) URL. */
export function isHttpUrl(value: string): boolean {
  return httpUrlSchema.safeParse(value).success;
}

export function emailRule(message: string): Rule<string> {
  return (value) => (isEmail(value) ? undefined : message);
}

/** An http(s) URL, or an empty value when the field is optional. */
export function optionalUrlRule(message: string): Rule<string> {
  return (value) => (value === '' || isHttpUrl(value) ? undefined : message);
}

// product.md#validation: the creator BTC address must be valid for the configured network.
export const INVALID_BTC_ADDRESS = 'Invalid BTC address';

export function btcAddressRule(
  network: BitcoinNetwork,
  message = INVALID_BTC_ADDRESS,
): Rule<string> {
  return (value) => (isValidAddress(value, network) ? undefined : message);
}
