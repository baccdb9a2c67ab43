import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/create-db.ts';
import type { ChainEvents } from '../indexer/chain-events.ts';

/** The chain events every process hears, whichever process saw them first. */
const BRIDGED = ['block', 'brc20', 'mempool', 'xp'] as const;
type Bridged = (typeof BRIDGED)[number];

/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more: a long mempool list is cut. */
const MAX_PAYLOAD = 7_500;

const MessageSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('chain'),
    origin: z.string(),
    type: z.enum(BRIDGED),
    data: z.record(z.string(), z.unknown()),
  }),
  z.object({ kind: z.literal('wake'), origin: z.string(), worker: z.string() }),
]);

/** The channel: per schema, as the market's, so isolated test schemas never cross. */
const clusterChannel = (schema: string) => `cluster_${schema}`;

/**
 * Carries this process's chain events to the other processes of the deployment and theirs to
 * this one's ChainEvents (ADR 022): the indexer announces blocks and the mempool, a worker the
 * XP it accrued, and every process's streams, caches and workers hear them as if in one process.
 * Also carries wakes: an API process that queued work (a launch to prepare) wakes the workers.
 */
export class ClusterEvents extends EventEmitter<{ wake: [string] }> {
  private readonly origin = randomUUID();
  /** Set while a heard event is emitted locally, so that it is not sent back out. */
  private isRelaying = false;
  private readonly senders = new Map<Bridged, (data: object) => void>();
  private unlisten?: () => Promise<void>;

  constructor(
    private readonly db: Db,
    private readonly chainEvents: ChainEvents,
    private readonly onError: (err: unknown) => void,
  ) {
    super();
    // One wake listener per worker loop (about fifteen).
    this.setMaxListeners(50);
  }

  async start(): Promise<void> {
    this.unlisten = await this.db.listen(clusterChannel(this.db.schema), (payload) =>
      this.hear(payload),
    );
    for (const type of BRIDGED) {
      const send = (data: object) => {
        if (this.isRelaying) return;
        this.send({ kind: 'chain', origin: this.origin, type, data: { ...data } });
      };
      this.senders.set(type, send);
      this.chainEvents.on(type, send);
    }
  }

  /** Wakes `worker` in every other process (this one's loop is woken by its caller). */
  wakeOthers(worker: string): void {
    this.send({ kind: 'wake', origin: this.origin, worker });
  }

  async stop(): Promise<void> {
    for (const [type, send] of this.senders) this.chainEvents.off(type, send);
    this.senders.clear();
    await this.unlisten?.();
  }

  private send(message: z.infer<typeof MessageSchema>): void {
    let payload = JSON.stringify(message);
    if (payload.length > MAX_PAYLOAD && message.kind === 'chain' && message.type === 'mempool') {
      // Listeners treat the list as "these at least": the mempool view refreshes as a whole.
      payload = JSON.stringify({ ...message, data: { txids: [] } });
    }
    const channel = clusterChannel(this.db.schema);
    sql`select pg_notify(${channel}, ${payload})`.execute(this.db.kysely).catch(this.onError);
  }

  private hear(payload: string): void {
    let json: unknown;
    try {
      json = JSON.parse(payload);
    } catch {
      return this.onError(new Error(`unreadable cluster notification: ${payload.slice(0, 200)}`));
    }
    const parsed = MessageSchema.safeParse(json);
    if (!parsed.success) return this.onError(new Error('unreadable cluster notification'));
    const message = parsed.data;
    if (message.origin === this.origin) return;
    if (message.kind === 'wake') {
      this.emit('wake', message.worker);
      return;
    }
    this.isRelaying = true;
    try {
      // The sender emitted these very objects on its own ChainEvents.
      (this.chainEvents.emit as (type: Bridged, data: object) => boolean)(
        message.type,
        message.data,
      );
    } finally {
      this.isRelaying = false;
    }
  }
}
