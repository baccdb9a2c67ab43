// @vitest-environment node
import type { TradeActivity } from '@om/core';
import { describe, expect, it } from 'vitest';
import { activityWindow, timeAgo, TRADE_STATUS_LABELS, visibleActivity } from './trade-activity.ts';

const trade = (changes: Partial<TradeActivity>): TradeActivity => ({
  id: '1',
  listingId: 'l1',
  inscriptionId: `${'a'.repeat(64)}i0`,
  price: '10000',
  state: 'confirmed',
  finalized: true,
  txId: null,
  makerOrdinalAddress: 'bcrt1pmaker',
  takerOrdinalAddress: 'bcrt1ptaker',
  feeRate: null,
  thumbnailUrl: null,
  inscriptionName: null,
  collectionSlug: 'block-punks',
  sniperFeeRate: null,
  isSnipeProtected: false,
  blockHeight: null,
  createdAt: '2024-05-01T00:00:00.000Z',
  ...changes,
});

describe('visibleActivity (product.md#states-and-transitions: trade statuses)', () => {
  it.each([
    ['initiated', false, 'pending'],
    ['mempool', false, 'pending'],
    ['sniped', false, 'pending-sniped'],
    ['sniped', true, 'completed-sniped'],
    ['confirmed', true, 'completed'],
    ['confirmed', false, 'completed'],
  ] as const)('%s (finalized %s) → %s', (state, finalized, status) => {
    const [row] = visibleActivity([trade({ state, finalized })]);
    expect(row?.status).toBe(status);
    expect(TRADE_STATUS_LABELS[status]).toBeTruthy();
  });

  it('hides canceled trades and keeps the order of the others', () => {
    const rows = visibleActivity([
      trade({ id: 'a', state: 'mempool' }),
      trade({ id: 'b', state: 'canceled' }),
      trade({ id: 'c', state: 'confirmed' }),
    ]);
    expect(rows.map((r) => r.id)).toEqual(['a', 'c']);
  });
});

describe('activityWindow', () => {
  it('maps the selector to fetch_activity intervals, the last day by default', () => {
    expect(activityWindow(null)).toMatchObject({ interval: '1 day', isInfinite: false });
    expect(activityWindow('7d')).toMatchObject({ interval: '7 days', isInfinite: false });
    expect(activityWindow('30d')).toMatchObject({ interval: '30 days', isInfinite: false });
    expect(activityWindow('all')).toMatchObject({ interval: '10 years', isInfinite: true });
    expect(activityWindow('forever').value).toBe('1d');
  });
});

describe('timeAgo', () => {
  const now = new Date('2024-05-10T12:00:00.000Z');
  it.each([
    ['2024-05-10T11:59:30.000Z', 'just now'],
    ['2024-05-10T12:00:30.000Z', 'just now'],
    ['2024-05-10T11:59:00.000Z', '1 minute ago'],
    ['2024-05-10T11:15:00.000Z', '45 minutes ago'],
    ['2024-05-10T09:00:00.000Z', '3 hours ago'],
    ['2024-05-09T12:00:00.000Z', '1 day ago'],
    ['2024-04-26T12:00:00.000Z', '2 weeks ago'],
    ['2024-01-10T12:00:00.000Z', '4 months ago'],
    ['2022-05-10T12:00:00.000Z', '2 years ago'],
    ['not a date', 'not a date'],
  ])('%s → %s', (iso, text) => {
    expect(timeAgo(iso, now)).toBe(text);
  });
});
