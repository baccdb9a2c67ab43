import type { Db } from '../../db/create-db.ts';
import type { XAccountsTable } from '../../db/accounts.tables.ts';
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';

export type XAccountRow = Selectable<XAccountsTable>;

export async function insertOAuthState(
  db: Db,
  s: { state: string; userId: string; codeVerifier: string; expiresAt: Date },
): Promise<void> {
  await db.kysely
    .insertInto('x_oauth_states')
    .values({
      state: s.state,
      user_id: s.userId,
      code_verifier: s.codeVerifier,
      expires_at: s.expiresAt,
    })
    .execute();
}

/** Sign-ins that ended or ran out: nothing reads them again. */
export async function deleteStaleOAuthStates(db: Db): Promise<void> {
  await db.kysely
    .deleteFrom('x_oauth_states')
    .where((eb) => eb.or([eb('expires_at', '<=', new Date()), eb('used_at', 'is not', null)]))
    .execute();
}

/**
 * Marks a live state used and answers whose it is and its verifier; undefined for a state that is
 * unknown, used or expired. The conditional update makes it single use even under a race.
 */
export async function consumeOAuthState(
  db: Db,
  state: string,
): Promise<{ userId: string; codeVerifier: string } | undefined> {
  const row = await db.kysely
    .updateTable('x_oauth_states')
    .set({ used_at: new Date() })
    .where('state', '=', state)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning(['user_id', 'code_verifier'])
    .executeTakeFirst();
  return row ? { userId: row.user_id, codeVerifier: row.code_verifier } : undefined;
}

export async function findXAccount(db: Db, userId: string): Promise<XAccountRow | undefined> {
  return db.kysely
    .selectFrom('x_accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Connects the X account to the user, replacing the user's previous one; an X account connected
 * to another user moves here (whoever signs in to X last owns the link).
 */
export async function saveXAccount(db: Db, account: Insertable<XAccountsTable>): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    // One save of an X account at a time: two at once (two callbacks) would both insert, and the
    // second fail on the x_user_id index, which the user_id conflict target does not arbitrate.
    const key = `x-account|${account.x_user_id}`;
    await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
    await trx
      .deleteFrom('x_accounts')
      .where('x_user_id', '=', account.x_user_id)
      .where('user_id', '<>', account.user_id)
      .execute();
    const { user_id: _userId, ...changes } = account;
    await trx
      .insertInto('x_accounts')
      .values(account)
      .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
      .execute();
  });
}

export async function updateXAccount(
  db: Db,
  userId: string,
  changes: Updateable<XAccountsTable>,
): Promise<void> {
  await db.kysely.updateTable('x_accounts').set(changes).where('user_id', '=', userId).execute();
}

/** Answers whether there was one. */
export async function deleteXAccount(db: Db, userId: string): Promise<boolean> {
  const deleted = await db.kysely
    .deleteFrom('x_accounts')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}
