import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';

describe('loadEnv', () => {
  it('runs everything in one process by default, the embedded default needing nothing', () => {
    expect(loadEnv({}).RUN_MODE).toBe('all');
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
  });

  it('refuses a process apart without the shared database, node and secrets, naming them', () => {
    expect(() => loadEnv({ RUN_MODE: 'api' })).toThrow(
      'RUN_MODE=api needs DATABASE_URL: the embedded database belongs to one process.',
    );
    const db = { DATABASE_URL: 'postgres://127.0.0.1/om' };
    expect(() => loadEnv({ RUN_MODE: 'indexer', ...db })).toThrow(
      'RUN_MODE=indexer needs BITCOIND_RPC_URL: the embedded node belongs to one process.',
    );
    const node = { ...db, BITCOIND_RPC_URL: 'http://u:p@127.0.0.1:18443' };
    expect(() => loadEnv({ RUN_MODE: 'worker', ...node })).toThrow(
      'RUN_MODE=worker needs JWT_SECRET, COSIGNER_SECRET, PLATFORM_FEE_ADDRESS.',
    );
    const env = loadEnv({
      RUN_MODE: 'worker',
      ...node,
      JWT_SECRET: 'x'.repeat(32),
      COSIGNER_SECRET: 'ab'.repeat(32),
      PLATFORM_FEE_BPS: '0',
    });
    expect(env.RUN_MODE).toBe('worker');
    expect(() => loadEnv({ RUN_MODE: 'everything' })).toThrow('RUN_MODE');
  });

  it('reads TRUST_PROXY as every hop or the proxies’ addresses', () => {
    expect(loadEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).TRUST_PROXY).toBe(
      '10.0.0.0/8,127.0.0.1',
    );
  });
});
