import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeWallet } from '../../test/trade-test-kit.tsx';
import { AuctionDetailsStep } from './auction-details-step.tsx';
import { CREATOR, fakeApi, renderStep } from '../../test/wizard-test-kit.tsx';

// Auction Details (product.md#validation "Auction", details; product.md#constants-and-limits):
// prices, dates, times and durations, with the clock at 2030-01-01 12:30 local time.

let user: ReturnType<typeof userEvent.setup>;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date(2030, 0, 1, 12, 30, 20) });
  user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  fakeApi({});
});
afterEach(() => vi.useRealTimers());

const field = (label: string) => screen.getByLabelText(label);
const errorOf = (label: string) => {
  const described = field(label).getAttribute('aria-describedby');
  return described ? document.getElementById(described)?.textContent : undefined;
};

/** Date and time inputs are set as the browser's picker would, then left. */
function set(label: string, value: string) {
  fireEvent.change(field(label), { target: { value } });
  fireEvent.blur(field(label));
}

async function typeInto(label: string, value: string) {
  await user.clear(field(label));
  if (value !== '') await user.type(field(label), value);
  await user.tab();
}

function schedule(start: [string, string], end?: [string, string]) {
  set('Start date', start[0]);
  set('Start time', start[1]);
  if (end) {
    set('End date', end[0]);
    set('End time', end[1]);
  }
}

describe('AuctionDetailsStep', () => {
  it.each([
    ['', 'Start Price must be at least 0.000001 BTC'],
    ['0', 'Start Price must be at least 0.000001 BTC'],
    ['0.00000099', 'Start Price must be at least 0.000001 BTC'],
  ])('start price "%s": %s', async (value, message) => {
    renderStep(AuctionDetailsStep, fakeWallet(CREATOR));
    await typeInto('Start price (BTC)', value);
    await waitFor(() => expect(errorOf('Start price (BTC)')).toBe(message));
  });

  it('takes 0.000001 BTC, shows prices in sats, and an optional reserve that is not negative', async () => {
    renderStep(AuctionDetailsStep, fakeWallet(CREATOR));
    await typeInto('Start price (BTC)', '0.000001');
    expect(errorOf('Start price (BTC)')).toBeUndefined();
    expect(screen.getByText('= 100 sats')).toBeTruthy();
    expect(field('Start price (BTC)').getAttribute('min')).toBe('0.000001');
    expect(field('Start price (BTC)').getAttribute('step')).toBe('0.00000001');
    await typeInto('Reserve price (BTC, optional)', '-0.0001');
    await waitFor(() =>
      expect(errorOf('Reserve price (BTC, optional)')).toBe('Reserve Price cannot be negative'),
    );
    await typeInto('Reserve price (BTC, optional)', '');
    await waitFor(() => expect(errorOf('Reserve price (BTC, optional)')).toBeUndefined());
  });

  it.each([
    ['Start date', 'Start date is required.'],
    ['Start time', 'Start time is required.'],
    ['End date', 'End date is required.'],
    ['End time', 'End time is required.'],
  ])('%s left empty: %s', async (label, message) => {
    renderStep(AuctionDetailsStep, fakeWallet(CREATOR));
    set(label, '');
    await waitFor(() => expect(errorOf(label)).toBe(message));
  });

  it.each<[string, [string, string], [string, string] | undefined, string, string]>([
    [
      'a start day gone by',
      ['2029-12-31', '13:00'],
      undefined,
      'Start date',
      'Date cannot be in the past',
    ],
    [
      'an end day gone by',
      ['2030-01-01', '13:00'],
      ['2029-12-31', '13:00'],
      'End date',
      'Date cannot be in the past',
    ],
    [
      'a start earlier today',
      ['2030-01-01', '12:00'],
      undefined,
      'Start time',
      'Start time cannot be in past',
    ],
    [
      'an end earlier today',
      ['2030-01-01', '12:40'],
      ['2030-01-01', '12:00'],
      'End time',
      'Time cannot be in the past',
    ],
    [
      'an end day before the start day',
      ['2030-01-03', '10:00'],
      ['2030-01-02', '12:00'],
      'End date',
      'End date cannot be before start date',
    ],
    [
      'an end before the start',
      ['2030-01-02', '14:00'],
      ['2030-01-02', '13:00'],
      'End time',
      'End time cannot be before start time',
    ],
    [
      'half an hour',
      ['2030-01-02', '14:00'],
      ['2030-01-02', '14:30'],
      'End time',
      'End time must be at least 1 hour after start time',
    ],
    [
      'a week, past the escrow',
      ['2030-01-01', '14:00'],
      ['2030-01-08', '14:00'],
      'End time',
      'End time must be within 12 hours from now: the escrow of the item opens to the seller after 144 blocks',
    ],
  ])('%s: %s says "%s"', async (_case, start, end, label, message) => {
    const { report } = renderStep(AuctionDetailsStep, fakeWallet(CREATOR));
    schedule(start, end);
    await waitFor(() => expect(errorOf(label)).toBe(message));
    expect(report.isValid).toBe(false);
  });

  it('re-checks the end when the start moves past it', async () => {
    renderStep(AuctionDetailsStep, fakeWallet(CREATOR));
    schedule(['2030-01-01', '18:00'], ['2030-01-01', '20:00']);
    await waitFor(() => expect(errorOf('End time')).toBeUndefined());
    set('Start time', '19:30');
    await waitFor(() =>
      expect(errorOf('End time')).toBe('End time must be at least 1 hour after start time'),
    );
  });

  it('offers only durations that can pass: 1 hour, 6 hours or 12 hours', async () => {
    renderStep(AuctionDetailsStep, fakeWallet(CREATOR));
    const duration = field('Duration') as HTMLSelectElement;
    expect(duration.disabled).toBe(true);
    expect(
      within(duration)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose the end yourself', '1 hour', '6 hours', '12 hours']);
    schedule(['2030-01-01', '12:30']);
    await waitFor(() => expect(duration.disabled).toBe(false));
    await user.selectOptions(duration, '12 hours');
    expect(field('End date')).toHaveProperty('value', '2030-01-02');
    expect(field('End time')).toHaveProperty('value', '00:30');
    await waitFor(() => expect(errorOf('End time')).toBeUndefined());
    await user.selectOptions(duration, '1 hour');
    expect(field('End date')).toHaveProperty('value', '2030-01-01');
    expect(field('End time')).toHaveProperty('value', '13:30');
    expect(
      screen.getByText(/an auction lasts at least 1 hour and ends within 12 hours from now/),
    ).toBeTruthy();
  });

  it('reports valid once the price and the schedule are set, and hands the draft its details', async () => {
    const { report } = renderStep(AuctionDetailsStep, fakeWallet(CREATOR));
    await typeInto('Start price (BTC)', '0.0002');
    await typeInto('Reserve price (BTC, optional)', '0.0003');
    expect(report.isValid).toBe(false);
    schedule(['2030-01-01', '14:00']);
    await user.selectOptions(field('Duration'), '6 hours');
    await waitFor(() => expect(report.isValid).toBe(true));
    expect(report.draft.auction.details).toEqual({
      start_price: '0.0002',
      reserve_price: '0.0003',
      start_date: '2030-01-01',
      start_time: '14:00',
      end_date: '2030-01-01',
      end_time: '20:00',
    });
  });
});
