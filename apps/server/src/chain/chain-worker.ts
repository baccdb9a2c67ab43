import type { AppDeps } from '../app-deps.ts';

/** Without chain events (no node) a chain worker polls; with them the timer is a safety net. */
const POLL_MS = 30_000;

type Trigger = 'block' | 'mempool' | 'brc20';

export interface WorkerLoopOptions {
  /** The chain events that start a pass; 'brc20' for work on the token rows of a block. */
  triggers?: readonly Trigger[];
  /** 0: no timer (only triggers and wakes start a pass). */
  pollMs?: number;
  /** Whether the first pass runs at once (true) or waits for a trigger, a wake or the timer. */
  runAtStart?: boolean;
}

export interface WorkerLoop {
  /** Asks for a pass here, and in every worker process of a split deployment. */
  wake(): void;
  /** Stops it, awaiting the pass in progress. */
  stop(): Promise<void>;
}

/**
 * The schedule of every background worker: `pass` runs on start, on its chain events, on `wake`
 * and every `pollMs`. Passes never overlap; requests during a pass start one more; a failed pass
 * is logged as `{name}: run failed`.
 *
 * Split by RUN_MODE (ADR 022), an API process runs no pass (its wakes go to the workers), and a
 * worker process runs a pass only while it holds the worker's lease: one process at a time does
 * each worker's work, so a pass never races its twin in another process. A process that finds the
 * lease taken skips the pass: the holder heard the same event or wake and runs one more.
 */
export function startWorkerLoop(
  deps: Pick<AppDeps, 'chain' | 'log' | 'cluster'>,
  name: string,
  pass: () => Promise<void>,
  options: WorkerLoopOptions = {},
): WorkerLoop {
  const { events } = deps.chain;
  const { cluster } = deps;
  const triggers = options.triggers ?? ['block', 'mempool'];
  if (cluster && !cluster.works) {
    return { wake: () => cluster.events.wakeOthers(name), stop: async () => {} };
  }
  const runPass = async () => {
    if (cluster) await cluster.leases.whileHeld(`worker:${name}`, pass);
    else await pass();
  };
  let running: Promise<void> | undefined;
  let isRequested = false;
  let isStopped = false;
  const request = () => {
    isRequested = true;
    if (running || isStopped) return;
    running = (async () => {
      while (isRequested && !isStopped) {
        isRequested = false;
        await runPass().catch((err: unknown) => deps.log.error({ err }, `${name}: run failed`));
      }
    })().finally(() => {
      running = undefined;
    });
  };
  const onWake = (worker: string) => {
    if (worker === name) request();
  };
  for (const event of triggers) events.on(event, request);
  cluster?.events.on('wake', onWake);
  const pollMs = options.pollMs ?? POLL_MS;
  const timer = pollMs > 0 ? setInterval(request, pollMs) : undefined;
  timer?.unref();
  if (options.runAtStart ?? true) request();
  return {
    wake: () => {
      request();
      cluster?.events.wakeOthers(name);
    },
    stop: async () => {
      isStopped = true;
      for (const event of triggers) events.off(event, request);
      cluster?.events.off('wake', onWake);
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * A worker that keeps rows in step with the chain (the trade tracker, the claimed-transactions
 * worker, the auctions' escrow watch…): a worker loop on the chain's events. Answers its stop.
 */
export function startChainWorker(
  deps: Pick<AppDeps, 'chain' | 'log' | 'cluster'>,
  name: string,
  pass: () => Promise<void>,
  triggers: readonly Trigger[] = ['block', 'mempool'],
): () => Promise<void> {
  return startWorkerLoop(deps, name, pass, { triggers }).stop;
}
