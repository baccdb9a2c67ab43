import type { OutputSpend } from './decode-rpc-block.ts';
import type { BlockRows, LocationRow } from './indexer.types.ts';

// A block's rows as JSON documents, one per table, that writeBlock's single statement unpacks with
// json_to_recordset: one round trip per block whatever its size, no parameter-count limit, and the
// same text on node-postgres and PGlite. int8 travel as decimal strings, bytea as hex.

const hex = (bytes: Uint8Array | null) =>
  bytes === null
    ? null
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');

export interface BlockJson {
  inscriptions: string;
  transfers: string;
  moved: string;
  utxos: string;
  spends: string;
}

type FinalLocation = LocationRow & { charms: string[] };

/** The last location of each inscription moved in this block, with every charm it gained. */
function finalLocations(locations: LocationRow[]): Map<string, FinalLocation> {
  const result = new Map<string, FinalLocation>();
  for (const loc of locations) {
    const charms = [...(result.get(loc.id)?.charms ?? []), ...loc.addedCharms];
    result.set(loc.id, { ...loc, charms });
  }
  return result;
}

function inscriptionsJson(rows: BlockRows, final: Map<string, FinalLocation>): string {
  return JSON.stringify(
    rows.inscriptions.map((ins) => {
      const loc = final.get(ins.id);
      if (!loc) throw new Error(`inscription ${ins.id} has no location`);
      return {
        id: ins.id,
        number: String(ins.number),
        sequence: String(ins.sequence),
        genesis_txid: ins.genesisTxid,
        genesis_height: ins.genesisHeight,
        genesis_time: ins.genesisTime,
        genesis_fee: ins.genesisFee.toString(),
        content_type: ins.contentType,
        content_encoding: ins.contentEncoding,
        content_length: ins.body?.length ?? 0,
        content: hex(ins.body),
        metaprotocol: ins.metaprotocol,
        parents: ins.parents,
        delegate: ins.delegate,
        pointer: ins.pointer === null ? null : ins.pointer.toString(),
        metadata: hex(ins.metadata),
        properties: hex(ins.properties),
        genesis_charms: ins.charms,
        charms: [...new Set([...ins.charms, ...loc.charms])],
        txid: loc.satpoint.txid,
        vout: String(loc.satpoint.vout),
        sat_offset: loc.satpoint.offset.toString(),
        output_value: loc.outputValue.toString(),
        address: loc.address,
      };
    }),
  );
}

/** Every row of the block; utxo rows only when the network keeps them. */
export function blockJson(rows: BlockRows, spends: OutputSpend[], indexUtxos: boolean): BlockJson {
  const final = finalLocations(rows.locations);
  const created = new Set(rows.inscriptions.map((i) => i.id));
  // seq is OPI-ord's transfer order: it still rises per inscription within a block.
  const transfers = rows.locations.map((loc) => ({
    id: loc.id,
    seq: loc.order,
    txid: loc.satpoint.txid,
    vout: String(loc.satpoint.vout),
    sat_offset: loc.satpoint.offset.toString(),
    output_value: loc.outputValue.toString(),
    address: loc.address,
    added: loc.addedCharms,
    sent_as_fee: loc.sentAsFee,
    script: hex(loc.script),
  }));
  // Inscriptions created before this block and moved in it get their new location.
  const moved = [...final.values()]
    .filter((l) => !created.has(l.id))
    .map((l) => ({
      id: l.id,
      txid: l.satpoint.txid,
      vout: String(l.satpoint.vout),
      sat_offset: l.satpoint.offset.toString(),
      output_value: l.outputValue.toString(),
      address: l.address,
      added: l.charms,
    }));
  return {
    inscriptions: inscriptionsJson(rows, final),
    transfers: JSON.stringify(transfers),
    moved: JSON.stringify(moved),
    ...utxosJson(rows, spends, indexUtxos),
  };
}

/** The block's outputs, and the outputs it spends (its own among them). */
function utxosJson(rows: BlockRows, spends: OutputSpend[], indexUtxos: boolean) {
  if (!indexUtxos) return { utxos: '[]', spends: '[]' };
  const utxos = rows.createdUtxos.map((u) => ({
    txid: u.txid,
    vout: u.vout,
    value: u.value.toString(),
    script: hex(u.script),
    address: u.address,
  }));
  return { utxos: JSON.stringify(utxos), spends: JSON.stringify(spends) };
}
