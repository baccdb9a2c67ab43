import { parseBrc20Amount } from '@om/core';
import type { BlockWork } from './brc20-block-work.ts';
import { field } from './brc20-deploy.ts';
import type { Brc20Transfer } from './brc20.types.ts';

/** config.rs OP_RETURN: a bare OP_RETURN output burns what is sent to it (bp05). */
const BURN_PKSCRIPT = '6a';
/**
 * config.rs BRC20_PROG_OP_RETURN_PKSCRIPT (OP_RETURN "BRC20PROG"). With OPI's default
 * BRC20_PROG_ENABLED=false a transfer sent there is burned too (event_processor.rs 497–535);
 * the programmable module (BRC2.0) is out of our scope.
 */
export const BRC20_PROG_PKSCRIPT = '6a09425243323050524f47';

/**
 * Step 1, the transfer inscription (event_generator.rs 562–615, event_processor.rs 395–424): valid
 * when the pkscript it lands on has that much available; the amount moves from available to
 * transferable (overall unchanged).
 */
export function applyTransferInscribe(
  work: BlockWork,
  t: Brc20Transfer,
  content: Record<string, unknown>,
  tick: { lower: string; original: string },
): void {
  const ticker = work.ticker(tick.lower);
  if (!ticker) return;
  const amtText = field(content, 'amt');
  const amount = amtText === undefined ? null : parseBrc20Amount(amtText, ticker.decimals);
  if (amount === null || amount === 0n) return;
  if (work.balance(t.pkscript, ticker.tick).available < amount) return;
  work.events.push({
    type: 'transfer-inscribe',
    inscriptionId: t.inscriptionId,
    tick: ticker.tick,
    originalTick: tick.original,
    pkscript: t.pkscript,
    amount,
    tickerDecimals: ticker.decimals,
  });
  work.credit(t.pkscript, ticker.tick, 0n, -amount);
  work.addTransferable({
    inscriptionId: t.inscriptionId,
    tick: ticker.tick,
    originalTick: tick.original,
    amount,
    sourcePkscript: t.pkscript,
  });
}

/**
 * Step 2, the first move of a valid, unused transfer inscription (event_generator.rs 617–700,
 * event_processor.rs 426–649); later moves do nothing. Sent as fee (or to an empty script):
 * back to the source's available. To a bare OP_RETURN (or BRC20PROG, module disabled): burned.
 * Otherwise the receiver gets it, available; sent to oneself this restores the available balance.
 */
export function applyTransferMove(work: BlockWork, t: Brc20Transfer): void {
  const transferable = work.transferable(t.inscriptionId);
  if (!transferable) return;
  const ticker = work.ticker(transferable.tick);
  if (!ticker) return;
  const { amount, sourcePkscript: source } = transferable;
  const spent = t.sentAsFee ? '' : t.pkscript;
  work.events.push({
    type: 'transfer-transfer',
    inscriptionId: t.inscriptionId,
    tick: ticker.tick,
    originalTick: transferable.originalTick,
    pkscript: source,
    spentPkscript: spent,
    amount,
    tickerDecimals: ticker.decimals,
  });
  if (spent === '') {
    work.credit(source, ticker.tick, 0n, amount);
  } else if (spent === BURN_PKSCRIPT || spent === BRC20_PROG_PKSCRIPT) {
    work.credit(source, ticker.tick, -amount, 0n);
    work.setTicker({ ...ticker, burnedSupply: ticker.burnedSupply + amount });
  } else {
    work.credit(source, ticker.tick, -amount, 0n);
    work.credit(spent, ticker.tick, amount, amount);
  }
  work.useTransferable(t.inscriptionId);
}
