import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDb } from '../../apps/server/src/db/create-db.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { loadEnv } from '../../apps/server/src/env.ts';
import { announce } from '../../apps/server/src/features/notifications/notifications.service.ts';

// npm run announce -- --id <id> --title <title> [--body <text>] [--link </path>] [--product]
// A global announcement (ADR 018): every wallet finds it among its notifications on its next
// read (within 30 days), under Global, or under the product's own tab with --product. The id makes
// it once: announcing the same id again changes nothing. Reads the server's configuration from the
// environment (DATABASE_URL…); with the embedded database, stop the server first (PGlite opens its
// data directory alone).

const { values } = parseArgs({
  options: {
    id: { type: 'string' },
    title: { type: 'string' },
    body: { type: 'string', default: '' },
    link: { type: 'string' },
    product: { type: 'boolean', default: false },
  },
});
if (!values.id || !values.title) {
  console.error(
    'usage: npm run announce -- --id <id> --title <title> [--body <text>] [--link </path>]',
  );
  process.exit(2);
}
if (values.link !== undefined && !values.link.startsWith('/')) {
  console.error('--link must be a path of this site, starting with /');
  process.exit(2);
}

const env = loadEnv();
const db = await createDb(
  env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL }
    : { kind: 'pglite', dataDir: path.join(env.dataDir, 'db') },
);
try {
  await migrate(db);
  const added = await announce(db.kysely, {
    id: values.id,
    title: values.title,
    body: values.body,
    app: values.product ? 'product' : 'global',
    ...(values.link ? { link: values.link } : {}),
  });
  console.log(added ? `announced ${values.id}` : `${values.id} was announced before: unchanged`);
} finally {
  await db.close();
}
