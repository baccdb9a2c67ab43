import { useSyncExternalStore } from 'react';

/** product.md#records: the BRC-20 mint record, kept locally (per network, in localStorage). */
export type MintRecord = {
  orderId: string;
  ticker: string;
  /** The payment's txid. */
  txId: string;
  mintsAmount: number;
  /** amt × count, as a decimal string (the wire form). */
  tokensAmount: string;
  feeRate: number;
  status: 'pending' | 'completed';
  receiverAddress: string;
  timestamp: number;
};

const storageKey = (network: string) => `om.brc20-mints.${network}`;
const listeners = new Set<() => void>();
const EMPTY: MintRecord[] = [];
// useSyncExternalStore wants the same array until something changes.
const cache = new Map<string, { raw: string | null; records: MintRecord[] }>();

function isRecord(value: unknown): value is MintRecord {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return (
    typeof r.orderId === 'string' &&
    typeof r.ticker === 'string' &&
    typeof r.tokensAmount === 'string' &&
    (r.status === 'pending' || r.status === 'completed')
  );
}

export function readMintRecords(network: string): MintRecord[] {
  const raw = localStorage.getItem(storageKey(network));
  const cached = cache.get(network);
  if (cached && cached.raw === raw) return cached.records;
  let records = EMPTY;
  try {
    const parsed = raw ? (JSON.parse(raw) as unknown) : [];
    records = Array.isArray(parsed) ? parsed.filter(isRecord) : EMPTY;
  } catch {
    records = EMPTY;
  }
  cache.set(network, { raw, records });
  return records;
}

function write(network: string, records: MintRecord[]): void {
  localStorage.setItem(storageKey(network), JSON.stringify(records));
  for (const listener of listeners) listener();
}

/** Newest first; a record of the same order replaces the old one. */
export function addMintRecord(network: string, record: MintRecord): void {
  const others = readMintRecords(network).filter((r) => r.orderId !== record.orderId);
  write(network, [record, ...others]);
}

/**
 * Marks a pending record completed; true only for the call that changed it, so the toast shows
 * once even when two pollers see the same completed order.
 */
export function completeMintRecord(network: string, orderId: string): boolean {
  const records = readMintRecords(network);
  if (!records.some((r) => r.orderId === orderId && r.status === 'pending')) return false;
  write(
    network,
    records.map((r) => (r.orderId === orderId ? { ...r, status: 'completed' as const } : r)),
  );
  return true;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = () => listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The network's mint records, kept current across components and tabs. */
export function useMintRecords(network: string | undefined): MintRecord[] {
  return useSyncExternalStore(subscribe, () => (network ? readMintRecords(network) : EMPTY));
}
