import { bytesToHex, chargeOf, compressedPublicKey, deriveOrderKey } from '@om/bitcoin';
import type { Env } from '../../env.ts';
import { cosignerSecret } from '../../trading/cosigner.ts';

// A pool (ADR 017) is one tick against BTC, held by one platform key: HMAC-SHA256(cosigner
// secret, "om/swap-pool/v1|{tick}") mod n, never stored. Its key-path taproot address holds both
// sides: the BTC as cardinal coins, the tokens as the BRC-20 index's balance of its pkscript.

export type PoolKeys = {
  tick: string;
  privateKey: Uint8Array;
  /** 33 bytes: what the PSBT's key fields take (the taproot key is its x-only part). */
  publicKey: Uint8Array;
  address: string;
  script: Uint8Array;
  /** Hex, as the BRC-20 index keys balances. */
  pkscript: string;
};

const memo = new WeakMap<Env, Map<string, PoolKeys>>();

/** The pool of `tick` (lower case, as the index keys it). */
export function poolKeys(env: Env, tick: string): PoolKeys {
  let pools = memo.get(env);
  if (!pools) memo.set(env, (pools = new Map()));
  const known = pools.get(tick);
  if (known) return known;
  const privateKey = deriveOrderKey(cosignerSecret(env), 'swap-pool', tick);
  const { address, script } = chargeOf(privateKey, env.BITCOIN_NETWORK);
  const keys = {
    tick,
    privateKey,
    publicKey: compressedPublicKey(privateKey),
    address,
    script,
    pkscript: bytesToHex(script),
  };
  pools.set(tick, keys);
  return keys;
}
