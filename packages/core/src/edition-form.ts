import { z } from 'zod';
import { parseDateTimeInput, INVALID_DATE_FORMAT, type Clock } from './date-input.ts';
import { INPUT_VALID_INSCRIPTION_ID, isValidInscriptionId } from './inscription-id.ts';
import { ownershipSignatureError } from './ownership-signature.ts';
import { parseBtcToSats, INVALID_BTC_AMOUNT } from './units.ts';

// product.md#records, #validation, edition step.
export const EDITIONS_MIN = 'Number of editions should be greater than or equal to 1';
export const EDITION_PRICE_MIN = 'Price should be greater than or equal to 0';
export const EDITION_END_BEFORE_START = 'End date must be after start date.';
export const EDITION_END_IN_PAST = 'End date must not be in the past.';

/** Dates are datetime-local values ('yyyy-MM-ddTHH:mm') or '' when not set; price in BTC. */
export type EditionFormValues = {
  inscriptionId: string;
  numberOfEditions: number | string;
  signature: string;
  price: number | string;
  hideProgress: boolean;
  startDate: string;
  endDate: string;
};

const amount = z.union([z.string(), z.number(), z.nan()]).nullish();

export function editionsCountError(value: unknown): string | undefined {
  if (value === '' || value === null || value === undefined) return EDITIONS_MIN;
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? undefined : EDITIONS_MIN;
}

export function editionPriceError(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return EDITION_PRICE_MIN;
  if (value === '' || Number.isNaN(value)) return EDITION_PRICE_MIN;
  const sats = parseBtcToSats(value);
  if (sats === undefined) return INVALID_BTC_AMOUNT;
  return sats < 0n ? EDITION_PRICE_MIN : undefined;
}

/** The edition form. The owner check is async (inscriptionOwnershipError) and not in here. */
export function editionFormSchema({ now = () => new Date() }: Clock = {}) {
  return z
    .object({
      inscriptionId: z
        .string({ error: INPUT_VALID_INSCRIPTION_ID })
        .trim()
        .refine(isValidInscriptionId, INPUT_VALID_INSCRIPTION_ID),
      numberOfEditions: amount,
      signature: z.string().default(''),
      price: amount,
      hideProgress: z.boolean().default(false),
      startDate: z.string().default(''),
      endDate: z.string().default(''),
    })
    .superRefine((form, ctx) => {
      const issue = (path: keyof EditionFormValues, message: string | undefined) => {
        if (message !== undefined) ctx.addIssue({ code: 'custom', message, path: [path] });
      };
      issue('numberOfEditions', editionsCountError(form.numberOfEditions));
      issue('signature', ownershipSignatureError(form.signature, form.inscriptionId));
      issue('price', editionPriceError(form.price));
      const start = form.startDate === '' ? null : parseDateTimeInput(form.startDate);
      const end = form.endDate === '' ? null : parseDateTimeInput(form.endDate);
      if (start === undefined) issue('startDate', INVALID_DATE_FORMAT);
      if (end === undefined) return issue('endDate', INVALID_DATE_FORMAT);
      if (!end) return;
      if (start && end <= start) return issue('endDate', EDITION_END_BEFORE_START);
      if (end < now()) issue('endDate', EDITION_END_IN_PAST);
    });
}
