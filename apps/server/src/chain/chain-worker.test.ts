import { EventEmitter } from 'node:events';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import type { Cluster } from '../cluster/cluster.ts';
import { ChainEvents } from '../indexer/chain-events.ts';
import { startWorkerLoop } from './chain-worker.ts';

const log = pino({ level: 'silent' });

/** A process of a split deployment whose leases are held elsewhere unless `free`. */
function fakeCluster(works: boolean, free: boolean) {
  const events = Object.assign(new EventEmitter<{ wake: [string] }>(), {
    wakeOthers: vi.fn<(name: string) => void>(),
  });
  const whileHeld = vi.fn(async (_name: string, fn: () => Promise<void>) => {
    if (free) await fn();
    return free;
  });
  const cluster = { mode: works ? 'worker' : 'api', works, leases: { whileHeld }, events };
  return { cluster: cluster as unknown as Cluster, whileHeld, events };
}

const chainOf = (events: ChainEvents) => ({ events }) as never;

describe('startWorkerLoop', () => {
  it('in one process runs a pass at start, on its triggers and on wake, never two at once', async () => {
    const events = new ChainEvents();
    let inPass = 0;
    let most = 0;
    const pass = vi.fn(async () => {
      most = Math.max(most, ++inPass);
      await new Promise((r) => setTimeout(r, 5));
      inPass--;
    });
    const loop = startWorkerLoop({ chain: chainOf(events), log }, 'w', pass);
    events.emit('block', { height: 1, hash: 'h', inscriptionsCreated: 0, inscriptionsMoved: [] });
    loop.wake();
    await vi.waitFor(() => expect(pass).toHaveBeenCalledTimes(2));
    await loop.stop();
    expect(most).toBe(1);
  });

  it('with pollMs 0 sets no timer: only its triggers and wakes start a pass', async () => {
    vi.useFakeTimers();
    try {
      const pass = vi.fn(async () => {});
      const loop = startWorkerLoop({ chain: chainOf(new ChainEvents()), log }, 'w', pass, {
        triggers: [],
        pollMs: 0,
        runAtStart: false,
      });
      await vi.advanceTimersByTimeAsync(60_000);
      expect(pass).not.toHaveBeenCalled();
      loop.wake();
      await vi.advanceTimersByTimeAsync(0);
      expect(pass).toHaveBeenCalledTimes(1);
      await loop.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('in an api process runs nothing and sends its wakes to the workers', async () => {
    const { cluster, whileHeld, events: clusterEvents } = fakeCluster(false, true);
    const pass = vi.fn(async () => {});
    const loop = startWorkerLoop({ chain: chainOf(new ChainEvents()), log, cluster }, 'w', pass);
    loop.wake();
    clusterEvents.emit('wake', 'w');
    await loop.stop();
    expect(pass).not.toHaveBeenCalled();
    expect(whileHeld).not.toHaveBeenCalled();
    expect(clusterEvents.wakeOthers).toHaveBeenCalledWith('w');
  });

  it('in a worker process runs a pass only under its lease, and on another process’s wake', async () => {
    const held = fakeCluster(true, false);
    const skipped = vi.fn(async () => {});
    const waiting = startWorkerLoop(
      { chain: chainOf(new ChainEvents()), log, cluster: held.cluster },
      'w',
      skipped,
    );
    await vi.waitFor(() => expect(held.whileHeld).toHaveBeenCalledWith('worker:w', skipped));
    await waiting.stop();
    expect(skipped).not.toHaveBeenCalled();

    const free = fakeCluster(true, true);
    const pass = vi.fn(async () => {});
    const loop = startWorkerLoop(
      { chain: chainOf(new ChainEvents()), log, cluster: free.cluster },
      'w',
      pass,
      { runAtStart: false },
    );
    free.events.emit('wake', 'other worker');
    free.events.emit('wake', 'w');
    await vi.waitFor(() => expect(pass).toHaveBeenCalledTimes(1));
    loop.wake();
    await vi.waitFor(() => expect(pass).toHaveBeenCalledTimes(2));
    expect(free.events.wakeOthers).toHaveBeenCalledWith('w');
    await loop.stop();
  });
});
