import { MIN_PRICE_SATS, PRICE_BELOW_MINIMUM } from './price-rules.ts';
import { parseBtcToSats, INVALID_BTC_AMOUNT } from './units.ts';
import {
  combineDateTime,
  INVALID_DATE_FORMAT,
  INVALID_TIME_FORMAT,
  parseDateInput,
  parseTimeInput,
} from './date-input.ts';

// product.md#validation, phases: price, allocation, and date/time messages.
export const PRICE_EMPTY = 'Price cannot be empty';
export const PRICE_POSITIVE = 'Price should be positive';
export const PRICE_NEGATIVE = 'Price cannot be negative';

export const ALLOCATION_EMPTY = 'Allocation cannot be empty';
export const ALLOCATION_MIN = 'Allocation is required and must be at least 1.';

export const mustHaveMessage = (label: string) => `Must have a ${label}.`;
export const START_DATE_REQUIRED = 'Start date is required.';
export const END_DATE_REQUIRED = 'End date is required.';
export const START_TIME_REQUIRED = 'Start time is required.';
export const END_TIME_EMPTY = 'End time cannot be empty';
export const START_DATE_AFTER_END = 'Start date cannot be later than end date.';
export const END_DATE_BEFORE_START = 'End date must be after start date.';
export const END_TIME_BEFORE_START = 'End time must be after start time.';

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '' || Number.isNaN(value);
}

/** Phase price in BTC: present, a valid amount, positive, at least 0.00001 BTC. */
export function phasePriceError(price: unknown): string | undefined {
  if (isBlank(price)) return PRICE_EMPTY;
  if (typeof price !== 'string' && typeof price !== 'number') return PRICE_EMPTY;
  const sats = parseBtcToSats(price);
  if (sats === undefined) return INVALID_BTC_AMOUNT;
  if (sats < 0n) return PRICE_NEGATIVE;
  if (sats === 0n) return PRICE_POSITIVE;
  return sats < MIN_PRICE_SATS ? PRICE_BELOW_MINIMUM : undefined;
}

/** Allocation per address: a whole number of at least 1. */
export function phaseAllocationError(allocation: unknown): string | undefined {
  if (isBlank(allocation) || (typeof allocation === 'string' && allocation.trim() === '')) {
    return ALLOCATION_EMPTY;
  }
  const n = Number(allocation);
  return Number.isInteger(n) && n >= 1 ? undefined : ALLOCATION_MIN;
}

type DateFields = { startDate?: string; endDate?: string; startTime?: string; endTime?: string };
type DateIssue = [field: keyof DateFields, message: string];

function fieldIssue(
  value: string | undefined,
  label: string,
  emptyMessage: string,
  isValid: (v: string) => boolean,
  invalidMessage: string,
): string | undefined {
  if (value === undefined) return mustHaveMessage(label);
  if (value.trim() === '') return emptyMessage;
  return isValid(value) ? undefined : invalidMessage;
}

/** Every date and time message of one phase, field by field, in the spec's order. */
export function phaseDateIssues(phase: DateFields): DateIssue[] {
  const isDate = (v: string) => parseDateInput(v) !== undefined;
  const isTime = (v: string) => parseTimeInput(v) !== undefined;
  const checks: [keyof DateFields, string | undefined][] = [
    [
      'startDate',
      fieldIssue(phase.startDate, 'start date', START_DATE_REQUIRED, isDate, INVALID_DATE_FORMAT),
    ],
    [
      'endDate',
      fieldIssue(phase.endDate, 'end date', END_DATE_REQUIRED, isDate, INVALID_DATE_FORMAT),
    ],
    [
      'startTime',
      fieldIssue(phase.startTime, 'start time', START_TIME_REQUIRED, isTime, INVALID_TIME_FORMAT),
    ],
    ['endTime', fieldIssue(phase.endTime, 'end time', END_TIME_EMPTY, isTime, INVALID_TIME_FORMAT)],
  ];
  const issues = checks.filter((c): c is DateIssue => c[1] !== undefined);
  const startDay = parseDateInput(phase.startDate ?? '');
  const endDay = parseDateInput(phase.endDate ?? '');
  if (startDay && endDay && startDay > endDay) {
    issues.push(['startDate', START_DATE_AFTER_END], ['endDate', END_DATE_BEFORE_START]);
    return issues;
  }
  const start = combineDateTime(phase.startDate ?? '', phase.startTime ?? '');
  const end = combineDateTime(phase.endDate ?? '', phase.endTime ?? '');
  if (start && end && end <= start) issues.push(['endTime', END_TIME_BEFORE_START]);
  return issues;
}
