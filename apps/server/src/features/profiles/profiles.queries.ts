import type { Artist, Artwork, ProfileSummary, ProfileUpdate } from '@om/core';
import { sql } from 'kysely';
import type { Db } from '../../db/create-db.ts';

type ProfileRow = {
  address: string;
  username: string | null;
  name: string | null;
  is_artist: boolean;
};

const toSummary = (r: ProfileRow): ProfileSummary => ({
  username: r.username === '' ? null : r.username,
  name: r.name === '' ? null : r.name,
  isArtist: r.is_artist,
});

/**
 * The profiles of these addresses: a user's sign-in address, or an address linked to the user in
 * `addresses` (product.md#records Address). Addresses without a profile are absent.
 */
export async function findProfilesByAddress(
  db: Db,
  addresses: readonly string[],
): Promise<Map<string, ProfileSummary>> {
  if (addresses.length === 0) return new Map();
  const list = [...addresses];
  const { rows } = await sql<ProfileRow>`
    select u.address, p.username, p.metadata->>'name' as name, p.is_artist
    from users u join profiles p on p.user_id = u.id
    where u.address in (${sql.join(list)})
    union all
    select a.address, p.username, p.metadata->>'name' as name, p.is_artist
    from addresses a join profiles p on p.user_id = a.user_id
    where a.address in (${sql.join(list)})
  `.execute(db.kysely);
  return new Map(rows.map((r) => [r.address, toSummary(r)]));
}

/**
 * Writes the user's profile whole; other metadata keys are kept. Throws the database's unique
 * violation (23505) when another profile has the username in any case.
 */
export async function upsertProfile(
  db: Db,
  userId: string,
  p: ProfileUpdate,
): Promise<ProfileSummary> {
  const username = p.username === '' ? null : p.username;
  const name = p.name === '' ? {} : { name: p.name };
  const row = await db.kysely
    .insertInto('profiles')
    .values({
      user_id: userId,
      username,
      is_artist: p.isArtist,
      metadata: JSON.stringify(name),
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        username,
        is_artist: p.isArtist,
        metadata: sql`(profiles.metadata - 'name') || ${JSON.stringify(name)}::jsonb`,
      }),
    )
    .returning(['username', 'is_artist', sql<string | null>`metadata->>'name'`.as('name')])
    .executeTakeFirstOrThrow();
  return toSummary({ address: '', ...row });
}

const ARTISTS = sql`
  from profiles p join users u on u.id = p.user_id
  where p.is_artist and p.username <> ''`;

/** Artists by username (unique, so the order is stable across pages); one extra row tells hasMore. */
export async function findArtists(db: Db, limit: number, offset: number): Promise<Artist[]> {
  const { rows } = await sql<{ address: string; username: string; name: string | null }>`
    select u.address, p.username, p.metadata->>'name' as name ${ARTISTS}
    order by lower(p.username)
    limit ${limit} offset ${offset}
  `.execute(db.kysely);
  return rows.map((r) => ({ ...r, name: r.name || null }));
}

export async function findArtist(
  db: Db,
  username: string,
): Promise<(Artist & { userId: string }) | undefined> {
  const { rows } = await sql<{
    user_id: string;
    address: string;
    username: string;
    name: string | null;
  }>`
    select p.user_id, u.address, p.username, p.metadata->>'name' as name ${ARTISTS}
      and lower(p.username) = ${username}
  `.execute(db.kysely);
  const r = rows[0];
  return r && { userId: r.user_id, address: r.address, username: r.username, name: r.name || null };
}

/**
 * An artist's artwork: the items of the collections they launched or onboarded, and the originals
 * of their editions (product.md#creator-side is the creator side: an artist is a profile that
 * creates launches, product.md#roles). Not what their address holds: that includes what they
 * bought, and the address page shows it already. Public ones only: a collection approved by
 * review, or with a live launch (its mint page is public while it is reviewed). Newest collection
 * first, then by inscription number.
 */
export async function findArtwork(
  db: Db,
  userId: string,
  limit: number,
  offset: number,
): Promise<Artwork[]> {
  const { rows } = await sql<{
    inscription_id: string;
    number: string | null;
    name: string | null;
    content_type: string | null;
    slug: string;
  }>`
    with work as (
      select i.inscription_id, c.slug, c.created_at
      from collections c join inscriptions i on i.collection_id = c.id
      where c.creator_user_id = ${userId}
        and (not c.is_under_review or exists (
          select 1 from launchpads l where l.collection_id = c.id and l.status = 'active'))
      union all
      select l.edition_inscription_id, c.slug, c.created_at
      from launchpads l join collections c on c.id = l.collection_id
      where l.creator_user_id = ${userId} and l.launchpad_type = 'editions'
        and l.status = 'active' and l.edition_inscription_id is not null
    ), one as (
      select distinct on (inscription_id) inscription_id, slug, created_at
      from work order by inscription_id, created_at desc
    )
    select one.inscription_id, ci.number, i.name,
           coalesce(ci.content_type, i.file_type) as content_type, one.slug
    from one
    left join chain_inscriptions ci on ci.inscription_id = one.inscription_id
    left join inscriptions i on i.inscription_id = one.inscription_id
    order by one.created_at desc, ci.number asc nulls last, one.inscription_id
    limit ${limit} offset ${offset}
  `.execute(db.kysely);
  return rows.map((r) => ({
    inscriptionId: r.inscription_id,
    number: r.number === null ? null : Number(r.number),
    name: r.name,
    contentType: r.content_type,
    collectionSlug: r.slug,
  }));
}

/**
 * Links an address the user proved they control to their profile; proving it again from another
 * profile moves it there (whoever holds the key decides).
 */
export async function linkAddress(db: Db, address: string, userId: string): Promise<void> {
  await db.kysely
    .insertInto('addresses')
    .values({ address, user_id: userId })
    .onConflict((oc) => oc.column('address').doUpdateSet({ user_id: userId }))
    .execute();
}
