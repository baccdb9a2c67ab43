import { describe, it, expect } from 'vitest';
import {
  AUCTION_DURATIONS,
  auctionDetailsSchema,
  auctionEndFromDuration,
  reservePriceError,
  startPriceError,
  type AuctionDetailsValues,
} from './auction-details.ts';

const now = () => new Date(2025, 5, 5, 12, 30, 20);
const valid: AuctionDetailsValues = {
  start_price: '0.001',
  reserve_price: '',
  start_date: '2025-06-05',
  start_time: '12:30',
  end_date: '2025-06-05',
  end_time: '13:30',
};

describe('prices', () => {
  it.each<[unknown, string | undefined]>([
    ['', 'Start Price must be at least 0.000001 BTC'],
    [undefined, 'Start Price must be at least 0.000001 BTC'],
    [Number.NaN, 'Start Price must be at least 0.000001 BTC'],
    [0, 'Start Price must be at least 0.000001 BTC'],
    ['0.00000099', 'Start Price must be at least 0.000001 BTC'],
    ['0.000001', undefined],
    [0.5, undefined],
    ['1.123456789', 'Price must be a valid BTC amount with at most 8 decimals.'],
  ])('start %j → %s', (value, message) => {
    expect(startPriceError(value)).toBe(message);
  });

  it.each<[unknown, string | undefined]>([
    [undefined, undefined],
    ['', undefined],
    [Number.NaN, undefined],
    [0, undefined],
    ['0.01', undefined],
    [-0.01, 'Reserve Price cannot be negative'],
    ['x', 'Price must be a valid BTC amount with at most 8 decimals.'],
  ])('reserve %j → %s', (value, message) => {
    expect(reservePriceError(value)).toBe(message);
  });
});

describe('auctionDetailsSchema', () => {
  const schema = auctionDetailsSchema({ now });
  it.each<[string, Partial<AuctionDetailsValues>, string[]]>([
    ['valid, starting this minute', {}, []],
    [
      'empty fields',
      { start_date: '', start_time: '', end_date: '', end_time: '' },
      [
        'start_date: Start date is required.',
        'start_time: Start time is required.',
        'end_date: End date is required.',
        'end_time: End time is required.',
      ],
    ],
    [
      'bad formats',
      { start_date: '06/05/2025', end_time: '1pm' },
      ['start_date: Invalid date format.', 'end_time: Invalid time format.'],
    ],
    ['start yesterday', { start_date: '2025-06-04' }, ['start_date: Date cannot be in the past']],
    ['start earlier today', { start_time: '12:29' }, ['start_time: Start time cannot be in past']],
    [
      'end date yesterday',
      { start_date: '2025-06-04', end_date: '2025-06-04' },
      ['start_date: Date cannot be in the past', 'end_date: Date cannot be in the past'],
    ],
    [
      'end earlier today',
      { start_date: '2025-06-06', end_time: '12:00' },
      ['end_date: End date cannot be before start date'],
    ],
    [
      'end time passed',
      { start_time: '13:00', end_time: '12:00' },
      ['end_time: Time cannot be in the past'],
    ],
    [
      'end before start',
      { start_time: '15:00', end_time: '14:00' },
      ['end_time: End time cannot be before start time'],
    ],
    [
      'less than an hour',
      { end_time: '13:29' },
      ['end_time: End time must be at least 1 hour after start time'],
    ],
    ['exactly an hour', { start_time: '14:00', end_time: '15:00' }, []],
    ['over midnight', { start_time: '23:30', end_date: '2025-06-06', end_time: '00:30' }, []],
    [
      'past the escrow: over 12 hours from now',
      { end_date: '2025-06-06', end_time: '00:31' },
      [
        'end_time: End time must be within 12 hours from now: the escrow of the item opens to the seller after 144 blocks',
      ],
    ],
    [
      "the spec's 7 days",
      { end_date: '2025-06-12', end_time: '12:30' },
      [
        'end_time: End time must be within 12 hours from now: the escrow of the item opens to the seller after 144 blocks',
      ],
    ],
    [
      'price too low',
      { start_price: '0' },
      ['start_price: Start Price must be at least 0.000001 BTC'],
    ],
    [
      'negative reserve',
      { reserve_price: -1 },
      ['reserve_price: Reserve Price cannot be negative'],
    ],
  ])('%s', (_name, input, expected) => {
    const result = schema.safeParse({ ...valid, ...input });
    expect((result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual(
      expected,
    );
  });
});

describe('durations', () => {
  it('offers only options that can pass: at least 1 hour, at most 12 hours', () => {
    expect(AUCTION_DURATIONS.map((d) => [d.label, d.seconds])).toEqual([
      ['1 hour', 3600],
      ['6 hours', 21600],
      ['12 hours', 43200],
    ]);
    const schema = auctionDetailsSchema({ now });
    for (const { seconds } of AUCTION_DURATIONS) {
      const end = auctionEndFromDuration(valid.start_date, valid.start_time, seconds);
      expect(schema.safeParse({ ...valid, ...end }).success).toBe(true);
    }
  });

  it.each([
    ['2025-06-05', '23:55', 600, { end_date: '2025-06-06', end_time: '00:05' }],
    ['2025-06-05', '12:00', 604800, { end_date: '2025-06-12', end_time: '12:00' }],
    ['', '12:00', 600, undefined],
  ])('%s %s + %s s', (date, time, seconds, end) => {
    expect(auctionEndFromDuration(date, time, seconds)).toEqual(end);
  });
});
