import { TASK_NAMES, type TaskName } from '@om/core';
import type { Env } from '../../../env.ts';

// The tasks (ADR 020): each one XP ledger row per address, so done at most once.

const TASK_TITLES: Record<TaskName, string> = {
  'follow-twitter': 'Follow us on X',
  'first-trade': 'Make your first trade',
  'first-mint': 'Mint your first inscription',
};

/** The spec's message (product.md#errors) for every way the follow task can fail. */
export const FOLLOW_FAILED = 'Failed to complete follow-twitter task for user';

export const taskReason = (name: TaskName) => `task:${name}`;
/** Unique in xp_ledger: a second completion, by any path or process, inserts nothing. */
export const taskKey = (name: TaskName, address: string) => `task:${name}:${address}`;

export function taskXp(env: Env, name: TaskName): bigint {
  const xp = {
    'follow-twitter': env.TASK_XP_FOLLOW_TWITTER,
    'first-trade': env.TASK_XP_FIRST_TRADE,
    'first-mint': env.TASK_XP_FIRST_MINT,
  }[name];
  return BigInt(xp);
}

export function taskNotification(env: Env, name: TaskName, address: string) {
  return {
    to: [address],
    type: 'task_completed' as const,
    title: `Task completed: ${TASK_TITLES[name]}`,
    body: `+${taskXp(env, name)} XP`,
    payload: { task: name, xp: String(taskXp(env, name)), link: '/rewards' },
    dedupeKey: taskKey(name, address),
  };
}

/** The wire's TasksSchema: every task, done or not, in TASK_NAMES order. */
export function toTasks(env: Env, address: string, doneAt: ReadonlyMap<string, Date>) {
  return {
    address,
    tasks: TASK_NAMES.map((name) => {
      const at = doneAt.get(taskReason(name));
      return {
        name,
        title: TASK_TITLES[name],
        xp: String(taskXp(env, name)),
        completed: at !== undefined,
        completedAt: at ? at.toISOString() : null,
      };
    }),
  };
}
