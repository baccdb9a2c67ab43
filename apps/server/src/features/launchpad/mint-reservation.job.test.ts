import { describe, expect, it } from 'vitest';
import type { JobQueue } from '../../jobs/job-queue.ts';
import {
  reservationsEndAt,
  reservationsEndKey,
  scheduleReservationsEnd,
} from './mint-reservation.job.ts';

type Sent = { name: string; data: unknown; startAfter?: Date; singletonKey?: string };

/** A queue that records each send, failing the ones `fail` picks. */
function recordingQueue(fail: (n: number) => boolean = () => false) {
  const sent: Sent[] = [];
  const jobs = {
    send: async (name: string, data: unknown, options: Omit<Sent, 'name' | 'data'> = {}) => {
      await Promise.resolve();
      sent.push({ name, data, ...options });
      if (fail(sent.length)) throw new Error('the database went away');
      return String(sent.length);
    },
  } as unknown as JobQueue;
  return { jobs, sent };
}

const PHASE = '6f1c0c3e-8a42-4d6b-9a55-0a7b8f1e2d3c';
const inAMinute = () => Math.ceil(Date.now() / 5_000) * 5_000 + 60_000;

describe('reservationsEndAt', () => {
  it('is the end of the 5-second slot, never before the reservation ends', () => {
    const at = (iso: string) => reservationsEndAt(new Date(iso)).toISOString();
    expect(at('2026-11-29T20:00:00.000Z')).toBe('2026-11-29T20:00:00.000Z');
    expect(at('2026-11-29T20:00:00.001Z')).toBe('2026-11-29T20:00:05.000Z');
    expect(at('2026-11-29T20:00:04.999Z')).toBe('2026-11-29T20:00:05.000Z');
  });
});

describe('scheduleReservationsEnd', () => {
  it('sends one job per phase and slot, at its end, however many reserve in it at once', async () => {
    const { jobs, sent } = recordingQueue();
    const slot = inAMinute();
    const untils = [slot - 4_000, slot - 10, slot, slot - 2_500].map((ms) => new Date(ms));
    await Promise.all(untils.map((until) => scheduleReservationsEnd(jobs, PHASE, until)));
    await scheduleReservationsEnd(jobs, PHASE, new Date(slot - 1));
    expect(sent).toEqual([
      {
        name: 'mint-reservation-end',
        data: { phaseId: PHASE },
        startAfter: new Date(slot),
        singletonKey: reservationsEndKey(PHASE, new Date(slot)),
      },
    ]);
    // The next slot, or another phase: a job of its own.
    await scheduleReservationsEnd(jobs, PHASE, new Date(slot + 1));
    await scheduleReservationsEnd(jobs, 'another-phase', new Date(slot));
    expect(sent.map((s) => s.singletonKey)).toEqual([
      reservationsEndKey(PHASE, new Date(slot)),
      reservationsEndKey(PHASE, new Date(slot + 5_000)),
      reservationsEndKey('another-phase', new Date(slot)),
    ]);
  });

  it('fails the reservations waiting on a failed send, and sends again for the next', async () => {
    const { jobs, sent } = recordingQueue((n) => n === 1);
    const until = new Date(inAMinute());
    const waiting = [1, 2].map(() => scheduleReservationsEnd(jobs, PHASE, until));
    for (const w of waiting) await expect(w).rejects.toThrow('the database went away');
    await scheduleReservationsEnd(jobs, PHASE, until);
    await scheduleReservationsEnd(jobs, PHASE, until);
    expect(sent).toHaveLength(2);
  });

  it('sends nothing without a queue', async () => {
    await expect(scheduleReservationsEnd(undefined, PHASE, new Date())).resolves.toBeUndefined();
  });
});
