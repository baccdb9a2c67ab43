// @vitest-environment node
import { NOT_ENOUGH_DATA_TO_SUBMIT_AUCTION } from '@om/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT, NETWORK } from '../../test/multisig-test-fixtures.ts';
import { AuctionStepError, auctionCreateBody } from './auction-create-body.ts';
import { auctionDraft } from './auction-test-fixtures.ts';

// The create request built at Submit (product.md#records "Auction request payload"): the details
// are checked again then, with the server's 10 minutes of slack on the start
// (AUCTION_START_SLACK_SECONDS).

afterEach(() => vi.useRealTimers());

/** The fixture's auction starts on 2030-01-01 at 10:00 local time and lasts ten hours. */
const submitAt = (hours: number, minutes: number) => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date(2030, 0, 1, hours, minutes));
  return () => auctionCreateBody(auctionDraft(), ACCOUNT, NETWORK, 2);
};

describe('auctionCreateBody', () => {
  it.each([
    ['before the start', 9, 59],
    ['in the minute of the start', 10, 0],
    ['5 minutes after a start typed as the current minute', 10, 5],
    ['10 minutes after it, as the server allows', 10, 10],
  ])('keeps the start when submitted %s', (_when, hours, minutes) => {
    const body = submitAt(hours, minutes)();
    expect(body.startDate).toBe(new Date(2030, 0, 1, 10, 0).getTime() / 1000);
    expect(body.endDate).toBe(new Date(2030, 0, 1, 20, 0).getTime() / 1000);
  });

  it('refuses a start more than 10 minutes past at Submit, naming the section', () => {
    const submit = submitAt(10, 11);
    expect(submit).toThrow(AuctionStepError);
    expect(submit).toThrow(
      `${NOT_ENOUGH_DATA_TO_SUBMIT_AUCTION}: Auction details: Start time cannot be in past`,
    );
  });
});
