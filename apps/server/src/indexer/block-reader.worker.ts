import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { BitcoinRpc, RpcError, type RpcAuth } from '../chain/rpc.ts';
import { readBlock } from './block-source.ts';
import type { ReaderReply, ReaderRequest } from './block-reader-thread.ts';

/**
 * The block reader thread (block-reader-thread.ts). It reads one stream of blocks at a time, over
 * its own keep-alive sockets to the node, and posts each block as soon as it is decoded, up to
 * `ahead` blocks the indexer has not taken yet: the indexer's thread, busy with the database,
 * picks up whatever arrived whenever it waits.
 */
interface Stream {
  id: number;
  height: number;
  hash: string | undefined;
  /** Blocks it may still post before the indexer takes one. */
  credit: number;
  isReading: boolean;
}

let auth: RpcAuth | undefined;
const rpc = new BitcoinRpc(() => auth!);
let stream: Stream | undefined;

function errorOf(err: unknown): ReaderReply['error'] {
  if (err instanceof RpcError) {
    return {
      message: err.message,
      rpc: { method: err.method, code: err.code, reason: err.reason },
    };
  }
  const code = (err as { code?: unknown } | null)?.code;
  return {
    message: err instanceof Error ? err.message : String(err),
    ...(typeof code === 'string' ? { code } : {}),
  };
}

const replies = (workerData as { replies: MessagePort }).replies;
const post = (reply: ReaderReply) => replies.postMessage(reply);

/** Reads while the stream is current and has credit; ends it past the tip or on an error. */
async function pump(s: Stream): Promise<void> {
  s.isReading = true;
  try {
    while (stream === s && s.credit > 0) {
      s.credit -= 1;
      const read = await readBlock(rpc, s.height, s.hash);
      if (stream !== s) return;
      post({ id: s.id, read });
      if (!read) {
        stream = undefined;
        return;
      }
      s.height += 1;
      s.hash = read.nextHash;
    }
  } catch (err) {
    if (stream === s) {
      stream = undefined;
      post({ id: s.id, error: errorOf(err) });
    }
  } finally {
    s.isReading = false;
  }
}

parentPort!.on('message', (request: ReaderRequest) => {
  if (request.type === 'start') {
    auth = request.auth;
    const { id, height, ahead } = request;
    stream = { id, height, hash: undefined, credit: ahead, isReading: false };
    void pump(stream);
  } else if (stream?.id === request.id) {
    if (request.type === 'stop') {
      stream = undefined;
    } else {
      stream.credit += 1;
      if (!stream.isReading) void pump(stream);
    }
  }
});
