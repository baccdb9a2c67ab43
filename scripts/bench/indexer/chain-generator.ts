import fs from 'node:fs';
import type { BitcoinRpc } from '../../../apps/server/src/chain/rpc.ts';
import { RegtestFaucet } from '../../../apps/server/src/chain/regtest-faucet.ts';
import {
  BenchTxBuilder,
  type BuiltTx,
  type HeldInscription,
  type PendingCommit,
  type Utxo,
} from './bench-txs.ts';
import { Brc20Model } from './brc20-bench.ts';

export interface ChainPlan {
  /** Blocks after the faucet's 101 and the funding block, each mined with generateblock. */
  dataBlocks: number;
  revealsPerBlock: number;
  /** Inscription moves per block, in transfer transactions of 1 to 12 moves. */
  movesPerBlock: number;
  seed: string;
}

export const DEFAULT_PLAN: ChainPlan = {
  dataBlocks: 1000,
  revealsPerBlock: 24,
  movesPerBlock: 64,
  seed: 'om-bench-1',
};

export interface ChainManifest {
  /** Bumped when the generator changes what it builds. */
  generator: number;
  plan: ChainPlan;
  tipHeight: number;
  tipHash: string;
  inscriptions: number;
  /** Inscription moves after the reveal (chain_transfers rows minus one genesis row each). */
  transfers: number;
  transferTxs: number;
  generationSeconds: number;
  /** BRC-20 operations with an event, and OPI's cumulative event hash at the tip, from Brc20Model. */
  brc20: { operations: number; counts: Brc20Model['counts']; cumulativeHash: string };
  /** The funder's output that pays for more benchmark transactions (the latency phase). */
  treasury: { txid: string; vout: number; value: string };
}

export const GENERATOR_VERSION = 2;
const FUNDING = 10n * 100_000_000n;
const FAN_OUT = 480;
const MAX_MOVES_PER_TX = 12;

/** The output of `txid` paying `script` (the faucet's change may come first). */
async function findOutput(rpc: BitcoinRpc, txid: string, script: Buffer): Promise<Utxo> {
  const tx = await rpc.getRawTransactionVerbose(txid);
  const out = tx.vout.find((o) => o.scriptPubKey.hex === script.toString('hex'));
  if (!out) throw new Error(`no output to the funder in ${txid}`);
  return { txid, vout: out.n, value: BigInt(Math.round(out.value * 1e8)) };
}

function pickDistinct(random: () => number, pool: readonly HeldInscription[], count: number) {
  const picked = new Set<HeldInscription>();
  while (picked.size < Math.min(count, pool.length)) {
    picked.add(pool[Math.floor(random() * pool.length)]!);
  }
  return [...picked];
}

/**
 * Builds the benchmark's chain on a fresh regtest node: the faucet funds one treasury output, then
 * every block carries reveals of commits confirmed earlier, and transfers of random inscriptions
 * (those revealed in the same block included). Blocks are mined with `generateblock` and exactly
 * the transactions built for them, so mempool policy (ancestor limits) never throttles the build.
 */
export async function generateChain(
  rpc: BitcoinRpc,
  plan: ChainPlan,
  log: (msg: string) => void,
): Promise<ChainManifest> {
  const started = performance.now();
  const faucet = new RegtestFaucet(rpc);
  await faucet.wallet();
  const probe = new BenchTxBuilder(plan.seed, { txid: '', vout: 0, value: 0n });
  const fundingTxid = await faucet.fund(probe.funder.address, FUNDING);
  await faucet.mine(1);
  const builder = new BenchTxBuilder(
    plan.seed,
    await findOutput(rpc, fundingTxid, probe.funder.script),
  );

  const model = new Brc20Model();
  const dump = process.env.BENCH_BRC20_EVENTS;
  if (dump) {
    fs.writeFileSync(dump, '');
    let height = 0;
    model.log = (events) =>
      fs.appendFileSync(dump, `${JSON.stringify({ height: height++, events })}\n`);
  }
  const scriptOf = (holder: number) => builder.holders[holder]!.script.toString('hex');
  // The blocks before the data blocks carry no BRC-20: each still has its (empty) event hash.
  for (let h = 0; h <= (await rpc.getBlockCount()); h++) model.endBlock();
  const inscriptions: HeldInscription[] = [];
  let ready: PendingCommit[] = [];
  let transfers = 0;
  let transferTxs = 0;
  for (let b = 0; b < plan.dataBlocks; b++) {
    const txs: BuiltTx[] = [];
    let confirmedNext: PendingCommit[] = [];
    if (ready.length < 2 * plan.revealsPerBlock) {
      const { tx, commits } = builder.fanOut(FAN_OUT);
      txs.push(tx);
      confirmedNext = commits;
    }
    for (const pending of ready.splice(0, plan.revealsPerBlock)) {
      const holder = Math.floor(builder.random() * builder.holders.length);
      const { tx, inscription } = builder.reveal(pending, holder);
      txs.push(tx);
      inscriptions.push(inscription);
      if (inscription.brc20) model.inscribe(inscription.id, scriptOf(holder), inscription.brc20);
    }
    for (let moves = 0; inscriptions.length > 0 && moves < plan.movesPerBlock;) {
      const size = 1 + Math.floor(builder.random() * MAX_MOVES_PER_TX);
      const moving = pickDistinct(
        builder.random,
        inscriptions,
        Math.min(size, plan.movesPerBlock - moves),
      );
      const to = moving.map(() => Math.floor(builder.random() * builder.holders.length));
      txs.push(builder.transfer(moving, to));
      for (const m of moving) model.move(m.id, scriptOf(m.holder));
      moves += moving.length;
      transfers += moving.length;
      transferTxs += 1;
    }
    await rpc.call('generateblock', [builder.funder.address, txs.map((t) => t.hex)]);
    model.endBlock();
    ready = [...ready, ...confirmedNext];
    if ((b + 1) % 100 === 0) {
      log(
        `generated ${b + 1}/${plan.dataBlocks} blocks, ${inscriptions.length} inscriptions, ${transfers} transfers`,
      );
    }
  }
  const tipHeight = await rpc.getBlockCount();
  const { treasury } = builder;
  return {
    generator: GENERATOR_VERSION,
    plan,
    tipHeight,
    tipHash: await rpc.getBlockHash(tipHeight),
    inscriptions: inscriptions.length,
    transfers,
    transferTxs,
    brc20: {
      operations: model.operations,
      counts: model.counts,
      cumulativeHash: model.cumulative!,
    },
    generationSeconds: (performance.now() - started) / 1000,
    treasury: { txid: treasury.txid, vout: treasury.vout, value: treasury.value.toString() },
  };
}
