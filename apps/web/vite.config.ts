import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server (apps/server) serves /api and inscription /content on :3000 and, in production,
// this build from apps/web/dist. In development Vite proxies both to it.
const apiServer = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
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
