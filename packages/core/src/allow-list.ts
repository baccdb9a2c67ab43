import { isValidAddress, type BitcoinNetwork } from '@om/bitcoin';

// product.md#records, #validation: the allow list is text, one 'address' or 'address,allocation'
// per line.
export const invalidBtcAddressLine = (address: string) => `Invalid BTC address: "${address}"`;
export const MISSING_ALLOCATION = 'Missing allocation for address';
export const INVALID_ALLOCATION = 'Invalid allocation for address';
export const duplicatesRemovedWarning = (count: number) =>
  `Removed ${count} duplicate BTC address(es).`;
export const DEFAULT_ALLOCATION = 1;

export type AllowListEntry = { address: string; allocation: number };
export type AllowListError = { line: number; message: string };
export type AllowListOptions = {
  network: BitcoinNetwork;
  /** When true every address gets `allocation` and per-line allocations are not required. */
  isSameAllocation?: boolean;
  allocation?: number | string;
};
export type AllowListResult = {
  entries: AllowListEntry[];
  errors: AllowListError[];
  duplicatesRemoved: number;
  warning?: string;
};

function toAllocation(value: number | string | undefined): number | undefined {
  if (value === undefined || (typeof value === 'string' && value.trim() === '')) return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : undefined;
}

// Bech32 addresses are case-insensitive; base58 ones are not.
function addressKey(address: string): string {
  return /^(bc|tb|bcrt)1/i.test(address) ? address.toLowerCase() : address;
}

/**
 * Parses the allow list. Invalid addresses are reported and left out; a missing or invalid
 * allocation is reported unless the same allocation applies, and the entry falls back to 1
 * (or the shared allocation). Duplicates keep the higher allocation and produce a warning.
 */
export function parseAllowList(text: string, options: AllowListOptions): AllowListResult {
  const shared = toAllocation(options.allocation) ?? DEFAULT_ALLOCATION;
  const byAddress = new Map<string, AllowListEntry>();
  const errors: AllowListError[] = [];
  let duplicatesRemoved = 0;
  text.split(/\r?\n/).forEach((row, i) => {
    const line = i + 1;
    if (row.trim() === '') return;
    const [rawAddress = '', rawAllocation] = row.split(',').map((cell) => cell.trim());
    if (!isValidAddress(rawAddress, options.network)) {
      errors.push({ line, message: invalidBtcAddressLine(rawAddress) });
      return;
    }
    const parsed = toAllocation(rawAllocation);
    if (!options.isSameAllocation && parsed === undefined) {
      const missing = rawAllocation === undefined || rawAllocation === '';
      errors.push({ line, message: missing ? MISSING_ALLOCATION : INVALID_ALLOCATION });
    }
    const allocation = options.isSameAllocation ? shared : (parsed ?? DEFAULT_ALLOCATION);
    const key = addressKey(rawAddress);
    const existing = byAddress.get(key);
    if (existing) {
      duplicatesRemoved++;
      existing.allocation = Math.max(existing.allocation, allocation);
      return;
    }
    byAddress.set(key, { address: rawAddress, allocation });
  });
  const entries = [...byAddress.values()];
  const result: AllowListResult = { entries, errors, duplicatesRemoved };
  if (duplicatesRemoved > 0) result.warning = duplicatesRemovedWarning(duplicatesRemoved);
  return result;
}

/** The allow list text for entries, one 'address,allocation' per line. */
export function allowListToText(entries: readonly AllowListEntry[]): string {
  return entries.map((e) => `${e.address},${e.allocation}`).join('\n');
}

/** The CSV download of an allow list, with an 'address,allocation' header. */
export function allowListToCsv(entries: readonly AllowListEntry[]): string {
  return ['address,allocation', allowListToText(entries)].filter(Boolean).join('\n');
}

/** An uploaded CSV as allow list text: the first two columns, a header row dropped. */
export function allowListFromCsv(csv: string): string {
  const rows = csv
    .split(/\r?\n/)
    .map((row) =>
      row
        .split(',')
        .slice(0, 2)
        .map((cell) => cell.trim().replace(/^"|"$/g, '')),
    )
    .filter((cells) => (cells[0] ?? '') !== '');
  if (rows[0]?.[0]?.toLowerCase() === 'address') rows.shift();
  return rows.map((cells) => cells.filter((cell) => cell !== '').join(',')).join('\n');
}
