import fs from 'node:fs';
import path from 'node:path';
import { bytesToHex, chargeOf, deriveOrderKey, privateKeyFromHex } from '@om/bitcoin';
import type { Env } from '../../../env.ts';
import { platformFeeAddress } from '../../../trading/platform-fee.ts';
import { cosignerSecret } from '../../../trading/cosigner.ts';

// The rewards wallet (ADR 020): one platform key, HMAC-SHA256(cosigner secret,
// "om/rewards-wallet/v1|main") mod n as the swap pools' keys are, never stored; its key-path
// taproot address is what an operator funds and where every payout's change goes.

export type WalletKey = {
  privateKey: Uint8Array;
  address: string;
  script: Uint8Array;
  pkscript: string;
};

const wallets = new WeakMap<Env, WalletKey>();

export function rewardsWallet(env: Env): WalletKey {
  const known = wallets.get(env);
  if (known) return known;
  const key = walletKey(deriveOrderKey(cosignerSecret(env), 'rewards-wallet', 'main'), env);
  wallets.set(env, key);
  return key;
}

/**
 * The keys payouts spend from: the rewards wallet, and on regtest the platform fee address too
 * (its key is the one platform-fee.ts keeps in DATA_DIR), so the fees really pay the holders.
 * Elsewhere the fee address is an operator's own wallet: it funds the rewards wallet by hand.
 */
export function payoutKeys(env: Env): WalletKey[] {
  const keys = [rewardsWallet(env)];
  const fee = regtestFeeKey(env);
  if (fee) keys.push(fee);
  return keys;
}

function regtestFeeKey(env: Env): WalletKey | undefined {
  if (env.BITCOIN_NETWORK !== 'regtest' || env.PLATFORM_FEE_ADDRESS) return undefined;
  const address = platformFeeAddress(env);
  const file = path.join(env.dataDir, 'secrets', 'platform-fee-key');
  if (!address || !fs.existsSync(file)) return undefined;
  const key = walletKey(privateKeyFromHex(fs.readFileSync(file, 'utf8').trim()), env);
  return key.address === address ? key : undefined;
}

function walletKey(privateKey: Uint8Array, env: Env): WalletKey {
  const { address, script } = chargeOf(privateKey, env.BITCOIN_NETWORK);
  return { privateKey, address, script, pkscript: bytesToHex(script) };
}

/** How deep a draw block or a cycle's last block must be before it is paid. */
export function rewardConfirmations(env: Env): number {
  return env.REWARD_PAYOUT_CONFIRMATIONS ?? (env.BITCOIN_NETWORK === 'regtest' ? 1 : 6);
}
