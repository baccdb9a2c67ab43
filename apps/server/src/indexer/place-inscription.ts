import { envelopeContent } from './envelopes.ts';
import type { Flotsam, NewOrigin, OldOrigin } from './flotsam.ts';
import {
  NULL_TXID,
  type ChainBlock,
  type ChainOutput,
  type Charm,
  type IndexerCounters,
  type InscriptionsOnOutputs,
  type LocationRow,
  type NewInscriptionRow,
  type Satpoint,
} from './indexer.types.ts';

/** What placing inscriptions changes while a block is indexed. */
export interface PlacementState {
  block: ChainBlock;
  counters: IndexerCounters;
  inscriptions: NewInscriptionRow[];
  locations: LocationRow[];
  /** Inscriptions on outputs created earlier in this block, by "txid:vout" (ord's utxo_cache). */
  blockOutputs: InscriptionsOnOutputs;
  /** Ids revealed in this block and not yet numbered: ord cannot find them as parents yet. */
  pendingIds: Set<string>;
  /** The next OPI-ord transfer order in this block (LocationRow.order). */
  nextOrder: number;
}

export interface Destination {
  satpoint: Satpoint;
  /** The output it lands on; null when lost in a coinbase (the null outpoint). */
  output: ChainOutput | null;
  /** The transaction that moves it there. */
  txid: string;
  /** Placed by the coinbase (spent as fee, or lost). */
  sentAsFee: boolean;
}

/** What every location row of a placement shares: OPI-ord's order, fee flag and script. */
function transferFields(state: PlacementState, flotsam: Flotsam, to: Destination) {
  const output = to.output;
  return {
    sentAsFee: to.sentAsFee,
    script: output !== null && output.address === null ? output.script : null,
    order: flotsam.feeOrder ?? state.nextOrder++,
  };
}

/** ord's charm order (crates/ordinals/src/charm.rs Charm::ALL), restricted to ours. */
const CHARM_ORDER: Charm[] = ['reinscription', 'cursed', 'unbound', 'lost', 'vindicated', 'burned'];

function remember(state: PlacementState, satpoint: Satpoint, flotsam: Flotsam, sequence: number) {
  const isCursedOrVindicated =
    flotsam.origin.kind === 'old'
      ? flotsam.origin.isCursedOrVindicated
      : flotsam.origin.cursed || flotsam.origin.vindicated;
  const key = `${satpoint.txid}:${satpoint.vout}`;
  const onOutput = state.blockOutputs.get(key) ?? [];
  onOutput.push({ id: flotsam.id, sequence, offset: satpoint.offset, isCursedOrVindicated });
  state.blockOutputs.set(key, onOutput);
}

/** An inscription already indexed moves; it only gains 'burned' (ord update_inscription_location). */
function moveOld(state: PlacementState, flotsam: Flotsam, origin: OldOrigin, to: Destination) {
  const burned = to.output !== null && isOpReturn(to.output);
  state.locations.push({
    id: flotsam.id,
    sequence: origin.sequence,
    satpoint: to.satpoint,
    outputValue: to.output?.value ?? 0n,
    address: to.output?.address ?? null,
    txid: to.txid,
    addedCharms: burned ? ['burned'] : [],
    ...transferFields(state, flotsam, to),
  });
  if (to.output) remember(state, to.satpoint, flotsam, origin.sequence);
}

function nextNumber(counters: IndexerCounters, cursed: boolean): number {
  if (!cursed) return counters.blessedCount++;
  counters.cursedCount += 1;
  return -counters.cursedCount;
}

/**
 * A new inscription is numbered where it lands, so fee-spent ones are numbered last in the block.
 * Unbound ones park on NULL_TXID:0 at the next unbound offset (ord update_inscription_location).
 */
function createNew(state: PlacementState, flotsam: Flotsam, origin: NewOrigin, to: Destination) {
  const { counters } = state;
  const number = nextNumber(counters, origin.cursed);
  const sequence = counters.nextSequence++;
  state.pendingIds.delete(flotsam.id);
  const has: Record<Charm, boolean> = {
    reinscription: origin.reinscription,
    cursed: origin.cursed,
    unbound: origin.unbound,
    lost: to.output === null,
    vindicated: origin.vindicated,
    burned: to.output !== null && isOpReturn(to.output),
  };
  const charms = CHARM_ORDER.filter((charm) => has[charm]);
  state.inscriptions.push({
    id: flotsam.id,
    number,
    sequence,
    genesisTxid: origin.genesisTxid,
    genesisHeight: state.block.height,
    genesisTime: state.block.time,
    genesisFee: origin.fee,
    ...envelopeContent(origin.envelope),
    parents: origin.parents.filter((parent) => !state.pendingIds.has(parent)),
    charms,
  });
  const output = origin.unbound ? null : to.output;
  const satpoint = origin.unbound
    ? { txid: NULL_TXID, vout: 0, offset: BigInt(counters.unboundCount++) }
    : to.satpoint;
  state.locations.push({
    id: flotsam.id,
    sequence,
    satpoint,
    outputValue: output?.value ?? 0n,
    address: output?.address ?? null,
    txid: origin.genesisTxid,
    addedCharms: charms.filter((charm) => charm === 'burned' || charm === 'lost'),
    ...transferFields(state, flotsam, { ...to, output }),
  });
  if (output) remember(state, satpoint, flotsam, sequence);
}

export function placeInscription(state: PlacementState, flotsam: Flotsam, to: Destination): void {
  if (flotsam.origin.kind === 'old') moveOld(state, flotsam, flotsam.origin, to);
  else createNew(state, flotsam, flotsam.origin, to);
}

/** OP_RETURN outputs burn what lands on them (ord: script_pubkey.is_op_return()). */
function isOpReturn(output: { script: Uint8Array }): boolean {
  return output.script[0] === 0x6a;
}
