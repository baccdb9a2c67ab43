import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import {
  MessageChannel,
  receiveMessageOnPort,
  Worker,
  type MessagePort,
} from 'node:worker_threads';
import { RpcError, type BitcoinRpc, type RpcAuth } from '../chain/rpc.ts';
import { fetchedOf, READ_AHEAD_BLOCKS } from './block-prefetch.ts';
import type { BlockRead, BlockSource, BlockStream, FetchedBlock } from './block-source.ts';

export type ReaderRequest =
  | { type: 'start'; id: number; auth: RpcAuth; height: number; ahead: number }
  /** The indexer took one block of the stream: the thread may read one more. */
  | { type: 'take'; id: number }
  | { type: 'stop'; id: number };

/** One block of a stream (undefined: past the node's tip, the stream's end), or its error. */
export interface ReaderReply {
  id: number;
  read?: BlockRead;
  error?: {
    message: string;
    /** A system error's code (ECONNREFUSED…). */
    code?: string;
    rpc?: { method: string; code: number; reason: string };
  };
}

/**
 * The thread's first code. Node 20 runs no module loader hooks in worker threads (`--import tsx`
 * there leaves `.ts` unknown), so the thread registers tsx's require hook itself and loads the
 * worker's TypeScript as CommonJS. That code runs as a module or as a script, as the process's
 * `--input-type` says, so it takes its `require` from node:module rather than the scope.
 */
const WORKER_FILE = fileURLToPath(new URL('./block-reader.worker.ts', import.meta.url));
const TSX_HOOK = createRequire(import.meta.url).resolve('tsx/cjs/api');
const BOOT = `{
  const load = process.getBuiltinModule('node:module').createRequire(${JSON.stringify(TSX_HOOK)});
  load(${JSON.stringify(TSX_HOOK)}).register();
  load(${JSON.stringify(WORKER_FILE)});
}`;

/** The error the caller would have met reading on its own thread. */
function rebuild(error: NonNullable<ReaderReply['error']>): Error {
  if (error.rpc) return new RpcError(error.rpc.method, error.rpc.code, error.rpc.reason);
  return Object.assign(new Error(error.message), error.code ? { code: error.code } : {});
}

/** A stream's side on the indexer's thread: the blocks that arrived, and how it ended. */
class ThreadStream implements BlockStream {
  private readonly arrived: FetchedBlock[] = [];
  private end: { error?: Error } | undefined;
  private waiter: (() => void) | undefined;

  constructor(
    readonly id: number,
    private readonly thread: {
      send(request: ReaderRequest): void;
      /** Takes in every reply already posted, without waiting for the event loop. */
      pull(): void;
      done(stream: ThreadStream): void;
    },
  ) {}

  async next(): Promise<FetchedBlock | undefined> {
    this.thread.pull();
    while (this.arrived.length === 0 && !this.end) {
      await new Promise<void>((resolve) => (this.waiter = resolve));
    }
    const fetched = this.arrived.shift();
    if (fetched) {
      if (!this.end) this.thread.send({ type: 'take', id: this.id });
      return fetched;
    }
    if (this.end?.error) throw this.end.error;
    return undefined;
  }

  peek(count: number): FetchedBlock[] {
    this.thread.pull();
    return this.arrived.slice(0, count);
  }

  stop(): void {
    if (!this.end) this.thread.send({ type: 'stop', id: this.id });
    this.finish({});
  }

  /** A reply of the thread for this stream. */
  receive(reply: ReaderReply): void {
    if (this.end) return;
    if (reply.error) this.finish({ error: rebuild(reply.error) });
    else if (reply.read) this.arrived.push(fetchedOf(reply.read));
    else this.finish({});
    this.wake();
  }

  /** Ends it as the thread ended: blocks already here are still given first. */
  finish(end: { error?: Error }): void {
    if (this.end) return;
    this.end = end;
    this.thread.done(this);
    this.wake();
  }

  private wake(): void {
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.();
  }
}

/**
 * getblock's JSON parsed and decoded on a thread of its own, which reads ahead on its own: while
 * the indexer catches up, its thread is busy with the database (on PGlite, PostgreSQL itself runs
 * there), so a read chained on that thread waits for it, and the lookahead of index-blocks.ts
 * rarely found the next two blocks read (docs/benchmarks.md, bench:indexer). The thread starts on
 * the first stream, keeps the process alive only while a stream is open, and ends with close();
 * a thread that dies fails its streams, and the next stream starts another.
 */
export class BlockReaderThread {
  private running: { worker: Worker; replies: MessagePort } | undefined;
  private readonly open = new Map<number, ThreadStream>();
  private nextId = 0;

  /** A thread is started and has not ended. */
  get isRunning(): boolean {
    return this.running !== undefined;
  }

  /** Blocks of rpc's node, read with its credentials as they are when a stream starts. */
  sourceFor(rpc: BitcoinRpc): BlockSource {
    return { from: (height) => this.stream(rpc.auth(), height) };
  }

  /** Ends the thread; its open streams fail. */
  async close(): Promise<void> {
    const running = this.running;
    if (!running) return;
    this.fail(running.worker, new Error('the block reader thread ended (closed)'));
    await running.worker.terminate();
  }

  private stream(auth: RpcAuth, height: number): BlockStream {
    const running = this.running ?? this.start();
    const { worker, replies } = running;
    const id = ++this.nextId;
    const stream = new ThreadStream(id, {
      send: (request) => worker.postMessage(request),
      pull: () => {
        for (let m = receiveMessageOnPort(replies); m; m = receiveMessageOnPort(replies)) {
          this.receive(m.message as ReaderReply);
        }
      },
      done: (done) => {
        this.open.delete(done.id);
        if (this.open.size === 0) this.hold(running, false);
      },
    });
    if (this.open.size === 0) this.hold(running, true);
    this.open.set(id, stream);
    const start = { type: 'start', id, auth, height, ahead: READ_AHEAD_BLOCKS } as const;
    worker.postMessage(start satisfies ReaderRequest);
    return stream;
  }

  private receive(reply: ReaderReply): void {
    this.open.get(reply.id)?.receive(reply);
  }

  /**
   * Replies come on a port of their own: the indexer's thread takes them in synchronously
   * (receiveMessageOnPort) whenever it looks. Delivered as events, each would wait for the event
   * loop, which that thread, its database calls resolving as microtasks, reaches only when it has
   * nothing left to do: the blocks read ahead would never be seen ahead.
   */
  private start(): NonNullable<typeof this.running> {
    const { port1: replies, port2 } = new MessageChannel();
    const worker = new Worker(BOOT, {
      eval: true,
      workerData: { replies: port2 },
      transferList: [port2],
    });
    replies.on('message', (reply: ReaderReply) => this.receive(reply));
    worker.on('error', (err) => this.fail(worker, err));
    worker.on('exit', (code) =>
      this.fail(worker, new Error(`the block reader thread ended (exit code ${code})`)),
    );
    const running = { worker, replies };
    this.hold(running, false);
    this.running = running;
    return running;
  }

  /** The thread keeps the process alive only while a stream is open. */
  private hold({ worker, replies }: NonNullable<typeof this.running>, isHeld: boolean): void {
    if (isHeld) {
      worker.ref();
      replies.ref();
    } else {
      worker.unref();
      replies.unref();
    }
  }

  /** The thread is gone: its open streams end with `err`, after the blocks they hold. */
  private fail(worker: Worker, err: Error): void {
    if (this.running?.worker !== worker) return;
    this.running.replies.close();
    this.running = undefined;
    for (const stream of [...this.open.values()]) stream.finish({ error: err });
  }
}
