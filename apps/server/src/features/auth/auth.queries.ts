import type { Db } from '../../db/create-db.ts';

export async function insertChallenge(
  db: Db,
  c: { address: string; message: string; nonce: string; expiresAt: Date },
): Promise<void> {
  await db.kysely
    .insertInto('auth_challenges')
    .values({ address: c.address, message: c.message, nonce: c.nonce, expires_at: c.expiresAt })
    .execute();
}

/**
 * Finds the address's live challenge whose message the signature signs and marks it used.
 * The conditional update makes a challenge single use even when two sign-ins race.
 */
export async function consumeChallenge(
  db: Db,
  address: string,
  signs: (message: string) => boolean,
): Promise<'ok' | 'none' | 'bad-signature'> {
  const live = await db.kysely
    .selectFrom('auth_challenges')
    .select(['id', 'message'])
    .where('address', '=', address)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('created_at', 'desc')
    .limit(5)
    .execute();
  if (live.length === 0) return 'none';
  const signed = live.find((c) => signs(c.message));
  if (!signed) return 'bad-signature';
  const used = await db.kysely
    .updateTable('auth_challenges')
    .set({ used_at: new Date() })
    .where('id', '=', signed.id)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return used ? 'ok' : 'none';
}

export async function upsertUser(
  db: Db,
  address: string,
  publicKey: string,
): Promise<{ id: string }> {
  return db.kysely
    .insertInto('users')
    .values({ address, public_key: publicKey })
    .onConflict((oc) =>
      oc.column('address').doUpdateSet({ public_key: publicKey, last_sign_in_at: new Date() }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
}
