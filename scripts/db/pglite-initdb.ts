import fs from 'node:fs';
import path from 'node:path';
import { initdbOutputPath, writeInitdbOutput } from '../../apps/server/src/db/pglite-template.ts';

// npm run db:pglite-initdb (run by `npm install` as postinstall): writes PGlite's own initdb output
// for the installed PGlite beside the templates, which the server unpacks for its first data dir
// (pglite-template.ts). It only saves the first start memory, so it never fails an install: the
// server then runs initdb itself, as before.

const file = initdbOutputPath();
const shown = path.relative(process.cwd(), file);
try {
  if (fs.existsSync(file)) {
    console.log(`[db:pglite-initdb] ${shown}: already there`);
  } else {
    console.log(`[db:pglite-initdb] ${shown}: ${await writeInitdbOutput(file)} bytes`);
  }
} catch (err) {
  console.warn(`[db:pglite-initdb] skipped (the first start will run initdb): ${String(err)}`);
}
