import type { AddressInscription } from '@om/core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { saveAuthSession } from '../../lib/auth-session.ts';
import { failure, ok } from '../../test/trade-test-kit.tsx';
import { launchpadApi } from './launchpad.api.ts';
import { CREATOR, fakeApi, inscriptionId } from '../../test/wizard-test-kit.tsx';

const icon = () => new File([new Uint8Array(2048)], 'rocks.png', { type: 'image/png' });

function held(id: string): AddressInscription {
  return {
    inscriptionId: id,
    number: 1,
    name: null,
    contentType: 'image/png',
    collectionSlug: null,
    outpoint: `${'c'.repeat(64)}:0`,
    isMoving: false,
    isTradable: true,
    listingId: null,
    price: null,
  };
}

describe('launchpadApi', () => {
  it('asks whether a name is taken, the name encoded in the query', async () => {
    const calls = fakeApi({
      'GET /api/launchpad/check-name?name=Rock%20%26%20Roll': ok({ taken: true }),
    });
    await expect(launchpadApi.checkName('Rock & Roll')).resolves.toBe(true);
    expect(calls.map((c) => c.path)).toEqual(['/api/launchpad/check-name?name=Rock%20%26%20Roll']);
  });

  it('asks whether a slug is taken', async () => {
    fakeApi({ 'GET /api/launchpad/check-slug/rocks': ok({ taken: false }) });
    await expect(launchpadApi.checkSlug('rocks')).resolves.toBe(false);
  });

  it('uploads the icon signed in, as multipart with one field named file', async () => {
    saveAuthSession({
      token: 'jwt-1',
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
      wallet: CREATOR,
    });
    const calls = fakeApi({ 'POST /api/launchpad/upload-icon': ok({ url: '/uploads/u/abc.png' }) });
    await expect(launchpadApi.uploadIcon(icon())).resolves.toBe('/uploads/u/abc.png');
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/launchpad/upload-icon',
        body: { file: { name: 'rocks.png', type: 'image/png', size: 2048 } },
        authorization: 'Bearer jwt-1',
      },
    ]);
  });

  it('throws the server’s reason of a refused upload', async () => {
    fakeApi({
      'POST /api/launchpad/upload-icon': failure(400, 'Thumbnail must not exceed 1 MB.'),
    });
    const error = await launchpadApi.uploadIcon(icon()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).errors[0]?.msg).toBe('Thumbnail must not exceed 1 MB.');
  });

  it('reads every page of what an address holds', async () => {
    const first = Array.from({ length: 1000 }, (_, i) => held(inscriptionId('a', i)));
    const path = `/api/address/${CREATOR.ordinalsAddress}/inscriptions`;
    const calls = fakeApi({
      [`GET ${path}?limit=1000&offset=0`]: ok({ inscriptions: first }),
      [`GET ${path}?limit=1000&offset=1000`]: ok({ inscriptions: [held(inscriptionId('b'))] }),
    });
    const ids = await launchpadApi.inscriptionIdsOf(CREATOR.ordinalsAddress);
    expect(ids.size).toBe(1001);
    expect(ids.has(inscriptionId('b'))).toBe(true);
    expect(calls.map((c) => c.path)).toEqual([
      `${path}?limit=1000&offset=0`,
      `${path}?limit=1000&offset=1000`,
    ]);
  });
});
