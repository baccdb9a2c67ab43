import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppDeps } from '../src/app-deps.ts';
import type { BitcoinRpc } from '../src/chain/rpc.ts';
import { resumeClaims, type InMempoolChecks } from '../src/claims/claimed-transactions.worker.ts';
import type { Db } from '../src/db/create-db.ts';
import { createTestDb, databaseKinds } from './helpers/test-app.ts';

// The claimed-transactions worker asks the node about a sent claim again only after a block or
// IN_MEMPOOL_RECHECK_MS (30 s), not on every mempool refresh; a pass without checks (a test's,
// a restart's first) asks about every claim.

describe.each(databaseKinds())('the claim worker’s mempool checks on %s', (kind) => {
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb(kind);
    await db.kysely
      .insertInto('claimed_transactions')
      .values({
        kind: 'purchase',
        ref: 'offer',
        hexes: ['00'],
        txids: ['ab'.repeat(32)],
        status: 'sent',
      })
      .execute();
  });
  afterAll(async () => {
    await db?.close();
  });

  it('asks about a claim in the mempool again after a block or 30 s', async () => {
    let tip = 100;
    const asked: string[] = [];
    const rpc = {
      getBlockCount: async () => tip,
      call: async (method: string, params: unknown[]) => {
        asked.push(`${method} ${String(params[0]).slice(0, 4)}`);
        return { confirmations: 0 }; // in the mempool
      },
    };
    const deps = {
      db,
      log: pino({ level: 'silent' }),
      chain: { rpc: rpc as unknown as BitcoinRpc },
    } as unknown as AppDeps;
    const checks: InMempoolChecks = new Map();
    const pass = async () => {
      asked.length = 0;
      await resumeClaims(deps, checks);
      return asked.length;
    };
    expect(await pass()).toBe(1);
    expect(asked).toEqual(['getrawtransaction abab']);
    expect(await pass()).toBe(0); // a mempool refresh: not asked again
    tip = 101;
    expect(await pass()).toBe(1); // a block
    expect(await pass()).toBe(0);
    const now = Date.now();
    const later = vi.spyOn(Date, 'now').mockReturnValue(now + 31_000);
    expect(await pass()).toBe(1); // 30 s on
    later.mockRestore();
    asked.length = 0;
    await resumeClaims(deps);
    expect(asked).toHaveLength(1); // no checks: every claim
    const [row] = await db.kysely.selectFrom('claimed_transactions').select('status').execute();
    expect(row?.status).toBe('sent');
  });
});
