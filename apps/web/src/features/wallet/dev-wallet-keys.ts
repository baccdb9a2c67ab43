import {
  bytesToHex,
  compressedPublicKey,
  p2trAddress,
  p2wpkhAddress,
  privateKeyFromHex,
  privateKeyToHex,
  randomPrivateKey,
  type BitcoinNetwork,
} from '@om/bitcoin';
import type { WalletAddresses } from './wallet.types.ts';
import {
  readDevWalletRecord,
  writeDevWalletRecord,
  type DevPaymentType,
} from './dev-wallet-settings.ts';

/** Two keys, as real wallets have: one pays (P2WPKH or P2TR), one holds inscriptions (P2TR). */
export type DevWalletKeys = {
  paymentPrivateKey: Uint8Array;
  ordinalsPrivateKey: Uint8Array;
  paymentType: DevPaymentType;
};

function parseKey(hex: string | undefined): Uint8Array | undefined {
  if (!hex) return undefined;
  try {
    return privateKeyFromHex(hex);
  } catch (error) {
    console.warn('Replacing an invalid Dev wallet key', error);
    return undefined;
  }
}

/** The browser's Dev wallet keys, created (and saved) on first use. */
export function loadDevWalletKeys(storage: Storage = localStorage): DevWalletKeys {
  const record = readDevWalletRecord(storage);
  const paymentPrivateKey = parseKey(record.paymentPrivateKey) ?? randomPrivateKey();
  const ordinalsPrivateKey = parseKey(record.ordinalsPrivateKey) ?? randomPrivateKey();
  const paymentType: DevPaymentType = record.paymentType === 'p2tr' ? 'p2tr' : 'p2wpkh';
  writeDevWalletRecord(
    {
      paymentPrivateKey: privateKeyToHex(paymentPrivateKey),
      ordinalsPrivateKey: privateKeyToHex(ordinalsPrivateKey),
      paymentType,
    },
    storage,
  );
  return { paymentPrivateKey, ordinalsPrivateKey, paymentType };
}

/** Public keys are the 33-byte compressed form; taproot users take the x-only part of it. */
export function devWalletAddresses(keys: DevWalletKeys, network: BitcoinNetwork): WalletAddresses {
  const paymentKey = compressedPublicKey(keys.paymentPrivateKey);
  const ordinalsKey = compressedPublicKey(keys.ordinalsPrivateKey);
  const paymentAddress =
    keys.paymentType === 'p2tr'
      ? p2trAddress(paymentKey, network)
      : p2wpkhAddress(paymentKey, network);
  return {
    paymentAddress,
    paymentPublicKey: bytesToHex(paymentKey),
    ordinalsAddress: p2trAddress(ordinalsKey, network),
    ordinalsPublicKey: bytesToHex(ordinalsKey),
  };
}
