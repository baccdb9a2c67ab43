import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The API server (apps/server) serves /api and inscription /content on :3000 and, in production,
// this build from apps/web/dist. In development Vite proxies both to it.
const apiServer = 'http://127.0.0.1:3000';
const outDir = fileURLToPath(new URL('./dist', import.meta.url));

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes name.br and name.gz beside every text file of the build, once, at the best levels: the
 * server's static handler sends them by Accept-Encoding instead of compressing per request.
 */
function precompress(): Plugin {
  return {
    name: 'om-precompress',
    apply: 'build',
    async writeBundle() {
      const files = fs
        .readdirSync(outDir, { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.(js|css|html|svg|json|txt|wasm)$/.test(file))
        // The manifest (.vite/) is read by the server, never sent.
        .filter((file) => !file.startsWith('.vite'));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const data = fs.readFileSync(full);
          const br = await brotli(data, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          });
          fs.writeFileSync(`${full}.br`, br);
          fs.writeFileSync(
            `${full}.gz`,
            await gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
          );
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    proxy: {
      '/api': apiServer,
      '/content': apiServer,
      '/uploads': apiServer,
      // The swap service (ADR 017) keeps DotSwap's path, outside /api.
      '/brc20swap': apiServer,
    },
  },
  build: {
    outDir,
    emptyOutDir: true,
    // dist/.vite/manifest.json: the server reads it at start to modulepreload a route's chunks in
    // the index.html it answers for that route (apps/server/src/http/web-static-preload.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // LaserEyes is loaded only when someone picks an extension wallet; a named chunk makes
        // that visible in the build output.
        codeSplitting: {
          groups: [
            { name: 'lasereyes', test: /node_modules[\\/]@omnisat[\\/]lasereyes-core/ },
            // zod with the switch that turns its JIT off (zod-jitless.ts), in one chunk: every
            // schema chunk imports it, so the switch runs before the first schema is made.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]zod-jitless\.ts$/ },
          ],
        },
      },
    },
  },
});
