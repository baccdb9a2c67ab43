import type { KnipConfig } from 'knip';

/**
 * The unused-code check of `npm run lint` (issue 19): files, exports and dependencies nothing
 * uses. Tests are entry points: a unit test may import what the product does not (yet) use
 * only through the file it tests, which counts as a use.
 */
const config: KnipConfig = {
  // vitest.config.ts names the web project's setup file relative to that project's root.
  ignoreUnresolved: ['./src/test/setup.ts'],
  workspaces: {
    '.': {
      // phase.ts runs in a child process the indexer benchmark spawns by path.
      entry: [
        'scripts/**/main.ts',
        'scripts/*/*.ts',
        'scripts/bench/indexer/phase.ts',
        // Run by hand on a profile the launch benchmark wrote.
        'scripts/bench/launch/summarize-profile.ts',
        'e2e/**/*.test.ts',
      ],
      project: ['scripts/**/*.ts', 'e2e/**/*.ts'],
      // The benchmarks and scripts drive the server with its own packages (hoisted by npm
      // workspaces): declaring them twice would let the two versions drift apart.
      ignoreDependencies: ['pg', 'kysely', 'pino', 'fastify', '@scure/base', '@noble/curves'],
      ignoreBinaries: ['tsx'],
    },
    'apps/server': {
      // The children and the preload that tests spawn by path.
      entry: [
        'src/**/*.test.ts',
        'test/**/*.test.ts',
        'test/helpers/*-child.ts',
        'test/helpers/crash-on-broadcast.ts',
      ],
      project: ['src/**/*.ts', 'test/**/*.ts'],
      // Loaded by name: pino's transport in development.
      ignoreDependencies: ['pino-pretty'],
      // The system's: rpc.test makes a certificate with it, and skips where it is missing.
      ignoreBinaries: ['openssl'],
    },
    'apps/web': {
      entry: ['src/**/*.test.{ts,tsx}'],
      project: ['src/**/*.{ts,tsx,css}'],
      // Named by the test runner's config (its environment).
      ignoreDependencies: ['jsdom'],
    },
    'packages/*': {
      entry: ['src/**/*.test.ts'],
      project: ['src/**/*.ts'],
    },
  },
};

export default config;
