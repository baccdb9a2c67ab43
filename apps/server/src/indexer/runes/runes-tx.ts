import { decipherRunestone, type Artifact } from '@om/bitcoin';
import { btcToSats } from '../../chain/rpc.ts';
import type { RawBlock } from './raw-block.ts';
import type { RunesBlockInput, RunesState, RunesTx } from './runes.types.ts';

/** What the runes index reads of bitcoind's `getblock <hash> 3`: each input's prevout has its height. */
export interface RunesRpcBlock {
  hash: string;
  height: number;
  time: number;
  tx: {
    txid: string;
    vin: {
      txid?: string;
      vout?: number;
      coinbase?: string;
      txinwitness?: string[];
      prevout?: { height: number; scriptPubKey: { hex: string } };
    }[];
    vout: { value: number; scriptPubKey: { hex: string; address?: string } }[];
  }[];
}

const TAPROOT_ANNEX_PREFIX = 0x50;

const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));

/**
 * The tapscript of a script-path spend: the element before the control block, the annex (a last
 * element starting 0x50, when there are two or more) set aside first, as Bitcoin's Witness does.
 */
export function witnessTapscript(witness: readonly string[] | undefined): Uint8Array | undefined {
  if (!witness) return undefined;
  const last = witness.at(-1);
  const hasAnnex = witness.length > 1 && last?.startsWith(TAPROOT_ANNEX_PREFIX.toString(16));
  const position = hasAnnex ? 3 : 2;
  if (witness.length < position) return undefined;
  return bytes(witness[witness.length - position]!);
}

function etches(artifact: Artifact | undefined): boolean {
  if (!artifact) return false;
  return artifact.kind === 'runestone'
    ? artifact.runestone.etching !== undefined
    : artifact.cenotaph.etching !== undefined;
}

/**
 * The node's block as the runes transition reads it: each transaction's runestone deciphered once,
 * here; tapscripts and prevouts (script and height, from the node's undo data) only for the
 * transactions that etch, the only ones whose commitment is checked.
 */
export function runesBlockInput(raw: RunesRpcBlock): {
  input: RunesBlockInput;
  prevouts: RunesState['prevouts'];
} {
  const prevouts: RunesState['prevouts'] = new Map();
  const txs = raw.tx.map((tx): RunesTx => {
    const outputs = tx.vout.map((o) => ({
      script: bytes(o.scriptPubKey.hex),
      value: btcToSats(o.value),
    }));
    const artifact = decipherRunestone({ outputs });
    const spends = tx.vin.filter((v) => v.coinbase === undefined);
    const inputs = spends.map((v) => `${v.txid}:${v.vout}`);
    const isEtching = etches(artifact);
    if (isEtching) {
      spends.forEach((v, i) => {
        if (v.prevout) {
          const { height, scriptPubKey } = v.prevout;
          prevouts.set(inputs[i]!, { script: bytes(scriptPubKey.hex), height });
        }
      });
    }
    return {
      txid: tx.txid,
      inputs,
      tapscripts: spends.map((v) => (isEtching ? witnessTapscript(v.txinwitness) : undefined)),
      outputs,
      ...(artifact ? { artifact } : {}),
    };
  });
  return { input: { height: raw.height, timestamp: raw.time, txs }, prevouts };
}

/**
 * A raw block (`getblock <hash> 0`) as the runes transition reads it, or undefined when one of
 * its transactions etches: an etching's commitment needs its inputs' prevouts, which only the
 * node's undo data has (`getblock <hash> 3`, runesBlockInput). Most blocks etch nothing.
 */
export function runesRawBlockInput(height: number, raw: RawBlock): RunesBlockInput | undefined {
  const txs: RunesTx[] = [];
  for (const tx of raw.txs) {
    const artifact = decipherRunestone({ outputs: tx.outputs });
    if (etches(artifact)) return undefined;
    txs.push({
      txid: tx.txid,
      inputs: tx.inputs.map((i) => `${i.txid}:${i.vout}`),
      tapscripts: tx.inputs.map(() => undefined),
      outputs: tx.outputs,
      ...(artifact ? { artifact } : {}),
    });
  }
  return { height, timestamp: raw.time, txs };
}
