import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BitcoinRpc, RpcError } from '../src/chain/rpc.ts';
import { BlockReaderThread } from '../src/indexer/block-reader-thread.ts';
import { READ_AHEAD_BLOCKS, rpcBlockSource } from '../src/indexer/block-prefetch.ts';
import type { BlockStream, FetchedBlock } from '../src/indexer/block-source.ts';
import { ChainEvents } from '../src/indexer/chain-events.ts';
import { ChainFollower, THREAD_FROM_BLOCKS } from '../src/indexer/follow-chain.ts';
import { dumpIndex } from './helpers/index-dump.ts';
import { freePort, startTestNode, type TestNode } from './helpers/regtest.ts';
import { inscribe, send, testWallet } from './helpers/regtest-inscribe.ts';
import { createTestDb, databaseKinds } from './helpers/test-app.ts';

async function drain(stream: BlockStream) {
  const blocks: FetchedBlock[] = [];
  for (let next = await stream.next(); next; next = await stream.next()) blocks.push(next);
  return blocks;
}

const RPC_FILE = path.resolve(import.meta.dirname, '../src/chain/rpc.ts');
const READER_FILE = path.resolve(import.meta.dirname, '../src/indexer/block-reader-thread.ts');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The heights read ahead once the thread has had time to read all it may: waits (a busy CI
 * machine may take seconds) until `count` are there, then a little longer, so one too many shows.
 */
async function readAhead(stream: BlockStream, count: number): Promise<number[]> {
  for (let waited = 0; stream.peek(count).length < count && waited < 10_000; waited += 20) {
    await sleep(20);
  }
  await sleep(200);
  return stream.peek(count + 2).map((b) => b.block.height);
}

describe('the block reader thread reads a real regtest node', () => {
  let node: TestNode;
  const reader = new BlockReaderThread();
  const alice = testWallet();
  const bob = testWallet();

  beforeAll(async () => {
    node = await startTestNode();
    // Witnesses, an inscription and its move, so decoding has bytes and prevouts to carry.
    const reveal = await inscribe(node, alice.address, [{ contentType: 'text/plain', body: 'hi' }]);
    await node.faucet.mine(1);
    await send(node, alice, reveal, bob.address);
    await node.faucet.mine(1);
  });
  afterAll(async () => {
    await reader.close();
    await node.stop();
  });

  it('streams every block as this thread decodes it, to the tip and no further', async () => {
    const { rpc } = node.node;
    const threaded = await drain(reader.sourceFor(rpc).from(0));
    expect(threaded).toEqual(await drain(rpcBlockSource(rpc).from(0)));
    const tip = await rpc.getBlockCount();
    expect(threaded.map((b) => b.block.height)).toEqual([...Array(tip + 1).keys()]);
    expect(threaded.filter((b) => b.isTip).map((b) => b.block.height)).toEqual([tip]);
    expect(await drain(reader.sourceFor(rpc).from(tip - 1))).toEqual(threaded.slice(-2));
    expect(await drain(reader.sourceFor(rpc).from(tip + 1))).toEqual([]);
  });

  it('reads ahead while the caller is busy, as far as READ_AHEAD_BLOCKS', async () => {
    const stream = reader.sourceFor(node.node.rpc).from(10);
    expect((await stream.next())?.block.height).toBe(10);
    expect(await readAhead(stream, READ_AHEAD_BLOCKS)).toEqual(
      Array.from({ length: READ_AHEAD_BLOCKS }, (_, i) => 11 + i),
    );
    expect((await stream.next())?.block.height).toBe(11);
    expect(await readAhead(stream, READ_AHEAD_BLOCKS)).toEqual(
      Array.from({ length: READ_AHEAD_BLOCKS }, (_, i) => 12 + i),
    );
    stream.stop();
  });

  it("passes on the node's refusal as the RpcError this thread would have met", async () => {
    const auth = node.node.rpc.auth();
    const wrong = new BitcoinRpc(() => ({ ...auth, password: 'not-the-cookie' }));
    const refused = reader.sourceFor(wrong).from(0).next();
    await expect(refused).rejects.toBeInstanceOf(RpcError);
    await expect(refused).rejects.toMatchObject({
      method: 'getblockcount',
      code: -401,
      reason: 'bitcoind rejected the RPC credentials',
    });
  });

  it('names an unreachable node, and reads on after it', async () => {
    const nobody = `http://127.0.0.1:${await freePort()}`;
    const closed = new BitcoinRpc(() => ({ ...node.node.rpc.auth(), url: nobody }));
    await expect(reader.sourceFor(closed).from(0).next()).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
    expect((await reader.sourceFor(node.node.rpc).from(0).next())?.block.height).toBe(0);
  });

  it('starts in a process whose eval code is a module (node --input-type=module)', async () => {
    const auth = node.node.rpc.auth();
    const script = [
      `import { BitcoinRpc } from ${JSON.stringify(RPC_FILE)};`,
      `import { BlockReaderThread } from ${JSON.stringify(READER_FILE)};`,
      `const rpc = new BitcoinRpc(() => (${JSON.stringify(auth)}));`,
      'const reader = new BlockReaderThread();',
      'const first = await reader.sourceFor(rpc).from(0).next();',
      'console.log(`height ${first.block.height}`);',
      'await reader.close();',
    ].join('\n');
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(child.stderr).toBe('');
    expect(child.stdout.trim()).toBe('height 0');
  });

  it('fails the streams open when it ends, and the next stream starts a new thread', async () => {
    const stream = reader.sourceFor(node.node.rpc).from(1);
    await reader.close();
    expect(reader.isRunning).toBe(false);
    await expect(drain(stream)).rejects.toThrow('the block reader thread ended');
    expect((await reader.sourceFor(node.node.rpc).from(1).next())?.block.height).toBe(1);
    expect(reader.isRunning).toBe(true);
  });
});

describe.each(databaseKinds())('a catch-up through the block reader thread on %s', (kind) => {
  let node: TestNode;

  beforeAll(async () => {
    node = await startTestNode();
  });
  afterAll(async () => {
    await node.stop();
  });

  it('indexes what this thread indexes, and ends the thread once caught up', async () => {
    const alice = testWallet();
    const reveal = await inscribe(node, alice.address, [{ contentType: 'text/plain', body: 'a' }]);
    await node.faucet.mine(1);
    await send(node, alice, reveal, testWallet().address);
    await node.faucet.mine(1);
    expect(await node.node.rpc.getBlockCount()).toBeGreaterThanOrEqual(THREAD_FROM_BLOCKS);

    const follow = async (blockReader?: BlockReaderThread) => {
      const db = await createTestDb(kind);
      const deps = { db, rpc: node.node.rpc, network: 'regtest' as const, blockReader };
      const follower = new ChainFollower({
        ...deps,
        events: new ChainEvents(),
        log: pino({ level: 'silent' }),
      });
      const written = await follower.syncOnce();
      const dump = await dumpIndex(db);
      await db.close();
      return { written, dump };
    };
    const reader = new BlockReaderThread();
    const threaded = await follow(reader);
    expect(reader.isRunning).toBe(false);
    const here = await follow();
    expect(threaded.dump.blocks).toHaveLength((await node.node.rpc.getBlockCount()) + 1);
    expect(threaded.written).toBe(here.written);
    expect(threaded.dump).toEqual(here.dump);
    expect(threaded.dump.inscriptions).toHaveLength(1);
  });
});
