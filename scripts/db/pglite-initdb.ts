import path from 'node:path';
import { shippedInitdbPath, writeShippedInitdb } from '../../apps/server/src/db/pglite-template.ts';

// npm run db:pglite-initdb: writes PGlite's own initdb output for the installed PGlite, which the
// server unpacks for its first data dir (pglite-template.ts). Run it after upgrading PGlite, and
// commit the file; the old version's file can go.

const file = shippedInitdbPath();
const bytes = await writeShippedInitdb(file);
console.log(`[db:pglite-initdb] ${path.relative(process.cwd(), file)}: ${bytes} bytes`);
