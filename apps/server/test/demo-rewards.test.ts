import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoRewards } from '../src/features/demo/demo-rewards.ts';
import { rewardsWallet } from '../src/features/rewards/payouts/rewards-wallet.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import { api } from './helpers/trading.ts';

// ADR 020: the regtest demo's pools pay from the rewards wallet, which the demo funds from the
// faucet when it holds too little, and leaves alone once it holds enough.

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

describe.each(databaseKinds())('the demo rewards wallet on %s', (kind) => {
  // Each database its own DATA_DIR, so its own rewards wallet on the shared node.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'om-demo-rewards-'));
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, node, { DATA_DIR: dataDir });
    await t.sync();
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('funds an empty rewards wallet once, and shows the confirmed balance on /api/rewards/wallet', async () => {
    const first = await seedDemoRewards({ market: t.deps, faucet: node.faucet });
    expect(first).toMatchObject({ status: 'funded', address: rewardsWallet(t.deps.env).address });
    await node.faucet.mine(1);
    await t.sync();

    const wallet = await api(t, 'GET', '/api/rewards/wallet');
    expect(wallet.status).toBe(200);
    expect(wallet.body.payload).toMatchObject({ address: first.address, balance: '5000000' });
    expect(await seedDemoRewards({ market: t.deps, faucet: node.faucet })).toEqual({
      status: 'already-funded',
      address: first.address,
    });
  });
});
