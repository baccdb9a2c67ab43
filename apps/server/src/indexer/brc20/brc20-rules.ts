import { brc20TickByteLength } from '@om/core';
import type { Brc20Activation } from './brc20-activation.ts';
import { BlockWork } from './brc20-block-work.ts';
import { applyDeploy, field } from './brc20-deploy.ts';
import { applyMint } from './brc20-mint.ts';
import { applyTransferInscribe, applyTransferMove } from './brc20-transfer.ts';
import type { Brc20BlockResult, Brc20State, Brc20Transfer } from './brc20.types.ts';

export interface Brc20BlockContext {
  height: number;
  activation: Brc20Activation;
}

/**
 * One block of BRC-20, as OPI's generate_and_process_events (brc20_indexer.rs 1258–2128): the
 * block's inscription events (OPI-ord's transfer log of BRC-20 candidates, in its order) applied
 * one after another to `state`, which is not mutated. Pure: no I/O, no clock, bigint throughout.
 *
 * Only a new inscription ('inscribe') deploys, mints or inscribes a transfer; only a later
 * 'move' transfers. OPI's BRC2.0 operations (brc20-prog, brc20-module, predeploy, 6-byte ticks)
 * are out of scope and produce nothing here.
 */
export function applyBrc20Block(
  state: Brc20State,
  transfers: readonly Brc20Transfer[],
  ctx: Brc20BlockContext,
): Brc20BlockResult {
  const work = new BlockWork(state);
  if (ctx.height < ctx.activation.firstBrc20Height) return work.result();
  for (const t of transfers) {
    if (t.kind === 'move') {
      applyTransferMove(work, t);
      continue;
    }
    // A new inscription that went straight to the fees is skipped (1311–1317).
    if (t.sentAsFee || !t.content) continue;
    applyInscribe(work, t, t.content, ctx);
  }
  return work.result();
}

function applyInscribe(
  work: BlockWork,
  t: Brc20Transfer,
  content: Record<string, unknown>,
  ctx: Brc20BlockContext,
): void {
  if (field(content, 'p') !== 'brc-20') return;
  const op = field(content, 'op');
  const original = field(content, 'tick');
  if (op === undefined || original === undefined) return;
  const lower = original.toLowerCase();
  if (lower.includes('\x00') || original.includes('\x00')) return; // 1627–1634
  // 4 or 5 UTF-8 bytes (6 is BRC2.0, refused by the deploy and so never deployed): 1636–1651.
  const length = brc20TickByteLength(original);
  if (length !== 4 && length !== 5) return;
  const tick = { lower, original };
  if (op === 'deploy') {
    applyDeploy(work, t, content, tick, {
      height: ctx.height,
      selfMintHeight: ctx.activation.selfMintHeight,
    });
  } else if (op === 'mint') applyMint(work, t, content, tick);
  else if (op === 'transfer') applyTransferInscribe(work, t, content, tick);
}
