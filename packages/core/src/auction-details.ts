import { z } from 'zod';
import { addSeconds, startOfDay, startOfMinute } from 'date-fns';
import {
  combineDateTime,
  INVALID_DATE_FORMAT,
  INVALID_TIME_FORMAT,
  parseDateInput,
  parseTimeInput,
  toDateInput,
  toTimeInput,
  type Clock,
} from './date-input.ts';
import { END_DATE_REQUIRED, START_DATE_REQUIRED, START_TIME_REQUIRED } from './phase-rules.ts';
import { INVALID_BTC_AMOUNT, parseBtcToSats } from './units.ts';

// product.md#validation, #constants-and-limits, auction details.
export const START_PRICE_MIN = 'Start Price must be at least 0.000001 BTC';
export const AUCTION_MIN_START_PRICE_SATS = 100n;
// Optional and not negative; the spec has no message.
export const RESERVE_PRICE_NEGATIVE = 'Reserve Price cannot be negative';
export const END_TIME_REQUIRED = 'End time is required.';
export const DATE_IN_PAST = 'Date cannot be in the past';
export const TIME_IN_PAST = 'Time cannot be in the past';
export const START_TIME_IN_PAST = 'Start time cannot be in past';
export const END_DATE_BEFORE_START_DATE = 'End date cannot be before start date';
export const END_TIME_BEFORE_START_TIME = 'End time cannot be before start time';
export const AUCTION_TOO_SHORT = 'End time must be at least 1 hour after start time';
export const MIN_AUCTION_DURATION_SECONDS = 3_600;
/**
 * The latest end, counted from now (product.md#trust-findings finding 4, ADR 012): the item waits
 * in the seller's maker wallet, whose seller-alone path opens 144 blocks (about a day) after the
 * deposit confirms, so the auction ends and settles well before it. The deposit is sent after
 * creation, so its confirmation is never earlier than now.
 */
export const MAX_AUCTION_END_SECONDS = 43_200;
export const AUCTION_TOO_LONG =
  'End time must be within 12 hours from now: the escrow of the item opens to the seller after 144 blocks';

/**
 * The duration options that can pass: the spec's '10 minutes' is under the 1-hour minimum and its
 * days-long options past the 12-hour escrow limit (product.md#walk-through-fixes item 14, ADR 012).
 */
export const AUCTION_DURATIONS = [
  { label: '1 hour', seconds: 3_600 },
  { label: '6 hours', seconds: 21_600 },
  { label: '12 hours', seconds: 43_200 },
] as const;

/** Dates 'yyyy-MM-dd', times 'HH:mm', prices in BTC. */
export type AuctionDetailsValues = {
  start_price: string | number;
  reserve_price?: string | number | null;
  start_date: string;
  start_time: string;
  end_date: string;
  end_time: string;
};

export function startPriceError(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return START_PRICE_MIN;
  if (value === '' || Number.isNaN(value)) return START_PRICE_MIN;
  const sats = parseBtcToSats(value);
  if (sats === undefined) return INVALID_BTC_AMOUNT;
  return sats < AUCTION_MIN_START_PRICE_SATS ? START_PRICE_MIN : undefined;
}

export function reservePriceError(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '' || Number.isNaN(value))
    return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') return INVALID_BTC_AMOUNT;
  const sats = parseBtcToSats(value);
  if (sats === undefined) return INVALID_BTC_AMOUNT;
  return sats < 0n ? RESERVE_PRICE_NEGATIVE : undefined;
}

type Field = 'start_date' | 'start_time' | 'end_date' | 'end_time';

/** The date and time messages of the details step, at most one per field. */
export function auctionScheduleIssues(v: Record<Field, string>, now: Date): [Field, string][] {
  const issues = new Map<Field, string>();
  const set = (field: Field, message: string) => {
    if (!issues.has(field)) issues.set(field, message);
  };
  const required: [Field, string, (s: string) => boolean, string][] = [
    ['start_date', START_DATE_REQUIRED, (s) => !!parseDateInput(s), INVALID_DATE_FORMAT],
    [
      'start_time',
      START_TIME_REQUIRED,
      (s) => parseTimeInput(s) !== undefined,
      INVALID_TIME_FORMAT,
    ],
    ['end_date', END_DATE_REQUIRED, (s) => !!parseDateInput(s), INVALID_DATE_FORMAT],
    ['end_time', END_TIME_REQUIRED, (s) => parseTimeInput(s) !== undefined, INVALID_TIME_FORMAT],
  ];
  for (const [field, empty, isValid, invalid] of required) {
    if (v[field].trim() === '') set(field, empty);
    else if (!isValid(v[field])) set(field, invalid);
  }
  const today = startOfDay(now);
  const thisMinute = startOfMinute(now);
  const startDay = parseDateInput(v.start_date);
  const endDay = parseDateInput(v.end_date);
  if (startDay && startDay < today) set('start_date', DATE_IN_PAST);
  if (endDay && endDay < today) set('end_date', DATE_IN_PAST);
  if (startDay && endDay && endDay < startDay) set('end_date', END_DATE_BEFORE_START_DATE);
  const start = combineDateTime(v.start_date, v.start_time);
  const end = combineDateTime(v.end_date, v.end_time);
  if (start && start < thisMinute && !issues.has('start_date'))
    set('start_time', START_TIME_IN_PAST);
  if (end && end < thisMinute && !issues.has('end_date')) set('end_time', TIME_IN_PAST);
  if (start && end && !issues.has('end_date')) {
    if (end < start) set('end_time', END_TIME_BEFORE_START_TIME);
    else if ((end.getTime() - start.getTime()) / 1000 < MIN_AUCTION_DURATION_SECONDS)
      set('end_time', AUCTION_TOO_SHORT);
  }
  if (end && (end.getTime() - thisMinute.getTime()) / 1000 > MAX_AUCTION_END_SECONDS)
    set('end_time', AUCTION_TOO_LONG);
  return [...issues.entries()];
}

export function auctionDetailsSchema({ now = () => new Date() }: Clock = {}) {
  const amount = z.union([z.string(), z.number(), z.nan()]).nullish();
  return z
    .object({
      start_price: amount,
      reserve_price: amount,
      start_date: z.string().default(''),
      start_time: z.string().default(''),
      end_date: z.string().default(''),
      end_time: z.string().default(''),
    })
    .superRefine((details, ctx) => {
      const issue = (path: keyof AuctionDetailsValues, message: string | undefined) => {
        if (message !== undefined) ctx.addIssue({ code: 'custom', message, path: [path] });
      };
      issue('start_price', startPriceError(details.start_price));
      issue('reserve_price', reservePriceError(details.reserve_price));
      for (const [field, message] of auctionScheduleIssues(details, now())) issue(field, message);
    });
}

/** The end date and time fields for a chosen duration option. */
export function auctionEndFromDuration(startDate: string, startTime: string, seconds: number) {
  const start = combineDateTime(startDate, startTime);
  if (!start) return undefined;
  const end = addSeconds(start, seconds);
  return { end_date: toDateInput(end), end_time: toTimeInput(end) };
}
