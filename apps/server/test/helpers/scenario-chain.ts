// Test only: a regtest node that every test database indexes at once, for ord's scenarios on real
// transactions. Blocks are mined with `generateblock`, so each holds exactly the transactions a test
// chose, in its order; Bitcoin Core checks them as consensus does (no relay policy: fees may be 0).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EnvelopeScriptOptions } from '@om/bitcoin';
import { pino } from 'pino';
import { RegtestNode } from '../../src/chain/bitcoind.ts';
import { RegtestFaucet } from '../../src/chain/regtest-faucet.ts';
import { btcToSats, type BitcoinRpc } from '../../src/chain/rpc.ts';
import type { Db, DbKind } from '../../src/db/create-db.ts';
import { ChainEvents } from '../../src/indexer/chain-events.ts';
import { ChainFollower } from '../../src/indexer/follow-chain.ts';
import {
  COIN,
  commitLock,
  keyLock,
  openLock,
  spend,
  type BuiltTx,
  type Coin,
  type EnvelopeSpec,
  type Lock,
  type Output,
} from './chain-builder.ts';
import { IndexReads, type ScenarioIndex } from './index-reads.ts';
import { mineBlock, type MinedBlock } from './regtest-blocks.ts';
import { freePort, type TestNode } from './regtest.ts';
import { createTestDb, databaseKinds, startTestApp } from './test-app.ts';

export { LOST, satpoint, UNBOUND } from './index-reads.ts';

/** startTestNode's node, its RPC port known (a fresh datadir and port, 101 blocks). */
async function startNode(): Promise<TestNode & { rpcPort: number }> {
  const datadir = fs.mkdtempSync(path.join(os.tmpdir(), 'om-regtest-'));
  const rpcPort = await freePort();
  const node = new RegtestNode({ datadir, rpcPort });
  await node.start();
  const faucet = new RegtestFaucet(node.rpc);
  await faucet.wallet();
  const stop = async () => {
    await node.stop();
    fs.rmSync(datadir, { recursive: true, force: true });
  };
  return { node, faucet, datadir, rpcPort, stop };
}

/** What the bank holds: the faucet's only mature coin at height 101 is 50 BTC. */
const BANK = 45n * COIN;

/** The faucet pays the bank (an open coin): its transaction waits in the mempool for a block. */
async function fundBank(node: TestNode): Promise<[Coin, { tx: string; fee: bigint }]> {
  const lock = openLock();
  const txid = await node.faucet.fund(lock.address, BANK);
  const tx = await node.node.rpc.getRawTransactionVerbose(txid);
  const vout = tx.vout.findIndex((o) => o.scriptPubKey.address === lock.address);
  const entry = await node.node.rpc.call<{ fees: { base: number } }>('getmempoolentry', [txid]);
  return [
    { txid, vout, value: BANK, lock },
    { tx: txid, fee: btcToSats(entry.fees.base) },
  ];
}

export class ScenarioChain extends IndexReads {
  /** Funding transactions not mined yet (raw hex, or a mempool txid): the next block carries them first. */
  private pending: { tx: string; fee: bigint }[] = [];
  /** Funding already mined, by height: an invalidated block gives its funding back to `pending`. */
  private funded: { tx: string; fee: bigint; height: number }[] = [];
  /** Where coinbases pay; a new one after each invalidation, so no block of the old branch recurs. */
  miner: Lock = keyLock();

  private constructor(
    readonly node: TestNode,
    /** The node's RPC port, for a process of its own (the restart test's indexer). */
    readonly rpcPort: number,
    indexes: ScenarioIndex[],
    private bank: Coin,
    funding: { tx: string; fee: bigint },
  ) {
    super(indexes);
    this.pending.push(funding);
  }

  /**
   * A fresh node at height 101 followed by a fresh database of every kind. If anything fails on
   * the way, what was started is stopped (a test's afterAll never sees it).
   */
  static async start(): Promise<ScenarioChain> {
    const node = await startNode();
    const indexes: ScenarioIndex[] = [];
    try {
      for (const kind of databaseKinds()) {
        const t = await startTestApp(kind, node);
        const log = pino({ level: 'silent' });
        const events = new ChainEvents();
        const follower = new ChainFollower({
          db: t.db,
          rpc: node.node.rpc,
          network: 'regtest',
          events,
          log,
        });
        indexes.push({ t, follower });
      }
      const chain = new ScenarioChain(node, node.rpcPort, indexes, ...(await fundBank(node)));
      await chain.sync();
      return chain;
    } catch (err) {
      await Promise.all(indexes.map(({ t }) => t.close()));
      await node.stop();
      throw err;
    }
  }

  async stop(): Promise<void> {
    await Promise.all(this.indexes.map(({ t }) => t.close()));
    await this.node.stop();
  }

  get rpc(): BitcoinRpc {
    return this.node.node.rpc;
  }

  /** Pays outputs of any value (0 too) from the bank, fee-free; mined with the next block. */
  fund(outputs: Output[]): BuiltTx {
    const total = outputs.reduce((sum, o) => sum + o.value, 0n);
    const tx = spend(
      [this.bank],
      [...outputs, { lock: this.bank.lock, value: this.bank.value - total }],
    );
    this.bank = tx.coin(outputs.length);
    this.pending.push({ tx: tx.hex, fee: tx.fee });
    return tx;
  }

  /** A coin of `value` sats on `lock` (default: a new key), like an output ord's tests mine. */
  coin(value: bigint, lock: Lock = keyLock()): Coin {
    return this.fund([{ lock, value }]).coin(0);
  }

  /** ord's `inscription(..).to_witness()` on an input: a commit coin revealing the envelopes. */
  commitCoin(envelopes: EnvelopeSpec[], value: bigint, options?: EnvelopeScriptOptions): Coin {
    return this.coin(value, commitLock(envelopes, options));
  }

  /**
   * Mines one block of the pending funding and then `txs`, in order, and indexes it everywhere.
   * Its coinbase claims the subsidy and every fee, as a miner's would, unless `claim` says how
   * much it claims of that reward. `sync: false` leaves the index behind (to see a reorg at once).
   */
  async mine(
    txs: BuiltTx[] = [],
    opts: { claim?: (reward: { subsidy: bigint; fees: bigint }) => bigint; sync?: boolean } = {},
  ): Promise<MinedBlock> {
    const funding = this.pending;
    const all = [...funding, ...txs.map((tx) => ({ tx: tx.hex, fee: tx.fee }))];
    this.pending = [];
    const fees = all.reduce((sum, { fee }) => sum + fee, 0n);
    const subsidy = regtestSubsidy((await this.height()) + 1);
    const claim = opts.claim?.({ subsidy, fees }) ?? subsidy + fees;
    const block = await mineBlock(
      this.rpc,
      this.miner.address,
      all.map(({ tx }) => tx),
      claim,
    );
    this.funded.push(...funding.map((f) => ({ ...f, height: block.height })));
    if (opts.sync !== false) await this.sync();
    return block;
  }

  /** Mines empty blocks (the mempool stays untouched) until the node is at `height`. */
  async mineTo(height: number, opts: { sync?: boolean } = {}): Promise<void> {
    if (this.pending.length > 0) await this.mine([], { sync: false });
    // generateblock's own coinbase claims the subsidy and no fee: right for an empty block.
    for (let h = await this.rpc.getBlockCount(); h < height; h++) {
      await this.rpc.call('generateblock', [this.miner.address, []]);
    }
    if (opts.sync !== false) await this.sync();
  }

  /**
   * Invalidates the node's `count` tip-most blocks (their transactions go back to its mempool,
   * which `mine` never uses). The index is not told: the next sync finds the fork.
   */
  async invalidate(count: number): Promise<void> {
    const fork = (await this.height()) - count;
    await this.rpc.invalidateBlock(await this.rpc.getBlockHash(fork + 1));
    this.miner = keyLock();
    // The bank's later coins came from those blocks: its funding is mined again, first.
    const undone = this.funded.filter((f) => f.height > fork);
    this.funded = this.funded.filter((f) => f.height <= fork);
    this.pending = [...undone.map(({ tx, fee }) => ({ tx, fee })), ...this.pending];
  }

  /** A new database that indexes the node's whole chain in one run (closed by the caller). */
  async freshIndex(kind: DbKind = 'pglite'): Promise<Db> {
    const db = await createTestDb(kind);
    const follower = new ChainFollower({
      db,
      rpc: this.rpc,
      network: 'regtest',
      events: new ChainEvents(),
      log: pino({ level: 'silent' }),
    });
    await follower.syncOnce();
    return db;
  }

  /** Every database indexes up to the node's tip. */
  async sync(): Promise<void> {
    await Promise.all(this.indexes.map(({ follower }) => follower.syncOnce()));
  }

  async height(): Promise<number> {
    return this.rpc.getBlockCount();
  }
}

/** Bitcoin Core's regtest subsidy (halving every 150 blocks). */
export function regtestSubsidy(height: number): bigint {
  return (50n * COIN) >> BigInt(Math.floor(height / 150));
}
