import { describe, expect, it } from 'vitest';
import { whileLaunchLocked } from './launch-prepare.schedule.ts';

// The per-launch lock the preparation job and the sweep share (ADR 023), in one process (RUN_MODE
// `all`: no cluster): a launch held by one pass is refused to another until it is done.

describe('whileLaunchLocked', () => {
  it('refuses a launch held by another pass, lets other launches and later passes run', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ran: string[] = [];
    const first = whileLaunchLocked({}, 'a', async () => {
      ran.push('a1');
      await held;
    });
    expect(await whileLaunchLocked({}, 'a', async () => void ran.push('a2'))).toBe(false);
    expect(await whileLaunchLocked({}, 'b', async () => void ran.push('b'))).toBe(true);
    release();
    expect(await first).toBe(true);
    expect(await whileLaunchLocked({}, 'a', async () => void ran.push('a3'))).toBe(true);
    expect(ran).toEqual(['a1', 'b', 'a3']);
  });

  it('frees the launch when the pass throws', async () => {
    await expect(
      whileLaunchLocked({}, 'c', async () => {
        throw new Error('the node cannot be reached');
      }),
    ).rejects.toThrow('the node cannot be reached');
    expect(await whileLaunchLocked({}, 'c', async () => {})).toBe(true);
  });
});
