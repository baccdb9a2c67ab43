// Test only: the indexer alone in a process, for the restart test to SIGKILL at any moment.
// `tsx indexer-child.ts '<json>'` with { datadir, rpcPort, db } (db: createDb's options). Prints
// "ready" once the database is open, "block <height>" after each block it writes, "done" at the
// node's tip, then exits. With `prepareOnly`, it only creates and migrates the database.
import fs from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import { BitcoinRpc } from '../../src/chain/rpc.ts';
import { createDb, type DbOptions } from '../../src/db/create-db.ts';
import { migrate } from '../../src/db/migrate.ts';
import { ChainEvents } from '../../src/indexer/chain-events.ts';
import { ChainFollower } from '../../src/indexer/follow-chain.ts';

export interface IndexerChildConfig {
  datadir: string;
  rpcPort: number;
  db: DbOptions;
  prepareOnly?: boolean;
}

const config = JSON.parse(process.argv[2] ?? '{}') as IndexerChildConfig;
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
const events = new ChainEvents();
events.on('block', ({ height }) => process.stdout.write(`block ${height}\n`));
const follower = new ChainFollower({
  db,
  rpc,
  network: 'regtest',
  events,
  log: pino({ level: 'silent' }),
});
process.stdout.write('ready\n');
await follower.syncOnce();
process.stdout.write('done\n');
await db.close();
