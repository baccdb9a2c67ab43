import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { upsertUser } from '../src/features/auth/auth.queries.ts';
import { saveXAccount } from '../src/features/x-account/x-account.queries.ts';
import { createTestDb, databaseKinds } from './helpers/test-app.ts';

// Two X sign-ins finishing at once (two browsers) save one X account at once. Each must succeed
// and leave one link: before, a save arbitrated by user_id alone could lose on the x_user_id index
// and answer a 500.

describe.each(databaseKinds())('one X account, saved at once, on %s', (kind) => {
  it('answers every save and keeps one link', async () => {
    const db = await createTestDb(kind);
    try {
      for (let round = 0; round < 30; round++) {
        const users = await Promise.all(
          [0, 1].map(() => upsertUser(db, `bcrt1q${randomBytes(16).toString('hex')}`, '02ab')),
        );
        const xUserId = String(randomBytes(4).readUInt32BE());
        const save = (userId: string) =>
          saveXAccount(db, {
            userId,
            xUserId,
            username: 'racer',
            name: 'Racer',
            accessToken: 'v1.iv.sealed',
          });
        // The same user twice, and another user, at once: whoever saves last owns the link.
        const saves = [users[0], users[0], users[1], users[0]].map((u) => save(u?.id ?? ''));
        await Promise.all(saves);
        const links = await db.kysely
          .selectFrom('x_accounts')
          .select('user_id')
          .where('x_user_id', '=', xUserId)
          .execute();
        expect(links).toHaveLength(1);
      }
    } finally {
      await db.close();
    }
  }, 60_000);
});
