import type { AppDeps } from '../app.ts';

/** Without chain events (no node) a chain worker polls; with them the timer is a safety net. */
const POLL_MS = 30_000;

/**
 * Runs `pass` on start, after each indexed block and each mempool refresh, and every POLL_MS:
 * the schedule of the workers that keep rows in step with the chain (the trade tracker, the
 * claimed-transactions worker, the auctions' escrow watch). Passes never overlap; events during a
 * pass start one more; a failed pass is logged as `{name}: run failed`. Answers the function that
 * stops it, awaiting the pass in progress.
 */
export function startChainWorker(
  deps: Pick<AppDeps, 'chain' | 'log'>,
  name: string,
  pass: () => Promise<void>,
  /** The chain events that start a pass; 'brc20' for work on the token rows of a block. */
  triggers: readonly ('block' | 'mempool' | 'brc20')[] = ['block', 'mempool'],
): () => Promise<void> {
  const { events } = deps.chain;
  let running: Promise<void> | undefined;
  let isRequested = false;
  let isStopped = false;
  const request = () => {
    isRequested = true;
    if (running || isStopped) return;
    running = (async () => {
      while (isRequested && !isStopped) {
        isRequested = false;
        await pass().catch((err: unknown) => deps.log.error({ err }, `${name}: run failed`));
      }
    })().finally(() => {
      running = undefined;
    });
  };
  for (const event of triggers) events.on(event, request);
  const timer = setInterval(request, POLL_MS);
  timer.unref();
  request();
  return async () => {
    isStopped = true;
    for (const event of triggers) events.off(event, request);
    clearInterval(timer);
    await running;
  };
}
