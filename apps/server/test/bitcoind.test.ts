import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import {
  BITCOIND_SHA256,
  RegtestNode,
  bitcoindPath,
  verifyBitcoind,
} from '../src/chain/bitcoind.ts';
import { freePort } from './helpers/regtest.ts';

describe('the embedded bitcoind', () => {
  it('is the pinned Bitcoin Core 30.2 binary', () => {
    expect(() => verifyBitcoind(bitcoindPath())).not.toThrow();
  });

  it('refuses a binary whose SHA-256 differs, naming both hashes', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'om-fake-'));
    const fake = path.join(dir, 'bitcoind');
    fs.writeFileSync(fake, '#!/bin/sh\necho not bitcoin\n', { mode: 0o755 });
    try {
      expect(() => verifyBitcoind(fake)).toThrow(`expected ${BITCOIND_SHA256} (Bitcoin Core 30.2)`);
      expect(() => verifyBitcoind(fake)).toThrow(/^Refusing to start bitcoind/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stops a bitcoind left running on its datadir by a killed server, then starts', async () => {
    const datadir = fs.mkdtempSync(path.join(os.tmpdir(), 'om-regtest-'));
    const orphan = new RegtestNode({ datadir, rpcPort: await freePort() });
    const next = new RegtestNode({ datadir, rpcPort: await freePort() });
    try {
      await orphan.start();
      const pid = Number(fs.readFileSync(path.join(datadir, 'regtest', 'bitcoind.pid'), 'utf8'));
      await next.start(); // would fail on the datadir lock if the orphan still ran
      expect(await next.rpc.getBlockCount()).toBe(0);
      expect(() => process.kill(pid, 0)).toThrow();
    } finally {
      await next.stop();
      await orphan.stop();
      fs.rmSync(datadir, { recursive: true, force: true });
    }
  });

  it('is restarted when it dies, on the same chain', async () => {
    const datadir = fs.mkdtempSync(path.join(os.tmpdir(), 'om-regtest-'));
    const restarts: (number | null)[] = [];
    const node = new RegtestNode({
      datadir,
      rpcPort: await freePort(),
      onRestart: (code) => restarts.push(code),
    });
    try {
      await node.start();
      const wallet = await node.rpc.createWallet('w');
      expect(wallet.name).toBe('w');
      await node.rpc.generateToAddress(3, await node.rpc.forWallet('w').getNewAddress());
      // gettxoutsetinfo flushes the chain state, as Core does on its own every so often: a kill
      // before any flush loses unflushed blocks, which is Core's crash semantics, not ours.
      await node.rpc.call('gettxoutsetinfo');
      node.crashForTest();
      let height = -1;
      for (let i = 0; i < 100 && height < 0; i++) {
        await sleep(200);
        height = await node.rpc.getBlockCount().catch(() => -1);
      }
      expect(restarts).toHaveLength(1);
      expect(height).toBe(3);
    } finally {
      await node.stop();
      fs.rmSync(datadir, { recursive: true, force: true });
    }
  });
});
