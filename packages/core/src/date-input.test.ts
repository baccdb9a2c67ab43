import { describe, it, expect } from 'vitest';
import {
  combineDateTime,
  parseDateInput,
  parseDateTimeInput,
  parseTimeInput,
  toDateInput,
  toTimeInput,
  toUnixSeconds,
} from './date-input.ts';

describe('parseDateInput', () => {
  it.each([
    ['2025-01-31', new Date(2025, 0, 31)],
    ['2024-02-29', new Date(2024, 1, 29)],
  ])('%s', (input, date) => {
    expect(parseDateInput(input)).toEqual(date);
  });

  it.each([[''], ['2025-02-30'], ['2025-13-01'], ['31/01/2025'], ['2025-1-5'], ['garbage']])(
    '%s is invalid',
    (input) => {
      expect(parseDateInput(input)).toBeUndefined();
    },
  );
});

describe('parseTimeInput', () => {
  it.each([
    ['00:00', 0],
    ['09:30', 570],
    ['23:59', 1_439],
    ['12:15:45', 735],
  ])('%s → %s minutes', (input, minutes) => {
    expect(parseTimeInput(input)).toBe(minutes);
  });

  it.each([[''], ['24:00'], ['9:30'], ['12:60'], ['noon']])('%s is invalid', (input) => {
    expect(parseTimeInput(input)).toBeUndefined();
  });
});

describe('combineDateTime and parseDateTimeInput', () => {
  it.each([
    ['2025-03-10', '14:05', new Date(2025, 2, 10, 14, 5)],
    ['2025-12-31', '23:59', new Date(2025, 11, 31, 23, 59)],
  ])('%s %s', (date, time, expected) => {
    expect(combineDateTime(date, time)).toEqual(expected);
    expect(parseDateTimeInput(`${date}T${time}`)).toEqual(expected);
  });

  it.each([
    ['', '10:00'],
    ['2025-03-10', ''],
    ['2025-02-30', '10:00'],
  ])('%s %s is invalid', (date, time) => {
    expect(combineDateTime(date, time)).toBeUndefined();
    expect(parseDateTimeInput(`${date}T${time}`)).toBeUndefined();
  });

  it('round-trips to input values and UTC seconds', () => {
    const date = new Date(2025, 2, 10, 14, 5);
    expect(toDateInput(date)).toBe('2025-03-10');
    expect(toTimeInput(date)).toBe('14:05');
    expect(toUnixSeconds(new Date('2025-01-01T00:00:00Z'))).toBe(1_735_689_600);
  });
});
