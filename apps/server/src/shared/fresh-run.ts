/**
 * One run of `task` shared by every caller that asks meanwhile, and never older than its caller:
 * a caller gets a run that starts after its call. Callers of one turn of the event loop share a
 * run started at the end of it; a caller arriving while a run is in flight (it may miss what the
 * caller just wrote) waits for the next run, which every caller arriving meanwhile shares: one run
 * in flight and one waiting, at most. For reads and recounts whose answer every caller needs fresh
 * (the node's mempool, a launch's remaining count) under a burst of callers.
 */
export class FreshRun<T> {
  private running: Promise<T> | undefined;
  private next: Promise<T> | undefined;

  constructor(private readonly task: () => Promise<T>) {}

  run(): Promise<T> {
    this.next ??= this.turnAfterRunning().then(() => this.start());
    return this.next;
  }

  /** Nothing in flight and nothing waiting. */
  get isIdle(): boolean {
    return !this.running && !this.next;
  }

  private turnAfterRunning(): Promise<void> {
    const running = this.running;
    if (running) return running.then(noop, noop);
    return new Promise((resolve) => setImmediate(resolve));
  }

  private start(): Promise<T> {
    this.next = undefined;
    const running = this.task();
    this.running = running;
    // Cleared only when no run waits: the waiting one takes over at once, so none overlap.
    const done = () => {
      if (this.running === running && !this.next) this.running = undefined;
    };
    running.then(done, done);
    return running;
  }
}

/** A FreshRun per key (a launch, say), forgotten once idle. */
export class FreshRuns<T> {
  private readonly runs = new Map<string, FreshRun<T>>();

  constructor(private readonly task: (key: string) => Promise<T>) {}

  run(key: string): Promise<T> {
    let fresh = this.runs.get(key);
    if (!fresh) {
      fresh = new FreshRun(() => this.task(key));
      this.runs.set(key, fresh);
    }
    const answer = fresh.run();
    const forget = () => {
      if (this.runs.get(key)?.isIdle) this.runs.delete(key);
    };
    answer.then(forget, forget);
    return answer;
  }

  /** Keys with a run in flight or waiting. */
  get size(): number {
    return this.runs.size;
  }
}

function noop(): void {}

/**
 * `task` shared as FreshRuns per owner (a database, say) and key: the runs of an owner are made on
 * its first call and dropped with it.
 */
export function freshRunsBy<O extends object, T>(
  task: (owner: O, key: string) => Promise<T>,
): (owner: O, key: string) => Promise<T> {
  const byOwner = new WeakMap<O, FreshRuns<T>>();
  return (owner, key) => {
    let runs = byOwner.get(owner);
    if (!runs) {
      runs = new FreshRuns((k) => task(owner, k));
      byOwner.set(owner, runs);
    }
    return runs.run(key);
  };
}
