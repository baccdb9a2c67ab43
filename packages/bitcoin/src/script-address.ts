import { sha256 } from '@noble/hashes/sha2.js';
import { bech32, bech32m, createBase58check } from '@scure/base';
import { bytesToHex, hexToBytes } from './bytes.ts';
import { networkParams, type BitcoinNetwork } from './networks.ts';

// Output script ↔ address for the standard forms, as Bitcoin Core names outputs (getblock's
// scriptPubKey.address): P2PKH, P2SH and every witness version (v0 bech32, v1..16 bech32m). No
// curve check: an indexer converts millions of scripts the node already validated, and lifting a
// taproot key onto the curve (what a full address decoder does) was most of the BRC-20 index's
// time. Addresses typed by users go through isValidAddress instead.

const base58check = createBase58check(sha256);
const OP_0 = 0x00;
const OP_1 = 0x51;
const OP_16 = 0x60;

/** The address of a hex output script on `network`, or null when it has none (OP_RETURN, P2PK, nonstandard). */
export function scriptHexToAddress(scriptHex: string, network: BitcoinNetwork): string | null {
  const script = hexToBytes(scriptHex);
  const params = networkParams(network);
  const n = script.length;
  if (n === 25 && scriptHex.startsWith('76a914') && scriptHex.endsWith('88ac')) {
    return base58check.encode(Uint8Array.from([params.pubKeyHash, ...script.subarray(3, 23)]));
  }
  if (n === 23 && scriptHex.startsWith('a914') && scriptHex.endsWith('87')) {
    return base58check.encode(Uint8Array.from([params.scriptHash, ...script.subarray(2, 22)]));
  }
  const op = script[0]!;
  const isVersion = op === OP_0 || (op >= OP_1 && op <= OP_16);
  if (n < 4 || n > 42 || !isVersion || script[1] !== n - 2) return null;
  const version = op === OP_0 ? 0 : op - OP_1 + 1;
  const program = script.subarray(2);
  if (version === 0) {
    if (program.length !== 20 && program.length !== 32) return null;
    return bech32.encode(params.bech32, [0, ...bech32.toWords(program)]);
  }
  return bech32m.encode(params.bech32, [version, ...bech32m.toWords(program)], false);
}

/** The hex output script of an address that scriptHexToAddress (or the node) produced on `network`. */
export function addressToScriptHex(address: string, network: BitcoinNetwork): string {
  const params = networkParams(network);
  if (address.toLowerCase().startsWith(`${params.bech32}1`)) {
    const version = address.toLowerCase()[params.bech32.length + 1] === 'q' ? 0 : 1;
    const coder = version === 0 ? bech32 : bech32m;
    const { words } = coder.decode(address as `${string}1${string}`, false);
    const [witnessVersion = 0, ...rest] = words;
    const program = coder.fromWords(rest);
    const op = witnessVersion === 0 ? OP_0 : OP_1 + witnessVersion - 1;
    return bytesToHex(Uint8Array.from([op, program.length, ...program]));
  }
  const payload = base58check.decode(address);
  const hash = bytesToHex(payload.subarray(1));
  if (payload[0] === params.pubKeyHash) return `76a914${hash}88ac`;
  if (payload[0] === params.scriptHash) return `a914${hash}87`;
  throw new Error(`${address} is no address of ${network}`);
}
