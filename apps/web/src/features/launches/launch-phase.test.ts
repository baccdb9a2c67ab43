import { describe, expect, it } from 'vitest';
import { currentOrNextPhase, phaseCountdown, phaseState } from './launch-phase.ts';

const NOW = new Date('2026-03-01T12:00:00Z');
const T = NOW.getTime() / 1000;
const window = (start: number, end: number | null) => ({
  start_date: T + start,
  end_date: end === null ? null : T + end,
});

describe('phaseState and phaseCountdown', () => {
  it.each([
    [window(-600, 3600), 'open', 'Ends in 1h'],
    [window(-600, 3599), 'open', 'Ends in 59m 59s'],
    [window(-600, 90_061), 'open', 'Ends in 1d 1h'],
    [window(-600, null), 'open', 'Open Ended'],
    [window(0, 10), 'open', 'Ends in 10s'],
    [window(60, 3600), 'upcoming', 'Coming in 1m'],
    [window(2 * 86_400 + 3 * 3600, null), 'upcoming', 'Coming in 2d 3h'],
    [window(-7200, -3600), 'ended', 'Ended'],
    // The end is exclusive: a phase ending now is over (ADR 010: open in [start, end)).
    [window(-7200, 0), 'ended', 'Ended'],
  ] as const)('%j is %s: %s', (phase, state, text) => {
    expect(phaseState(phase, NOW)).toBe(state);
    expect(phaseCountdown(phase, NOW)).toBe(text);
  });
});

describe('currentOrNextPhase', () => {
  const ended = { id: 'ended', ...window(-7200, -3600) };
  const open = { id: 'open', ...window(-600, 600) };
  const later = { id: 'later', ...window(7200, null) };
  const soon = { id: 'soon', ...window(3600, 7200) };

  it.each([
    [[ended, open, soon], 'open'],
    [[ended, later, soon], 'soon'],
    [[later, soon], 'soon'],
    [[ended], undefined],
    [[], undefined],
  ])('%#: the open phase, else the next to start', (phases, expected) => {
    expect(currentOrNextPhase(phases, NOW)?.id).toBe(expected);
  });
});
