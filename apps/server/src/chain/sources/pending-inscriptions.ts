import { flowToOutputs } from '@om/bitcoin';
import { decodePointer, hexToBytes, parseEnvelopes } from '@om/bitcoin';
import type { TxDetails } from './chain-source.ts';
import type { PlacedInscription } from './local-queries.ts';

/** Inscriptions on a confirmed outpoint, or undefined when the index does not know the outpoint. */
export type ConfirmedInscriptions = (outpoint: string) => PlacedInscription[] | undefined;

/**
 * Where mempool transactions put inscriptions, before any block confirms them: ord's first-in-
 * first-out flow (src/index/updater/inscription_updater.rs) applied to each transaction in
 * dependency order. Old inscriptions move with their sats; a new envelope's inscription starts at
 * the first sat of its input, or at its pointer when that is inside the outputs. Answers every output
 * of every transaction whose inputs are all known, with an empty list for an output that holds none;
 * outputs of a transaction spending something unknown are absent (the caller treats them as
 * possibly inscribed). Inscriptions sent to fees are dropped: they go to a future coinbase.
 */
export function placePendingInscriptions(
  txs: readonly TxDetails[],
  confirmed: ConfirmedInscriptions,
): Map<string, PlacedInscription[]> {
  const byTxid = new Map(txs.map((tx) => [tx.txid, tx]));
  const placed = new Map<string, PlacedInscription[]>();
  const visited = new Set<string>();

  const onInput = (outpoint: string): PlacedInscription[] | undefined => {
    const parent = byTxid.get(outpoint.slice(0, 64));
    if (!parent) return confirmed(outpoint);
    place(parent);
    return placed.get(outpoint);
  };

  const place = (tx: TxDetails): void => {
    if (visited.has(tx.txid)) return;
    visited.add(tx.txid);
    const flotsam = txFlotsam(tx, onInput);
    if (!flotsam) return;
    const outputs = tx.vout.map((o) => ({
      value: o.value,
      script: new Uint8Array(),
      address: null,
    }));
    const flow = flowToOutputs(
      flotsam.sort((a, b) => (a.offset < b.offset ? -1 : a.offset > b.offset ? 1 : 0)),
      outputs,
    );
    tx.vout.forEach((_, vout) => placed.set(`${tx.txid}:${vout}`, []));
    for (const { item, vout, offset } of flow.placed) {
      placed.get(`${tx.txid}:${vout}`)?.push({ id: item.id, offset });
    }
  };

  txs.forEach(place);
  return placed;
}

/** Every inscription entering the transaction, at its offset among the inputs' sats. */
function txFlotsam(
  tx: TxDetails,
  onInput: (outpoint: string) => PlacedInscription[] | undefined,
): PlacedInscription[] | undefined {
  if (tx.vin.some((i) => i.isCoinbase || !i.prevout)) return undefined;
  const totalOutput = tx.vout.reduce((sum, o) => sum + o.value, 0n);
  const envelopes = parseEnvelopes(tx.vin.map((i) => i.witness.map(hexToBytes)));
  const flotsam: PlacedInscription[] = [];
  let inputStart = 0n;
  for (const [index, input] of tx.vin.entries()) {
    const old = onInput(`${input.txid}:${input.vout}`);
    if (!old) return undefined;
    for (const { id, offset } of old) flotsam.push({ id, offset: inputStart + offset });
    const value = input.prevout?.value ?? 0n;
    envelopes.forEach((envelope, n) => {
      // A zero-value input or an unrecognised even field makes it unbound: on no output.
      if (envelope.input !== index || value === 0n || envelope.fields.unrecognizedEvenField) return;
      const pointer = envelope.fields.pointer && decodePointer(envelope.fields.pointer);
      const offset = pointer !== undefined && pointer < totalOutput ? pointer : inputStart;
      flotsam.push({ id: `${tx.txid}i${n}`, offset });
    });
    inputStart += value;
  }
  return flotsam;
}
