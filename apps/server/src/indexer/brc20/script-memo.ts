import { addressToScriptHex, scriptHexToAddress, type BitcoinNetwork } from '@om/bitcoin';

/** Address ↔ pkscript conversions for one network, remembered across the blocks of a run. */
export interface ScriptMemo {
  /** The hex pkscript of an address the node named (no curve check). */
  pkscript(address: string): string;
  /** The address of a hex pkscript, or null (OP_RETURN, nonstandard, ''). */
  address(pkscript: string): string | null;
}

/** Entries kept per direction before starting over: a few MB, far more than a batch's holders. */
const MAX_ENTRIES = 100_000;

function memoised<T>(convert: (key: string) => T): (key: string) => T {
  const known = new Map<string, T>();
  return (key) => {
    const hit = known.get(key);
    if (hit !== undefined || known.has(key)) return hit as T;
    if (known.size >= MAX_ENTRIES) known.clear();
    const value = convert(key);
    known.set(key, value);
    return value;
  };
}

/**
 * The same holders come back block after block, and converting was a fifth of the BRC-20 index's
 * time (bech32 and base58check in JS): each distinct script is converted once per run.
 */
export function scriptMemo(network: BitcoinNetwork): ScriptMemo {
  return {
    pkscript: memoised((address) => addressToScriptHex(address, network)),
    address: memoised((pkscript) => scriptHexToAddress(pkscript, network)),
  };
}
