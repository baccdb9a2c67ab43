import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isAddressOfPublicKey, compressedPublicKey, privateKeyFromWif } from '@om/bitcoin';
import { describe, expect, it } from 'vitest';
import { demoArtworks, demoCollections } from './demo-collections.ts';
import { demoInscriberKey, demoOwners, ownerOf, writeOwnersFile } from './demo-owners.ts';

describe('demo owners', () => {
  const owners = demoOwners();
  const collections = demoCollections();

  it('derives the same five regtest keys on every run, with taproot and segwit addresses', () => {
    expect(demoOwners().map((o) => o.address)).toEqual(owners.map((o) => o.address));
    expect(owners.map((o) => o.name)).toEqual(['alice', 'bob', 'carol', 'dave', 'erin']);
    for (const o of owners) {
      expect(o.address).toMatch(/^bcrt1p[02-9ac-hj-np-z]{58}$/);
      expect(o.paymentAddress).toMatch(/^bcrt1q[02-9ac-hj-np-z]{38}$/);
      expect(isAddressOfPublicKey(compressedPublicKey(o.privateKey), o.address, 'regtest')).toBe(
        true,
      );
    }
    expect(new Set(owners.map((o) => o.address)).size).toBe(5);
    expect(owners.map((o) => o.privateKey)).not.toContainEqual(demoInscriberKey());
  });

  it('spreads every collection over several owners, always the same owner per artwork', () => {
    for (const c of collections) {
      const holders = new Set(c.items.map((i) => ownerOf(i.key, owners).name));
      expect(holders.size).toBeGreaterThanOrEqual(4);
    }
    const keys = demoArtworks(collections).map((a) => a.key);
    expect(keys.map((k) => ownerOf(k, owners).name)).toEqual(
      keys.map((k) => ownerOf(k, demoOwners()).name),
    );
  });

  it('writes DATA_DIR/demo/owners.json readable by its owner only, with keys matching addresses', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'om-demo-owners-'));
    try {
      const file = writeOwnersFile(dataDir, owners);
      expect(file).toBe(path.join(dataDir, 'demo', 'owners.json'));
      fs.chmodSync(file, 0o644);
      writeOwnersFile(dataDir, owners); // a rewrite restores the mode
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const saved = JSON.parse(fs.readFileSync(file, 'utf8'));
      expect(saved.network).toBe('regtest');
      expect(saved.owners).toHaveLength(5);
      for (const [i, o] of saved.owners.entries()) {
        expect(o.address).toBe(owners[i]!.address);
        const key = privateKeyFromWif(o.wif)?.privateKey;
        expect(Buffer.from(key!).toString('hex')).toBe(o.privateKey);
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
