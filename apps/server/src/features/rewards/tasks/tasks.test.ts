import { TasksSchema } from '@om/core';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../../env.ts';
import { taskKey, taskNotification, toTasks } from './tasks.ts';
import { productXAccount } from './x-follow.ts';

const env = loadEnv({ TASK_XP_FIRST_MINT: '300', PRODUCT_X_USERNAME: '@omkt' });

describe('tasks', () => {
  it('lists every task with its XP from the environment, done or not', () => {
    const at = new Date('2026-01-02T03:04:05.000Z');
    const tasks = toTasks(env, 'bc1pxyz', new Map([['task:first-trade', at]]));
    expect(TasksSchema.parse(tasks)).toEqual({
      address: 'bc1pxyz',
      tasks: [
        {
          name: 'follow-twitter',
          title: 'Follow us on X',
          xp: '100',
          completed: false,
          completedAt: null,
        },
        {
          name: 'first-trade',
          title: 'Make your first trade',
          xp: '250',
          completed: true,
          completedAt: '2026-01-02T03:04:05.000Z',
        },
        {
          name: 'first-mint',
          title: 'Mint your first inscription',
          xp: '300',
          completed: false,
          completedAt: null,
        },
      ],
    });
  });

  it('keys a task by name and address, and notifies under that key', () => {
    expect(taskKey('first-mint', 'bc1pxyz')).toBe('task:first-mint:bc1pxyz');
    expect(taskNotification(env, 'first-mint', 'bc1pxyz')).toMatchObject({
      to: ['bc1pxyz'],
      type: 'task_completed',
      title: 'Task completed: Mint your first inscription',
      body: '+300 XP',
      dedupeKey: 'task:first-mint:bc1pxyz',
    });
  });

  it('checks the product account by id first, else by username, else not at all', () => {
    expect(productXAccount(env)).toEqual({ username: '@omkt' });
    expect(productXAccount(loadEnv({ PRODUCT_X_USER_ID: '42', PRODUCT_X_USERNAME: 'x' }))).toEqual({
      id: '42',
    });
    expect(productXAccount(loadEnv({}))).toBeUndefined();
  });

  it('refuses task XP that is not a whole number', () => {
    expect(() => loadEnv({ TASK_XP_FOLLOW_TWITTER: '1.5' })).toThrow(/TASK_XP_FOLLOW_TWITTER/);
  });
});
