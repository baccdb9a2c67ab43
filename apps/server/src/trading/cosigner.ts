import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  bytesToHex,
  compressedPublicKey,
  hexToBytes,
  platformKeyForScript,
  type Cosigner,
} from '@om/bitcoin';
import type { Env } from '../env.ts';

/**
 * The secret the platform's multisig keys are derived from (ADR 009): COSIGNER_SECRET, or on
 * regtest 32 random bytes kept in DATA_DIR (as the fee key and the sign-in secret are). env.ts
 * requires the variable elsewhere. Read once per Env; never logged.
 */
const secrets = new WeakMap<Env, Uint8Array>();

export function cosignerSecret(env: Env): Uint8Array {
  const known = secrets.get(env);
  if (known) return known;
  const secret = env.COSIGNER_SECRET ? hexToBytes(env.COSIGNER_SECRET) : regtestSecret(env);
  secrets.set(env, secret);
  return secret;
}

type KeyPair = { privateKey: Uint8Array; publicKey: Uint8Array };
const cosigners = new WeakMap<Env, Cosigner>();
/** Wallets whose keys are kept derived; beyond that the memo starts over. */
const MEMO_MAX = 10_000;

/**
 * The finalizer's callback: the platform key pair of a witness script of ours, or undefined.
 * Derivations are memoized per script: each costs two scalar multiplications, and the same
 * wallets co-sign again and again.
 */
export function cosignerFor(env: Env): Cosigner {
  const known = cosigners.get(env);
  if (known) return known;
  const secret = cosignerSecret(env);
  const memo = new Map<string, KeyPair | null>();
  const cosigner: Cosigner = (witnessScript) => {
    const hex = bytesToHex(witnessScript);
    let pair = memo.get(hex);
    if (pair === undefined) {
      const privateKey = platformKeyForScript(secret, witnessScript);
      pair = privateKey ? { privateKey, publicKey: compressedPublicKey(privateKey) } : null;
      if (memo.size >= MEMO_MAX) memo.clear();
      memo.set(hex, pair);
    }
    return pair ?? undefined;
  };
  cosigners.set(env, cosigner);
  return cosigner;
}

function regtestSecret(env: Env): Uint8Array {
  if (env.BITCOIN_NETWORK !== 'regtest') {
    throw new Error(`COSIGNER_SECRET is required on ${env.BITCOIN_NETWORK}.`);
  }
  const file = path.join(env.dataDir, 'secrets', 'cosigner-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, bytesToHex(randomBytes(32)), { mode: 0o600 });
  }
  return hexToBytes(fs.readFileSync(file, 'utf8').trim());
}
