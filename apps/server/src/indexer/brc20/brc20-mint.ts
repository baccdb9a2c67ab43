import { parseBrc20Amount } from '@om/core';
import type { BlockWork } from './brc20-block-work.ts';
import { field } from './brc20-deploy.ts';
import type { Brc20Transfer } from './brc20.types.ts';

/**
 * A mint inscription (brc20_indexer.rs 1951–1999, event_generator.rs 495–560,
 * event_processor.rs 353–393): credited to the pkscript the inscription lands on.
 */
export function applyMint(
  work: BlockWork,
  t: Brc20Transfer,
  content: Record<string, unknown>,
  tick: { lower: string; original: string },
): void {
  const ticker = work.ticker(tick.lower);
  if (!ticker) return;
  const amtText = field(content, 'amt');
  let amount = amtText === undefined ? null : parseBrc20Amount(amtText, ticker.decimals);
  if (amount === null || amount === 0n) return;
  const parent = t.parent ?? null;
  // A self-mint ticker mints only with its deploy inscription as the mint's (first) parent.
  if (ticker.selfMint && parent !== ticker.deployInscriptionId) return;
  const remaining = ticker.maxSupply - ticker.mintedSupply;
  if (remaining === 0n || amount > ticker.limitPerMint) return;
  if (amount > remaining) amount = remaining; // clipped, not refused
  work.events.push({
    type: 'mint-inscribe',
    inscriptionId: t.inscriptionId,
    tick: ticker.tick,
    originalTick: tick.original,
    pkscript: t.pkscript,
    amount,
    parentId: parent ?? '',
    tickerDecimals: ticker.decimals,
  });
  work.setTicker({ ...ticker, mintedSupply: ticker.mintedSupply + amount });
  work.credit(t.pkscript, ticker.tick, amount, amount);
}
