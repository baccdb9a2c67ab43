import { describe, it, expect } from 'vitest';
import { phaseAllocationError, phaseDateIssues, phasePriceError } from './phase-rules.ts';

describe('phasePriceError', () => {
  it.each<[unknown, string | undefined]>([
    ['', 'Price cannot be empty'],
    [undefined, 'Price cannot be empty'],
    [null, 'Price cannot be empty'],
    [Number.NaN, 'Price cannot be empty'],
    ['abc', 'Price must be a valid BTC amount with at most 8 decimals.'],
    ['0.000000001', 'Price must be a valid BTC amount with at most 8 decimals.'],
    [-0.1, 'Price cannot be negative'],
    ['-1', 'Price cannot be negative'],
    [0, 'Price should be positive'],
    ['0.00000', 'Price should be positive'],
    [0.000009, 'Price must be at least 0.00001 BTC.'],
    ['0.00000999', 'Price must be at least 0.00001 BTC.'],
    [0.00001, undefined],
    ['0.00012345', undefined],
    [1, undefined],
  ])('%j → %s', (price, message) => {
    expect(phasePriceError(price)).toBe(message);
  });
});

describe('phaseAllocationError', () => {
  it.each<[unknown, string | undefined]>([
    ['', 'Allocation cannot be empty'],
    ['  ', 'Allocation cannot be empty'],
    [undefined, 'Allocation cannot be empty'],
    [Number.NaN, 'Allocation cannot be empty'],
    [0, 'Allocation is required and must be at least 1.'],
    [-2, 'Allocation is required and must be at least 1.'],
    [1.5, 'Allocation is required and must be at least 1.'],
    ['x', 'Allocation is required and must be at least 1.'],
    [1, undefined],
    ['25', undefined],
  ])('%j → %s', (allocation, message) => {
    expect(phaseAllocationError(allocation)).toBe(message);
  });
});

describe('phaseDateIssues', () => {
  const ok = {
    startDate: '2025-05-01',
    startTime: '10:00',
    endDate: '2025-05-02',
    endTime: '09:00',
  };
  it.each<[object, [string, string][]]>([
    [ok, []],
    [
      {},
      [
        ['startDate', 'Must have a start date.'],
        ['endDate', 'Must have a end date.'],
        ['startTime', 'Must have a start time.'],
        ['endTime', 'Must have a end time.'],
      ],
    ],
    [
      { startDate: '', endDate: '', startTime: '', endTime: '' },
      [
        ['startDate', 'Start date is required.'],
        ['endDate', 'End date is required.'],
        ['startTime', 'Start time is required.'],
        ['endTime', 'End time cannot be empty'],
      ],
    ],
    [{ ...ok, startDate: '2025-02-30' }, [['startDate', 'Invalid date format.']]],
    [{ ...ok, endTime: '25:00' }, [['endTime', 'Invalid time format.']]],
    [
      { ...ok, startDate: '2025-05-03' },
      [
        ['startDate', 'Start date cannot be later than end date.'],
        ['endDate', 'End date must be after start date.'],
      ],
    ],
    [
      { ...ok, endDate: '2025-05-01', endTime: '10:00' },
      [['endTime', 'End time must be after start time.']],
    ],
    [
      { ...ok, endDate: '2025-05-01', endTime: '09:59' },
      [['endTime', 'End time must be after start time.']],
    ],
    [{ ...ok, endDate: '2025-05-01', endTime: '10:01' }, []],
  ])('%j', (phase, issues) => {
    expect(phaseDateIssues(phase)).toEqual(issues);
  });
});
