import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  bytesToHex,
  compressedPublicKey,
  p2trAddress,
  p2wpkhAddress,
  privateKeyFromHex,
  privateKeyToWif,
} from '@om/bitcoin';
import { DEMO_SEED } from './demo-collections.ts';

// REGTEST ONLY. The demo's keys are derived from a public seed, so anyone can recompute them:
// they hold play money on a private regtest chain and must never receive real coins.

export type DemoOwner = {
  name: string;
  privateKey: Uint8Array;
  /** Taproot (BIP86): where the demo inscriptions live. */
  address: string;
  /** Native segwit of the same key: for paying fees when trading. */
  paymentAddress: string;
};

const DEMO_OWNER_NAMES = ['alice', 'bob', 'carol', 'dave', 'erin'] as const;

export function demoOwners(seed = DEMO_SEED): DemoOwner[] {
  return DEMO_OWNER_NAMES.map((name) => {
    const privateKey = demoKey(`${seed}/owner/${name}`);
    const publicKey = compressedPublicKey(privateKey);
    return {
      name,
      privateKey,
      address: p2trAddress(publicKey, 'regtest'),
      paymentAddress: p2wpkhAddress(publicKey, 'regtest'),
    };
  });
}

/** The key that funds the commits and signs the reveals; no inscription stays with it. */
export function demoInscriberKey(seed = DEMO_SEED): Uint8Array {
  return demoKey(`${seed}/inscriber`);
}

/** The owner an artwork is revealed to: a fixed choice per key, spread over the owners. */
export function ownerOf(key: string, owners: readonly DemoOwner[]): DemoOwner {
  const digest = createHash('sha256').update(key).digest();
  return owners[digest.readUInt32BE(0) % owners.length] as DemoOwner;
}

/**
 * Writes DATA_DIR/demo/owners.json (mode 0600) so later tools and tests can list and sell the
 * demo inscriptions with the owners' keys. Regtest keys only.
 */
export function writeOwnersFile(dataDir: string, owners: readonly DemoOwner[]): string {
  const dir = path.join(dataDir, 'demo');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, 'owners.json');
  const document = {
    network: 'regtest',
    warning: 'Regtest demo keys derived from a public seed. Never send real bitcoin to them.',
    owners: owners.map((o) => ({
      name: o.name,
      address: o.address,
      paymentAddress: o.paymentAddress,
      publicKey: bytesToHex(compressedPublicKey(o.privateKey)),
      privateKey: bytesToHex(o.privateKey),
      wif: privateKeyToWif(o.privateKey, 'regtest'),
    })),
  };
  fs.writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600); // writeFileSync's mode applies only when it creates the file
  return file;
}

function demoKey(label: string): Uint8Array {
  return privateKeyFromHex(createHash('sha256').update(label).digest('hex'));
}
