import type { Db } from '../../db/create-db.ts';
import type { XAccountsTable } from '../../db/accounts.tables.ts';
import { sql, type Selectable } from 'kysely';

/** A user's connected X account; its tokens sealed (token-cipher.ts). */
export interface ConnectedXAccount {
  userId: string;
  xUserId: string;
  username: string;
  name: string;
  accessToken: string;
  refreshToken: string | null;
  /** null: X gave no expiry. */
  accessTokenExpiresAt: Date | null;
  scope: string;
  connectedAt: Date;
}

/** What a sign-in or a token refresh writes; the profile's read time with it. */
export type XAccountChanges = Partial<
  Pick<
    ConnectedXAccount,
    'username' | 'name' | 'accessToken' | 'refreshToken' | 'accessTokenExpiresAt' | 'scope'
  >
> & { profileReadAt?: Date };

export type NewXAccount = Pick<ConnectedXAccount, 'userId' | 'xUserId' | 'username' | 'name'> &
  XAccountChanges & { accessToken: string; connectedAt?: Date };

function toXAccount(row: Selectable<XAccountsTable>): ConnectedXAccount {
  return {
    userId: row.user_id,
    xUserId: row.x_user_id,
    username: row.username,
    name: row.name,
    accessToken: row.access_token,
    refreshToken: row.refresh_token,
    accessTokenExpiresAt: row.access_token_expires_at,
    scope: row.scope,
    connectedAt: row.connected_at,
  };
}

/** The columns a change sets; keys left out stay as they are. */
function changedColumns(changes: XAccountChanges) {
  return {
    username: changes.username,
    name: changes.name,
    access_token: changes.accessToken,
    refresh_token: changes.refreshToken,
    access_token_expires_at: changes.accessTokenExpiresAt,
    scope: changes.scope,
    profile_read_at: changes.profileReadAt,
  };
}

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

export async function findXAccount(db: Db, userId: string): Promise<ConnectedXAccount | undefined> {
  const row = await db.kysely
    .selectFrom('x_accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && toXAccount(row);
}

/**
 * Connects the X account to the user, replacing the user's previous one; an X account connected
 * to another user moves here (whoever signs in to X last owns the link).
 */
export async function saveXAccount(db: Db, account: NewXAccount): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    // One save of an X account at a time: two at once (two callbacks) would both insert, and the
    // second fail on the x_user_id index, which the user_id conflict target does not arbitrate.
    const key = `x-account|${account.xUserId}`;
    await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
    await trx
      .deleteFrom('x_accounts')
      .where('x_user_id', '=', account.xUserId)
      .where('user_id', '<>', account.userId)
      .execute();
    const changes = {
      ...changedColumns(account),
      access_token: account.accessToken,
      x_user_id: account.xUserId,
      connected_at: account.connectedAt,
    };
    await trx
      .insertInto('x_accounts')
      .values({
        ...changes,
        user_id: account.userId,
        username: account.username,
        name: account.name,
      })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
      .execute();
  });
}

export async function updateXAccount(
  db: Db,
  userId: string,
  changes: XAccountChanges,
): Promise<void> {
  await db.kysely
    .updateTable('x_accounts')
    .set(changedColumns(changes))
    .where('user_id', '=', userId)
    .execute();
}

/** Answers whether there was one. */
export async function deleteXAccount(db: Db, userId: string): Promise<boolean> {
  const deleted = await db.kysely
    .deleteFrom('x_accounts')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}
