import { createHash } from 'node:crypto';
import { BRC20_ACTIVATION } from './brc20-activation.ts';
import { brc20Candidate } from './brc20-candidate.ts';
import {
  blockEventHashOfStrings,
  brc20EventString,
  cumulativeEventHash,
} from './brc20-event-hash.ts';
import { applyBrc20Block } from './brc20-rules.ts';
import type {
  ConformanceActor,
  ConformanceBlock,
  ConformanceInscribe,
} from './brc20-conformance.types.ts';
import type { Brc20State, Brc20Transfer } from './brc20.types.ts';

export interface ConformanceNames {
  /** The inscription id of a table label. */
  id: (label: string) => string;
  /** The hex pkscript of an actor. */
  pk: (actor: ConformanceActor) => string;
}

export interface ConformanceBlockHashes {
  strings: string[];
  blockEventHash: string;
  cumulativeEventHash: string;
}

/** Replaces `{id:label}` and `{pk:actor}` in an expected event string. */
export function fillConformanceTemplate(template: string, names: ConformanceNames): string {
  return template.replace(/\{(id|pk):([^}]+)\}/g, (_, kind: string, name: string) =>
    kind === 'id' ? names.id(name) : names.pk(name as ConformanceActor),
  );
}

/**
 * The expected strings and OPI hashes of each block of the table, filled with real names;
 * `previousCumulative` is the cumulative hash of the block before the table's first (null when
 * the table starts the chain of hashes).
 */
export function expectedConformanceHashes(
  table: readonly ConformanceBlock[],
  names: ConformanceNames,
  previousCumulative: string | null = null,
): ConformanceBlockHashes[] {
  let cumulative = previousCumulative;
  return table.map((block) => {
    const strings = block.expected.map((t) => fillConformanceTemplate(t, names));
    const blockEventHash = blockEventHashOfStrings(strings);
    cumulative = cumulativeEventHash(cumulative, blockEventHash);
    return { strings, blockEventHash, cumulativeEventHash: cumulative };
  });
}

/** Synthetic names: a txid-shaped id per label, a P2TR-shaped pkscript per actor. */
export const SYNTHETIC_NAMES: ConformanceNames = {
  id: (label) => `${createHash('sha256').update(label).digest('hex')}i0`,
  pk: (actor) => `5120${{ alice: '11', bob: '22', carol: '33' }[actor].repeat(32)}`,
};

/**
 * Runs the table through the candidate filter and applyBrc20Block as OPI-ord would feed them
 * (only candidates, only their creation and first move), starting from an empty state at
 * `startHeight` on regtest, and answers each block's event strings and hashes.
 */
export function runConformanceTable(
  table: readonly ConformanceBlock[],
  names: ConformanceNames = SYNTHETIC_NAMES,
  startHeight = 1,
): ConformanceBlockHashes[] {
  const state: Brc20State = { tickers: new Map(), balances: new Map(), transferables: new Map() };
  const moves = new Map<string, number>(); // candidate label → moves recorded
  let cumulative: string | null = null;
  return table.map((block, i) => {
    const transfers = block.steps.flatMap(({ actor, action }): Brc20Transfer[] => {
      if (action.kind === 'send') {
        const count = moves.get(action.label);
        if (count === undefined || count >= 1) return []; // OPI-ord: creation + first move only
        moves.set(action.label, count + 1);
        return [moveTo(names, action.label, action.to)];
      }
      const content = candidateContent(action);
      if (!content) return [];
      if (!action.asFee) moves.set(action.label, 0);
      return [
        {
          inscriptionId: names.id(action.label),
          kind: 'inscribe',
          sentAsFee: action.asFee === true,
          pkscript: action.asFee ? '' : names.pk(actor),
          content,
          parent: action.parentLabel ? names.id(action.parentLabel) : null,
        },
      ];
    });
    const result = applyBrc20Block(state, transfers, {
      height: startHeight + i,
      activation: BRC20_ACTIVATION.regtest,
    });
    applyResult(state, result);
    const strings = result.events.map(brc20EventString);
    const blockEventHash = blockEventHashOfStrings(strings);
    cumulative = cumulativeEventHash(cumulative, blockEventHash);
    return { strings, blockEventHash, cumulativeEventHash: cumulative };
  });
}

function candidateContent(action: ConformanceInscribe) {
  return brc20Candidate({
    contentType: action.contentType,
    body: new TextEncoder().encode(action.body),
    charms: action.cursed ? ['vindicated'] : [],
  });
}

function moveTo(
  names: ConformanceNames,
  label: string,
  to: ConformanceActor | 'fee' | 'op_return',
): Brc20Transfer {
  const pkscript = to === 'fee' ? '' : to === 'op_return' ? '6a' : names.pk(to);
  return { inscriptionId: names.id(label), kind: 'move', sentAsFee: to === 'fee', pkscript };
}

/** What the follower does with a block's result: write it back into the state. */
function applyResult(state: Brc20State, result: ReturnType<typeof applyBrc20Block>): void {
  for (const [tick, ticker] of result.tickers) state.tickers.set(tick, ticker);
  for (const [key, delta] of result.balanceDeltas) {
    const now = state.balances.get(key) ?? { overall: 0n, available: 0n };
    state.balances.set(key, {
      overall: now.overall + delta.overall,
      available: now.available + delta.available,
    });
  }
  for (const t of result.newTransferables) state.transferables.set(t.inscriptionId, t);
  for (const id of result.usedTransferables) state.transferables.delete(id);
}
