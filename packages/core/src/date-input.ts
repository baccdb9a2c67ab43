import { format, getUnixTime, isValid, parse } from 'date-fns';

/**
 * Form date and time fields travel as the strings of HTML inputs: 'yyyy-MM-dd' (date),
 * 'HH:mm' (time) and 'yyyy-MM-ddTHH:mm' (datetime-local). They are read in the viewer's
 * local time zone and sent to the server as UTC seconds (product.md#records).
 */
export const DATE_INPUT_FORMAT = 'yyyy-MM-dd';
export const TIME_INPUT_FORMAT = 'HH:mm';
export const DATE_TIME_INPUT_FORMAT = "yyyy-MM-dd'T'HH:mm";

/** Time-dependent schemas read the clock at parse time; tests inject `now`. */
export type Clock = { now?: () => Date };

export const INVALID_DATE_FORMAT = 'Invalid date format.';
export const INVALID_TIME_FORMAT = 'Invalid time format.';

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const TIME_PATTERN = /^\d{2}:\d{2}(:\d{2})?$/;
const DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;
const REFERENCE = new Date(2000, 0, 1);

function strictParse(value: string, pattern: RegExp, formats: string[]): Date | undefined {
  if (!pattern.test(value)) return undefined;
  for (const f of formats) {
    const date = parse(value, f, REFERENCE);
    if (isValid(date)) return date;
  }
  return undefined;
}

/** 'yyyy-MM-dd' → local midnight of that day, or undefined (also for 2025-02-30). */
export function parseDateInput(value: string): Date | undefined {
  return strictParse(value, DATE_PATTERN, [DATE_INPUT_FORMAT]);
}

/** 'HH:mm' (or 'HH:mm:ss') → minutes after midnight, or undefined. */
export function parseTimeInput(value: string): number | undefined {
  const date = strictParse(value, TIME_PATTERN, [TIME_INPUT_FORMAT, 'HH:mm:ss']);
  return date ? date.getHours() * 60 + date.getMinutes() : undefined;
}

/** A date field and a time field combined into one local Date. */
export function combineDateTime(date: string, time: string): Date | undefined {
  const day = parseDateInput(date);
  const minutes = parseTimeInput(time);
  if (!day || minutes === undefined) return undefined;
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), 0, minutes);
}

/** 'yyyy-MM-ddTHH:mm' (datetime-local) → local Date, or undefined. */
export function parseDateTimeInput(value: string): Date | undefined {
  return strictParse(value, DATE_TIME_PATTERN, [DATE_TIME_INPUT_FORMAT, "yyyy-MM-dd'T'HH:mm:ss"]);
}

/** The values to put back into date and time inputs. */
export function toDateInput(date: Date): string {
  return format(date, DATE_INPUT_FORMAT);
}

export function toTimeInput(date: Date): string {
  return format(date, TIME_INPUT_FORMAT);
}

/** UTC seconds, as the server stores start_date and end_date. */
export function toUnixSeconds(date: Date): number {
  return getUnixTime(date);
}
