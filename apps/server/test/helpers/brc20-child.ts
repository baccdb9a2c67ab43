// Test only: the inscription indexer and then the BRC-20 follower alone in a process, for the
// BRC-20 restart test to SIGKILL at any moment. `tsx brc20-child.ts '<json>'` with the
// indexer child's config. Prints "synced" once the inscription index is at the node's tip,
// "brc20 <height>" after each BRC-20 block it commits, "done" at the tip, then exits.
import fs from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import { BitcoinRpc } from '../../src/chain/rpc.ts';
import { createDb } from '../../src/db/create-db.ts';
import { migrate } from '../../src/db/migrate.ts';
import { indexBrc20 } from '../../src/indexer/brc20/brc20-follower.ts';
import { readBrc20Tip } from '../../src/indexer/brc20/brc20-index.queries.ts';
import { ChainEvents } from '../../src/indexer/chain-events.ts';
import { ChainFollower } from '../../src/indexer/follow-chain.ts';
import type { IndexerChildConfig } from './indexer-child.ts';

/** `freezeAt`: after committing that BRC-20 block, freeze `freezeDelayMs` later (see below). */
const config = JSON.parse(process.argv[2] ?? '{}') as IndexerChildConfig & {
  freezeAt?: number;
  freezeDelayMs?: number;
};

/**
 * Stops this process where it stands (mid-block: a transaction open, nothing more committed) and
 * asks the parent for its SIGKILL. Freezing here rather than having the parent time the kill keeps
 * the kill's place independent of how late the parent reads this pipe on a busy machine.
 */
function freeze(): void {
  process.stdout.write('kill-me\n');
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
}
let freezeDeadline: number | undefined;
const rpc = new BitcoinRpc(() => {
  const cookie = fs.readFileSync(path.join(config.datadir, 'regtest', '.cookie'), 'utf8');
  const [username = '', password = ''] = cookie.trim().split(':');
  return { url: `http://127.0.0.1:${config.rpcPort}`, username, password };
});
const db = await createDb(config.db);
await migrate(db);
if (config.prepareOnly) {
  await db.close();
  process.exit(0);
}
const follower = new ChainFollower({
  db,
  rpc,
  network: 'regtest',
  events: new ChainEvents(),
  log: pino({ level: 'silent' }),
});
await follower.syncOnce();
process.stdout.write('synced\n');
for (;;) {
  // PGlite answers without yielding to timers: the deadline is also checked between blocks.
  if (freezeDeadline !== undefined && Date.now() >= freezeDeadline) freeze();
  const run = await indexBrc20(db, 'regtest', 1);
  if (run.indexed === 0) break;
  const height = (await readBrc20Tip(db))?.height ?? -1;
  process.stdout.write(`brc20 ${height}\n`);
  if (config.freezeAt !== undefined && height >= config.freezeAt && freezeDeadline === undefined) {
    freezeDeadline = Date.now() + (config.freezeDelayMs ?? 0);
    setTimeout(freeze, config.freezeDelayMs ?? 0);
  }
}
// A freeze still pending when the chain ran out: now, before anything says "done".
if (freezeDeadline !== undefined) freeze();
process.stdout.write('done\n');
await db.close();
