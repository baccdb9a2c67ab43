import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatBrc20Amount, parseBrc20Amount } from '@om/core';
import { createDb } from '../../apps/server/src/db/create-db.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { loadEnv } from '../../apps/server/src/env.ts';
import {
  addPool,
  poolExists,
  poolTokenBalance,
} from '../../apps/server/src/features/swap/swap-orders.queries.ts';
import { poolKeys } from '../../apps/server/src/features/swap/swap-pool.ts';
import {
  poolLadders,
  setPoolLadder,
} from '../../apps/server/src/features/swap/swap-ladder.queries.ts';
import { readTicker } from '../../apps/server/src/features/brc20/brc20.queries.ts';

// npm run swap:pool -- <tick> [--add] [--ladder 100,1000 [--depth 2]]
// A BRC-20 swap pool outside regtest (ADR 017; docs/swap-pools.md): prints the pool's address,
// derived from COSIGNER_SECRET and the tick, what our index says it holds, and with --add
// registers the pool so that /brc20swap quotes it. --ladder sets the whole-token amounts the
// pool keeps inscribed ahead as transfers (--depth of each; an empty --ladder '' stops it). Read the server's configuration from the
// environment (DATABASE_URL, COSIGNER_SECRET, BITCOIN_NETWORK…); with the embedded database, stop
// the server first (PGlite opens its data directory alone).

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    add: { type: 'boolean', default: false },
    ladder: { type: 'string' },
    depth: { type: 'string', default: '2' },
  },
});
const tick = positionals[0]?.toLowerCase();
if (!tick) {
  console.error('usage: npm run swap:pool -- <tick> [--add] [--ladder 100,1000 [--depth 2]]');
  process.exit(2);
}

const env = loadEnv();
let failed = false;
const db = await createDb(
  env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL }
    : { kind: 'pglite', dataDir: path.join(env.dataDir, 'db') },
);
try {
  await migrate(db);
  const ticker = await readTicker(db, tick);
  if (!ticker) {
    console.error(
      `${tick} is not deployed, as far as our BRC-20 index knows (is the server synced?)`,
    );
    failed = true;
  } else {
    await show(ticker.decimals);
  }
} finally {
  await db.close();
}
// Set after the database closed: closing PGlite leaves the exit code at 0 otherwise.
if (failed) process.exit(1);

async function show(decimals: number): Promise<void> {
  const pool = poolKeys(env, tick!);
  if (values.add) await addPool(db, tick!);
  if (values.ladder !== undefined) {
    if (!(await poolExists(db, tick!)))
      throw new Error(`${tick} has no pool: add it first (--add)`);
    await setPoolLadder(db, tick!, ladderAmounts(values.ladder, decimals), ladderDepth());
  }
  const balance = await poolTokenBalance(db.kysely, pool.pkscript, tick!);
  const amount = (units: bigint) => formatBrc20Amount(units, decimals);
  console.log(`network:    ${env.BITCOIN_NETWORK}`);
  console.log(`pool:       ${tick}/btc`);
  console.log(`address:    ${pool.address}`);
  console.log(`registered: ${(await poolExists(db, tick!)) ? 'yes' : 'no (--add registers it)'}`);
  console.log(`tokens:     ${amount(balance.overall)} (available ${amount(balance.available)})`);
  const ladder = (await poolLadders(db)).find((l) => l.tick === tick);
  console.log(
    `ladder:     ${ladder ? `${ladder.amounts.map(amount).join(', ')} (${ladder.depth} of each)` : 'none'}`,
  );
}

/** '100,1000' whole tokens (decimals allowed up to the token's) at the index's scale. */
function ladderAmounts(text: string, decimals: number): bigint[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const units = parseBrc20Amount(part, decimals);
      if (units === null || units <= 0n) {
        throw new Error(
          `--ladder: ${part} is not a positive amount with at most ${decimals} decimals`,
        );
      }
      return units;
    });
}

function ladderDepth(): number {
  const depth = Number(values.depth);
  if (!Number.isInteger(depth) || depth < 1 || depth > 20) {
    throw new Error(`--depth: ${values.depth} is not a whole number from 1 to 20`);
  }
  return depth;
}
