import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/create-db.ts';

// What operators see of the job queue (GET /api/system/jobs, ADR 023): how many jobs each queue
// holds in each state, and the last failed jobs with their error, read from pg-boss's own table.

const STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
const FAILED_SHOWN = 20;

const QueueSizesSchema = z.object({
  name: z.string(),
  ...Object.fromEntries(STATES.map((state) => [state, z.number().int()])),
}) as z.ZodObject<{ name: z.ZodString } & Record<(typeof STATES)[number], z.ZodNumber>>;

export const JobsPayloadSchema = z.object({
  queues: z.array(QueueSizesSchema),
  failed: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      data: z.unknown(),
      singletonKey: z.string().nullable(),
      retryCount: z.number().int(),
      error: z.string(),
      failedAt: z.string(),
    }),
  ),
});
export type JobsPayload = z.infer<typeof JobsPayloadSchema>;

export async function jobsStatus(db: Db, schema: string): Promise<JobsPayload> {
  const job = sql.table(`${schema}.job`);
  const counts = await sql<{ name: string; state: string; size: string }>`
    select name, state::text as state, count(*)::text as size from ${job} group by name, state
  `.execute(db.kysely);
  const queues = await sql<{ name: string }>`
    select name from ${sql.table(`${schema}.queue`)} order by name
  `.execute(db.kysely);
  const failed = await sql<{
    id: string;
    name: string;
    data: unknown;
    singleton_key: string | null;
    retry_count: number;
    output: unknown;
    completed_on: Date | string;
  }>`
    select id::text as id, name, data, singleton_key, retry_count, output, completed_on
    from ${job} where state = 'failed' order by completed_on desc limit ${FAILED_SHOWN}
  `.execute(db.kysely);
  return {
    queues: queues.rows.map(({ name }) => {
      const sizes = Object.fromEntries(STATES.map((state) => [state, 0]));
      for (const row of counts.rows) if (row.name === name) sizes[row.state] = Number(row.size);
      return { name, ...sizes } as JobsPayload['queues'][number];
    }),
    failed: failed.rows.map((row) => ({
      id: row.id,
      name: row.name,
      data: row.data,
      singletonKey: row.singleton_key,
      retryCount: Number(row.retry_count),
      error: errorOf(row.output),
      failedAt: new Date(row.completed_on).toISOString(),
    })),
  };
}

/** pg-boss keeps a thrown error as `{ message, stack }`, a timeout as `{ value: { message } }`. */
function errorOf(output: unknown): string {
  const parsed = z
    .union([
      z.object({ message: z.string() }),
      z.object({ value: z.object({ message: z.string() }) }).transform((o) => o.value),
    ])
    .safeParse(output);
  return parsed.success ? parsed.data.message : JSON.stringify(output ?? null);
}
