import { signBip322Simple } from '@om/bitcoin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import { api, newTrader, newWallet, type Wallet } from './helpers/trading.ts';

// product.md#profiles-and-artists, profiles and artists: product.md#records (Profile: isArtist,
// username, metadata.name), product.md#roles (artists are profiles with isArtist and a non-empty
// username), product.md#constants-and-limits (artists 20 a page, artwork 12, profile batch lookup
// 30), product.md#roles (writes without sign-in are refused).

const UNAUTHENTICATED = {
  success: false,
  error: 'user is not authenticated',
  errors: [{ msg: 'user is not authenticated' }],
};
const refusal = (msg: string, path?: string) => ({
  success: false,
  error: msg,
  errors: [path ? { msg, path } : { msg }],
});

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

describe.each(databaseKinds())('profiles on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, node, { WRITE_RATE_LIMIT_PER_MINUTE: '10000' });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A user with a profile, straight in the database (for lists longer than sign-ins are quick). */
  async function addProfile(p: { username: string | null; isArtist: boolean; name?: string }) {
    const address = newWallet('p2tr').address;
    const user = await t.db.kysely
      .insertInto('users')
      .values({ address, public_key: '00'.repeat(32) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .insertInto('profiles')
      .values({
        user_id: user.id,
        username: p.username,
        is_artist: p.isArtist,
        metadata: JSON.stringify(p.name ? { name: p.name } : {}),
      })
      .execute();
    return { address, userId: user.id };
  }

  it('answers nulls for an address without a profile, a 400 for a bad address', async () => {
    const address = newWallet('p2tr').address;
    expect(await api(t, 'GET', `/api/profiles/${address}`)).toEqual({
      status: 200,
      body: {
        success: true,
        payload: { address, username: null, name: null, isArtist: false },
      },
    });
    expect(await api(t, 'GET', '/api/profiles/bc1nonsense')).toEqual({
      status: 400,
      body: refusal('address: not a valid regtest address', 'address'),
    });
  });

  it('refuses a profile write without sign-in', async () => {
    const body = { username: 'nobody', name: '', isArtist: false };
    expect(await api(t, 'PUT', '/api/profile', body)).toEqual({
      status: 401,
      body: UNAUTHENTICATED,
    });
  });

  it('lets the signed-in owner edit their profile, shown at their address', async () => {
    const owner = await newTrader(t);
    const body = { username: '  Satoshi_1 ', name: ' Satoshi ', isArtist: true };
    const saved = await api(t, 'PUT', '/api/profile', body, owner.token);
    const profile = {
      address: owner.ordinals.address,
      username: 'satoshi_1',
      name: 'Satoshi',
      isArtist: true,
    };
    expect(saved).toEqual({ status: 200, body: { success: true, payload: profile } });
    expect((await api(t, 'GET', `/api/profiles/${owner.ordinals.address}`)).body.payload).toEqual(
      profile,
    );

    // Written whole: clearing the name and the artist flag, keeping the username.
    const edited = await api(
      t,
      'PUT',
      '/api/profile',
      { username: 'satoshi_1', name: '', isArtist: false },
      owner.token,
    );
    expect(edited.body.payload).toEqual({ ...profile, name: null, isArtist: false });
  });

  it('refuses a bad username, a long name and an artist without a username, with 400s', async () => {
    const owner = await newTrader(t);
    const cases: [object, string][] = [
      [
        { username: 'ab', name: '', isArtist: false },
        'The username must be 3 to 20 characters: a-z, 0-9 or _.',
      ],
      [
        { username: 'no-dashes', name: '', isArtist: false },
        'The username must be 3 to 20 characters: a-z, 0-9 or _.',
      ],
      [
        { username: 'a'.repeat(21), name: '', isArtist: false },
        'The username must be 3 to 20 characters: a-z, 0-9 or _.',
      ],
      [
        { username: 'okname', name: 'n'.repeat(51), isArtist: false },
        'The name must be at most 50 characters.',
      ],
      [
        { username: '', name: 'Anon', isArtist: true },
        'Choose a username to be listed as an artist.',
      ],
      [{ username: 'okname', name: '', isArtist: 'yes' }, 'isArtist must be true or false'],
    ];
    for (const [body, msg] of cases) {
      const res = await api(t, 'PUT', '/api/profile', body, owner.token);
      expect(res.status, msg).toBe(400);
      expect(res.body.error).toBe(msg);
    }
  });

  it('answers 409 when another profile has the username in any case', async () => {
    const first = await newTrader(t);
    const second = await newTrader(t);
    const take = { username: 'taken_name', name: '', isArtist: false };
    expect((await api(t, 'PUT', '/api/profile', take, first.token)).status).toBe(200);
    const clash = await api(
      t,
      'PUT',
      '/api/profile',
      { ...take, username: 'TAKEN_NAME' },
      second.token,
    );
    expect(clash).toEqual({ status: 409, body: refusal('That username is taken.') });
    // Its owner may save it again.
    expect((await api(t, 'PUT', '/api/profile', take, first.token)).status).toBe(200);
  });

  it('lists artists 20 a page by username, only artists with a username', async () => {
    const names = Array.from({ length: 21 }, (_, i) => `zz_artist_${String(i).padStart(2, '0')}`);
    for (const username of [...names].reverse()) {
      await addProfile({ username, isArtist: true, name: `Artist ${username}` });
    }
    await addProfile({ username: 'zz_not_artist', isArtist: false });
    await addProfile({ username: '', isArtist: true });
    await addProfile({ username: null, isArtist: true });

    const all: string[] = [];
    for (let page = 1; ; page++) {
      const res = await api(t, 'GET', `/api/artists?page=${page}`);
      expect(res.status).toBe(200);
      expect(res.body.payload.artists.length).toBeLessThanOrEqual(20);
      all.push(...res.body.payload.artists.map((a: { username: string }) => a.username));
      if (!res.body.payload.hasMore) break;
    }
    const listed = all.filter((u) => u.startsWith('zz_'));
    expect(listed).toEqual(names);
    expect(all).toEqual([...all].sort());

    const firstPage = await api(t, 'GET', '/api/artists?page=1');
    expect(firstPage.body.payload.artists).toHaveLength(20);
    expect(firstPage.body.payload).toMatchObject({ page: 1, hasMore: true });
    expect((await api(t, 'GET', '/api/artists?page=0')).body.error).toBe(
      'page must be a whole number from 1',
    );
  });

  it("pages an artist's artwork by 12: their public collections and edition originals", async () => {
    const artist = await addProfile({ username: 'painter', isArtist: true, name: 'The Painter' });
    const id = (prefix: string, n: number) => `${prefix}${String(n).padStart(62, '0')}i0`;
    const collection = async (slug: string, isUnderReview: boolean, ids: string[]) => {
      const c = await t.db.kysely
        .insertInto('collections')
        .values({
          slug,
          name: slug,
          creator_user_id: artist.userId,
          is_under_review: isUnderReview,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (ids.length > 0) {
        await t.db.kysely
          .insertInto('inscriptions')
          .values(ids.map((inscription_id) => ({ inscription_id, collection_id: c.id })))
          .execute();
      }
      return c.id;
    };
    const published = Array.from({ length: 13 }, (_, n) => id('aa', n));
    await collection('painter-works', false, published);
    // Under review with no live launch: not public yet.
    await collection('painter-drafts', true, [id('bb', 0), id('bb', 1)]);
    // A live edition: its original counts as their work.
    const original = id('cc', 0);
    await t.db.kysely.insertInto('inscriptions').values({ inscription_id: original }).execute();
    const editionCollection = await collection('painter-edition', true, []);
    await t.db.kysely
      .insertInto('launchpads')
      .values({
        slug: 'painter-edition',
        collection_id: editionCollection,
        status: 'active',
        launchpad_type: 'editions',
        edition_inscription_id: original,
        number_of_editions: 10,
        meta_data: JSON.stringify({}),
        maker_payment_address: artist.address,
        creator_user_id: artist.userId,
      })
      .execute();

    const first = await api(t, 'GET', '/api/artists/Painter/artwork');
    expect(first.status).toBe(200);
    expect(first.body.payload.artist).toEqual({
      address: artist.address,
      username: 'painter',
      name: 'The Painter',
    });
    expect(first.body.payload).toMatchObject({ page: 1, hasMore: true });
    expect(first.body.payload.artwork).toHaveLength(12);
    const second = await api(t, 'GET', '/api/artists/painter/artwork?page=2');
    expect(second.body.payload).toMatchObject({ page: 2, hasMore: false });
    expect(second.body.payload.artwork).toHaveLength(2);

    const ids = [...first.body.payload.artwork, ...second.body.payload.artwork].map(
      (a: { inscriptionId: string }) => a.inscriptionId,
    );
    expect(new Set(ids)).toEqual(new Set([...published, original]));
    // The newest collection first (the edition's), then each collection's items in order.
    expect(ids.slice(0, 2)).toEqual([original, published[0]]);
    expect(second.body.payload.artwork[1]).toEqual({
      inscriptionId: published[12],
      number: null,
      name: null,
      contentType: null,
      collectionSlug: 'painter-works',
    });

    expect(await api(t, 'GET', '/api/artists/nobody_here/artwork')).toEqual({
      status: 404,
      body: refusal('No artist is named nobody_here.'),
    });
  });

  it('names up to 30 addresses at once, only those with a profile; 400 past 30', async () => {
    const named = await addProfile({ username: 'batch_one', isArtist: true, name: 'One' });
    const plain = await addProfile({ username: null, isArtist: false, name: 'Plain' });
    const strangers = Array.from({ length: 28 }, () => newWallet('p2wpkh').address);
    const addresses = [named.address, plain.address, ...strangers];
    const res = await api(t, 'POST', '/api/profiles/batch', { addresses });
    expect(res).toEqual({
      status: 200,
      body: {
        success: true,
        payload: {
          profiles: {
            [named.address]: { username: 'batch_one', name: 'One', isArtist: true },
            [plain.address]: { username: null, name: 'Plain', isArtist: false },
          },
        },
      },
    });

    const tooMany = await api(t, 'POST', '/api/profiles/batch', {
      addresses: [...addresses, newWallet('p2tr').address],
    });
    expect(tooMany).toEqual({
      status: 400,
      body: refusal('addresses must name at most 30 addresses', 'addresses'),
    });
    const bad = await api(t, 'POST', '/api/profiles/batch', { addresses: ['not-an-address'] });
    expect(bad).toEqual({
      status: 400,
      body: refusal('addresses.0: not a valid regtest address', 'addresses.0'),
    });
  });

  /** A proof that the wallet controls `w`: its sign-in challenge, signed (BIP-322). */
  async function proofOf(w: Wallet) {
    const challenge = await api(t, 'POST', '/api/auth/challenge', { address: w.address });
    const message = challenge.body.payload.message as string;
    const signature = signBip322Simple(message, w.key, w.address, 'regtest');
    return { address: w.address, publicKey: w.publicKey, signature };
  }

  it('shows the profile at the ordinals address once the wallet proves it, by a single-use challenge', async () => {
    const owner = await newTrader(t, { signInWith: 'payment' });
    const body = { username: 'two_keys', name: 'Two Keys', isArtist: false };
    expect((await api(t, 'PUT', '/api/profile', body, owner.token)).status).toBe(200);
    const atOrdinals = `/api/profiles/${owner.ordinals.address}`;
    expect((await api(t, 'GET', atOrdinals)).body.payload.username).toBeNull();

    const proof = await proofOf(owner.ordinals);
    expect(await api(t, 'POST', '/api/profile/addresses', proof)).toEqual({
      status: 401,
      body: UNAUTHENTICATED,
    });
    const linked = await api(t, 'POST', '/api/profile/addresses', proof, owner.token);
    const profile = {
      address: owner.ordinals.address,
      username: 'two_keys',
      name: 'Two Keys',
      isArtist: false,
    };
    expect(linked).toEqual({ status: 200, body: { success: true, payload: profile } });
    expect((await api(t, 'GET', atOrdinals)).body.payload).toEqual(profile);
    const batch = await api(t, 'POST', '/api/profiles/batch', {
      addresses: [owner.ordinals.address, owner.payment.address],
    });
    expect(Object.keys(batch.body.payload.profiles).sort()).toEqual(
      [owner.ordinals.address, owner.payment.address].sort(),
    );

    // The same signature again, or someone else's address: nothing is linked.
    const other = await newTrader(t, { signInWith: 'payment' });
    const replay = await api(t, 'POST', '/api/profile/addresses', proof, other.token);
    expect(replay).toEqual({
      status: 401,
      body: refusal('No valid challenge for this address: request a new one.'),
    });
    const forged = { ...(await proofOf(other.ordinals)), address: owner.ordinals.address };
    const stolen = await api(t, 'POST', '/api/profile/addresses', forged, other.token);
    expect(stolen.status).toBe(400);
    expect(stolen.body.error).toBe('publicKey: does not belong to address');
    expect((await api(t, 'GET', atOrdinals)).body.payload).toEqual(profile);
  });
});
