// @vitest-environment node
import type { AuctionStatus } from '@om/core';
import { describe, expect, it } from 'vitest';
import {
  auctionPhase,
  auctionPollInterval,
  bidBlocker,
  countdownText,
  type AuctionPhase,
} from './auction-state.ts';

// What the auction page makes of an auction at a moment (ADR 012): start 1,000, end 5,000.

const at = (status: AuctionStatus) => ({
  status,
  start_date: 1_000,
  end_date: 5_000,
  seller_ordinal_address: 'seller',
});

describe('auctionPhase', () => {
  it.each<[AuctionStatus, number, AuctionPhase]>([
    ['active', 999, 'upcoming'],
    ['active', 1_000, 'live'],
    ['active', 4_999, 'live'],
    ['active', 5_000, 'ended'],
    ['settled', 3_000, 'settled'],
    ['unsold', 6_000, 'unsold'],
    ['pending_signature', 500, 'upcoming'],
    ['pending', 6_000, 'ended'],
    ['canceled', 3_000, 'canceled'],
    ['failed', 3_000, 'ended'],
    ['withdrawn', 3_000, 'withdrawn'],
  ])('%s at %i is %s', (status, now, phase) => {
    expect(auctionPhase(at(status), now)).toBe(phase);
  });
});

describe('countdownText', () => {
  it.each([
    [1_000 - 90_061, 'Starts in 1d 1h 1m'],
    [1_000 - 7_230, 'Starts in 2h 0m 30s'],
    [1_000 - 31_536_000 - 60, 'Starts in 1y 0mo 0d'],
    [4_990, 'Ends in 10s'],
    [1_000, 'Ends in 1h 6m 40s'],
  ])('at %i: %s', (now, text) => {
    expect(countdownText(at('active'), now)).toBe(text);
  });

  it('says when it ended', () => {
    expect(countdownText(at('settled'), 9_000)).toMatch(
      /^Ended \d{4}-\d{2}-\d{2} \d{2}:\d{2} [AP]M$/,
    );
  });
});

describe('bidBlocker', () => {
  it.each<[AuctionStatus, number, string | undefined, string | undefined]>([
    ['active', 500, 'me', 'The auction has not started yet'],
    ['pending_signature', 500, 'me', 'The auction is not open for bids'],
    ['active', 2_000, 'me', undefined],
    ['active', 2_000, 'seller', 'The seller cannot bid on their own auction'],
    ['active', 5_000, 'me', 'The auction has ended'],
    ['settled', 2_000, 'me', 'The auction has ended'],
    [
      'withdrawn',
      2_000,
      'me',
      'The seller withdrew the item from escrow: this auction is closed and takes no bids',
    ],
  ])('%s at %i for %s: %s', (status, now, address, message) => {
    expect(bidBlocker(at(status), now, address)).toBe(message);
  });
});

describe('auctionPollInterval', () => {
  it.each<[AuctionStatus, number, number | false]>([
    ['active', 2_000, 5_000],
    ['active', 6_000, 5_000],
    ['active', 500, 30_000],
    ['settled', 6_000, false],
    ['unsold', 6_000, false],
    ['withdrawn', 2_000, false],
  ])('%s at %i: %s', (status, now, interval) => {
    expect(auctionPollInterval(at(status), now)).toBe(interval);
  });
});
