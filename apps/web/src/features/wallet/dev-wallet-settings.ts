/**
 * The Dev wallet's record in localStorage: its two private keys (hex) and which kind of payment
 * address it uses. Regtest only: keys in a web page are fine for play money, never for real coins.
 */
export const DEV_WALLET_STORAGE_KEY = 'om.devWallet';

export type DevPaymentType = 'p2wpkh' | 'p2tr';

export type DevWalletRecord = {
  paymentPrivateKey?: string;
  ordinalsPrivateKey?: string;
  paymentType?: DevPaymentType;
};

export function readDevWalletRecord(storage: Storage = localStorage): DevWalletRecord {
  const raw = storage.getItem(DEV_WALLET_STORAGE_KEY);
  if (!raw) return {};
  try {
    const value = JSON.parse(raw) as unknown;
    return typeof value === 'object' && value !== null ? (value as DevWalletRecord) : {};
  } catch (error) {
    console.warn('Ignoring an unreadable Dev wallet record', error);
    return {};
  }
}

export function writeDevWalletRecord(record: DevWalletRecord, storage: Storage = localStorage) {
  storage.setItem(DEV_WALLET_STORAGE_KEY, JSON.stringify(record));
}

export function readDevPaymentType(storage: Storage = localStorage): DevPaymentType {
  return readDevWalletRecord(storage).paymentType === 'p2tr' ? 'p2tr' : 'p2wpkh';
}

export function writeDevPaymentType(paymentType: DevPaymentType, storage: Storage = localStorage) {
  writeDevWalletRecord({ ...readDevWalletRecord(storage), paymentType }, storage);
}
