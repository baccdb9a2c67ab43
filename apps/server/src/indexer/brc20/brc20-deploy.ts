import {
  BRC20_MAX_AMOUNT,
  brc20TickByteLength,
  parseBrc20Amount,
  parseBrc20Decimals,
} from '@om/core';
import type { BlockWork } from './brc20-block-work.ts';
import type { Brc20Transfer } from './brc20.types.ts';

/** A field as OPI reads it: `content.get(key).and_then(as_str)`, so a JSON number is absent. */
export function field(content: Record<string, unknown>, key: string): string | undefined {
  const value = Object.hasOwn(content, key) ? content[key] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/**
 * A deploy inscription (brc20_indexer.rs 1747–1949, event_processor.rs 328–351). The first valid
 * deploy of a lower-cased tick wins; a later one in any casing is ignored.
 */
export function applyDeploy(
  work: BlockWork,
  t: Brc20Transfer,
  content: Record<string, unknown>,
  tick: { lower: string; original: string },
  ctx: { height: number; selfMintHeight: number },
): void {
  if (work.ticker(tick.lower)) return;
  const decimals = parseBrc20Decimals(field(content, 'dec'));
  if (decimals === null) return;
  const maxText = field(content, 'max');
  let max = maxText === undefined ? null : parseBrc20Amount(maxText, decimals);
  if (max === null) return;
  // lim: absent → max; present but not a valid non-zero decimal string (a number, null, "0") → invalid.
  const limText = field(content, 'lim');
  let lim = limText === undefined ? null : parseBrc20Amount(limText, decimals);
  if (lim === 0n) lim = null;
  if (lim === null) {
    if (Object.hasOwn(content, 'lim')) return;
    lim = max;
  }
  let selfMint = false;
  const length = brc20TickByteLength(tick.original);
  if (length === 5) {
    // bp04 self-mint: only from its activation height, and only with self_mint "true" (1808–1839).
    if (ctx.height < ctx.selfMintHeight || field(content, 'self_mint') !== 'true') return;
    selfMint = true;
    if (max === 0n) {
      max = BRC20_MAX_AMOUNT;
      if (lim === 0n) lim = BRC20_MAX_AMOUNT;
    }
  } else if (length !== 4) {
    // 6-byte ticks are BRC2.0: valid only with a salted `predeploy` parent (1840–1933), which
    // this index does not follow, so they are refused.
    return;
  }
  if (max === 0n) return;
  work.events.push({
    type: 'deploy-inscribe',
    inscriptionId: t.inscriptionId,
    tick: tick.lower,
    originalTick: tick.original,
    pkscript: t.pkscript,
    maxSupply: max,
    limitPerMint: lim,
    decimals,
    selfMint,
    tickerDecimals: decimals,
  });
  work.setTicker({
    tick: tick.lower,
    originalTick: tick.original,
    maxSupply: max,
    limitPerMint: lim,
    decimals,
    mintedSupply: 0n,
    burnedSupply: 0n,
    selfMint,
    deployInscriptionId: t.inscriptionId,
    deployHeight: ctx.height,
    deployerPkscript: t.pkscript,
  });
}
