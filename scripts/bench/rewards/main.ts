import path from 'node:path';
import { parseArgs } from 'node:util';
import { drawWinners, entriesHash, type DrawEntry } from '@om/bitcoin';
import { sql } from 'kysely';
import pg from 'pg';
import { createDb } from '../../../apps/server/src/db/create-db.ts';
import { migrate } from '../../../apps/server/src/db/migrate.ts';
import { accrueBlock } from '../../../apps/server/src/features/rewards/xp.queries.ts';
import { fmt, machine, mark, median, percentile, writeDocBlock } from '../bench-report.ts';
import { createDatabaseSql } from '../bench-database.ts';

// npm run bench:rewards [-- --holders 100000] [--blocks 10] [--changes 1000] [--tickets 1000000]
//   [--draws 5]
//   [--postgres URL] [--no-docs]
// ADR 020: XP accrual for one block with N holders of the utility token, on PostgreSQL (target
// ≤ 200 ms), and a draw over 1,000,000 tickets (target ≤ 1 s). The holders are rows of our own
// BRC-20 tables in a fresh database (bench_rewards, dropped at the end), each block changing the
// balances of --changes of them, accrued by the same queries the server's XP worker runs (ADR
// 020: periods closed by balance changes). Exits 1 when a target is not met.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const DATABASE = 'bench_rewards';
const TICK = 'omkt';
const { values: args } = parseArgs({
  options: {
    holders: { type: 'string', default: '100000' },
    blocks: { type: 'string', default: '10' },
    tickets: { type: 'string', default: '1000000' },
    changes: { type: 'string', default: '1000' },
    draws: { type: 'string', default: '5' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    'no-docs': { type: 'boolean', default: false },
  },
});
const holders = Number(args.holders);
const blocks = Number(args.blocks);
const tickets = Number(args.tickets);
const changesPerBlock = Number(args.changes);
const draws = Number(args.draws);
const TARGET_ACCRUAL_MS = 200;
const TARGET_DRAW_MS = 1_000;

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: args.postgres });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Per-block accrual times, ms, with N holders of the token in our BRC-20 tables, and the one-off
 * time of opening every holder's period at the start block.
 */
async function measureAccrual(): Promise<{ times: number[]; openMs: number }> {
  await admin(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin(createDatabaseSql(DATABASE));
  const url = new URL(args.postgres);
  url.pathname = `/${DATABASE}`;
  const db = await createDb({ kind: 'postgres', url: url.toString() });
  try {
    await migrate(db);
    await sql`insert into brc20_tickers (tick, original_tick, max_supply, limit_per_mint, decimals,
        minted_supply, burned_supply, self_mint, deploy_inscription_id, deploy_height,
        deployer_pkscript)
      values (${TICK}, ${TICK}, 21000000e18, 1000e18, 18, 21000000e18, 0, false,
        ${`${'00'.repeat(32)}i0`}, 1, '51')`.execute(db.kysely);
    // Balances of 1 to 10,000 whole tokens, each holder its own pkscript and address.
    await sql`insert into brc20_balances (pkscript, tick, address, overall, available, first_height)
      select '5120' || lpad(to_hex(i), 64, '0'), ${TICK}, 'bcrt1pbench' || i,
        ((i % 10000) + 1)::numeric * 1e18, ((i % 10000) + 1)::numeric * 1e18, 1
      from generate_series(1, ${holders}) as i`.execute(db.kysely);
    await sql`insert into brc20_blocks (height, hash, event_count, block_event_hash,
        cumulative_event_hash)
      select h, lpad(to_hex(h), 64, '0'), 0, '', '' from generate_series(1, ${blocks + 1}) as h`.execute(
      db.kysely,
    );
    await sql`analyze`.execute(db.kysely);
    const config = { tick: TICK, rate: '0.01', startHeight: 1 };
    // The start block opens every holder's period (once); each later block changes the balance
    // of `changesPerBlock` holders (a busy block's transfers), closing and reopening theirs.
    const opened = performance.now();
    await accrueBlock(db, config, { height: 1, hash: '1'.padStart(64, '0') });
    const openMs = performance.now() - opened;
    const times: number[] = [];
    for (let h = 2; h <= blocks + 1; h++) {
      await sql`insert into brc20_balance_changes (height, pkscript, tick, overall_delta, available_delta)
        select ${h}, '5120' || lpad(to_hex(i), 64, '0'), ${TICK}, 1e18, 1e18
        from generate_series(${h * changesPerBlock}::int, ${h * changesPerBlock + changesPerBlock - 1}::int) as i`.execute(
        db.kysely,
      );
      await sql`update brc20_balances set overall = overall + 1e18, available = available + 1e18
        where tick = ${TICK} and pkscript in (select pkscript from brc20_balance_changes where height = ${h})`.execute(
        db.kysely,
      );
      const started = performance.now();
      const changed = await accrueBlock(db, config, {
        height: h,
        hash: h.toString(16).padStart(64, '0'),
      });
      times.push(performance.now() - started);
      if (changed !== changesPerBlock) throw new Error(`block ${h} changed ${changed}`);
    }
    return { times, openMs };
  } finally {
    await db.close();
    await admin(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  }
}

/** Draw times, ms, over `tickets` tickets held by a tenth as many entries, 10 winners. */
function measureDraw(): { drawMs: number[]; hashMs: number[]; entries: number } {
  const count = Math.max(1, Math.floor(tickets / 10));
  const entries: DrawEntry[] = Array.from({ length: count }, (_, i) => ({
    address: `bcrt1pbench${i}`,
    tickets: BigInt(i === 0 ? tickets - (count - 1) * 10 : 10),
  }));
  const drawMs: number[] = [];
  const hashMs: number[] = [];
  for (let i = 0; i < draws; i++) {
    const seedHex = (i + 1).toString(16).padStart(64, '0');
    let started = performance.now();
    drawWinners({ seedHex, blockHashHex: 'ab'.repeat(32), entries, winners: 10 });
    drawMs.push(performance.now() - started);
    started = performance.now();
    entriesHash(entries);
    hashMs.push(performance.now() - started);
  }
  return { drawMs, hashMs, entries: count };
}

const { times: accrual, openMs } = await measureAccrual();
const draw = measureDraw();
const accrualMedian = median(accrual);
const drawTotal = draw.drawMs.map((ms, i) => ms + (draw.hashMs[i] ?? 0));
const accrualOk = accrualMedian <= TARGET_ACCRUAL_MS;
const drawOk = median(drawTotal) <= TARGET_DRAW_MS;
const markdown = [
  `Run ${new Date().toISOString().slice(0, 10)} on ${machine()}; PostgreSQL at 127.0.0.1.`,
  '',
  '| What | Median | p95 | Target |',
  '| --- | --- | --- | --- |',
  `| XP accrual, one block, ${fmt(holders)} holders, ${fmt(changesPerBlock)} balances changed in it (${accrual.length} blocks) | ${fmt(accrualMedian, 1)} ms | ${fmt(percentile(accrual, 95), 1)} ms | ≤ ${TARGET_ACCRUAL_MS} ms: ${mark(accrualOk)} |`,
  `| Opening every holder's period at the start block (once) | ${fmt(openMs, 1)} ms | | |`,
  `| Draw of 10 winners over ${fmt(tickets)} tickets (${fmt(draw.entries)} entries) | ${fmt(median(draw.drawMs), 1)} ms | ${fmt(percentile(draw.drawMs, 95), 1)} ms | |`,
  `| … with the entries' hash published with it | ${fmt(median(drawTotal), 1)} ms | ${fmt(percentile(drawTotal, 95), 1)} ms | ≤ ${TARGET_DRAW_MS} ms: ${mark(drawOk)} |`,
].join('\n');
console.log(markdown);
if (!args['no-docs']) {
  await writeDocBlock(
    path.join(ROOT, 'docs/benchmarks.md'),
    'rewards',
    '## Rewards (issue 16): XP accrual and draws',
    markdown,
  );
}
process.exit(accrualOk && drawOk ? 0 : 1);
