import { describe, expect, it } from 'vitest';
import { FreshRuns, freshRunsBy } from './fresh-run.ts';

// FreshRun itself is told by SharedMempoolView's tests (chain/mempool-view.test.ts); here, the
// keyed runs: each key shares its own runs, and a key is forgotten once nothing runs for it.

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('FreshRuns', () => {
  it('shares a run per key, never across keys, and forgets a key once idle', async () => {
    const started: string[] = [];
    const finish: (() => void)[] = [];
    const runs = new FreshRuns((key) => {
      started.push(key);
      return new Promise<void>((resolve) => finish.push(resolve));
    });
    const a = Array.from({ length: 20 }, () => runs.run('a'));
    const b = runs.run('b');
    await turn();
    expect(started.sort()).toEqual(['a', 'b']);
    const late = runs.run('a'); // arrives during a's run: waits for the next
    for (const done of finish.splice(0)) done();
    await Promise.all([...a, b]);
    await turn();
    expect(started).toHaveLength(3);
    expect(runs.size).toBe(1);
    finish.splice(0).forEach((done) => done());
    await late;
    await turn();
    expect(runs.size).toBe(0);
  });

  it('keeps apart the runs of two owners (two databases) of one key', async () => {
    const calls: string[] = [];
    const read = freshRunsBy(async (owner: { name: string }, key: string) => {
      calls.push(`${owner.name}:${key}`);
      return `${owner.name}:${key}`;
    });
    const one = { name: 'one' };
    const two = { name: 'two' };
    const answers = await Promise.all([read(one, 'x'), read(one, 'x'), read(two, 'x')]);
    expect(answers).toEqual(['one:x', 'one:x', 'two:x']);
    expect(calls.sort()).toEqual(['one:x', 'two:x']);
  });
});
