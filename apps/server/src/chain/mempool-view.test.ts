import { describe, expect, it } from 'vitest';
import type { TxDetails } from './sources/chain-source.ts';
import { SharedMempoolView } from './mempool-view.ts';

// The shared mempool read (product.md#scale-and-delivery): concurrent callers share one read of
// the node, yet no caller gets a read that started before its call. The fake node answers when
// told, and its mempool is the list of txids broadcast so far.

function fakeNode() {
  const mempool: string[] = [];
  const pending: (() => void)[] = [];
  let reads = 0;
  let inFlight = 0;
  let peak = 0;
  const read = (): Promise<TxDetails[]> => {
    reads += 1;
    inFlight += 1;
    peak = Math.max(peak, inFlight);
    // What the node holds when it is asked, not when it answers.
    const seen = mempool.map((txid) => ({ txid }) as TxDetails);
    return new Promise((resolve, reject) => {
      pending.push(() => {
        inFlight -= 1;
        if (seen.some((tx) => tx.txid === 'fail')) reject(new Error('node away'));
        else resolve(seen);
      });
    });
  };
  /** Answers the read in flight and lets the view start the next one. */
  const answer = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    pending.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return {
    read,
    answer,
    broadcast: (txid: string) => mempool.push(txid),
    stats: () => ({ reads, peak }),
  };
}

const txids = (txs: TxDetails[]) => txs.map((tx) => tx.txid);

describe('SharedMempoolView', () => {
  it('answers every caller of one turn with one read', async () => {
    const node = fakeNode();
    const view = new SharedMempoolView(node.read);
    node.broadcast('a');
    const callers = Array.from({ length: 200 }, () => view.snapshot());
    await node.answer();
    const answers = await Promise.all(callers);
    expect(node.stats().reads).toBe(1);
    expect(answers.every((txs) => txids(txs).join() === 'a')).toBe(true);
  });

  it('gives a caller arriving during a read the next read, which sees what the first missed', async () => {
    const node = fakeNode();
    const view = new SharedMempoolView(node.read);
    const early = view.snapshot();
    await new Promise((resolve) => setImmediate(resolve)); // the first read is at the node
    node.broadcast('mint-1'); // a minter's mint is broadcast meanwhile, then the minter asks again
    const late = Array.from({ length: 50 }, () => view.snapshot());
    await node.answer();
    expect(txids(await early)).toEqual([]);
    await node.answer();
    const answers = await Promise.all(late);
    expect(answers.every((txs) => txids(txs).join() === 'mint-1')).toBe(true);
    expect(node.stats()).toEqual({ reads: 2, peak: 1 });
  });

  it('reads again after its callers have their answer', async () => {
    const node = fakeNode();
    const view = new SharedMempoolView(node.read);
    const first = view.snapshot();
    await node.answer();
    await first;
    node.broadcast('b');
    const second = view.snapshot();
    await node.answer();
    expect(txids(await second)).toEqual(['b']);
    expect(node.stats().reads).toBe(2);
  });

  it('fails the callers of a failed read only; the next caller reads again', async () => {
    const node = fakeNode();
    const view = new SharedMempoolView(node.read);
    node.broadcast('fail');
    const failed = expect(view.snapshot()).rejects.toThrow('node away');
    await node.answer();
    await failed;
    const again = expect(view.snapshot()).rejects.toThrow('node away');
    await node.answer();
    await again;
    expect(node.stats().reads).toBe(2);
  });

  it('keeps the newest answered read as recent, and a failed read changes nothing', async () => {
    const node = fakeNode();
    const view = new SharedMempoolView(node.read);
    expect(view.recent()).toBeUndefined();
    node.broadcast('a');
    const first = view.snapshot();
    await node.answer();
    expect(txids(view.recent() ?? [])).toEqual(['a']);
    expect(view.recent()).toBe(await first);
    node.broadcast('fail');
    const failed = expect(view.snapshot()).rejects.toThrow('node away');
    await node.answer();
    await failed;
    expect(txids(view.recent() ?? [])).toEqual(['a']);
  });
});
