import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { shippedInitdbPath } from '../../apps/server/src/db/pglite-template.ts';

// npm run db:pglite-initdb: writes PGlite's own initdb output for the installed PGlite, which the
// server unpacks for its first data dir (pglite-template.ts). Run it after upgrading PGlite, and
// commit the file; the old version's file can go.

const file = shippedInitdbPath();
const client = await PGlite.create();
await client.exec('CHECKPOINT');
const tarball = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
await client.close();
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, tarball);
console.log(`[db:pglite-initdb] ${path.relative(process.cwd(), file)}: ${tarball.length} bytes`);
