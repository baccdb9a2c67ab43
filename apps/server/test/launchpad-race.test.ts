import { randomBytes } from 'node:crypto';
import { LAUNCHPAD_SLUG_TAKEN } from '@om/core';
import { describe, expect, it } from 'vitest';
import { insertEditionLaunch } from '../src/features/launchpad/launchpad.queries.ts';
import { createTestDb, databaseKinds } from './helpers/test-app.ts';

// A creator's double submit sends one new launch twice at once: both pass the service's slug
// check, then create the collection in turn. The second must answer the 409 a later request gets,
// not a 500 from the slug's unique index.

describe.each(databaseKinds())('one launch per slug, created twice at once, on %s', (kind) => {
  it('creates one and answers the rest that the slug is taken', async () => {
    const db = await createTestDb(kind);
    try {
      for (let round = 0; round < 20; round++) {
        const slug = `race-${randomBytes(6).toString('hex')}`;
        const edition = {
          slug,
          collection: {
            name: 'Race',
            description: '',
            icon: '',
            websiteLink: '',
            twitterLink: '',
            discordLink: '',
            telegramLink: '',
            instagramLink: '',
            creatorName: '',
            creatorEmail: '',
            creatorBtcAddress: 'bcrt1qcreator',
          },
          creatorUserId: null,
          editionInscriptionId: `${randomBytes(32).toString('hex')}i0`,
          numberOfEditions: 10,
          signature: 'signed',
          hideProgress: false,
          makerPaymentAddress: 'bcrt1qmaker',
          makerOrdinalAddress: 'bcrt1qmaker',
          price: 1_000n,
          startDate: 1_700_000_000,
          endDate: null,
        };
        const asks = Array.from({ length: 4 }, () => insertEditionLaunch(db, edition));
        const results = await Promise.allSettled(asks);
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        for (const r of results) {
          if (r.status === 'rejected') {
            expect(r.reason).toMatchObject({ code: 'CONFLICT', message: LAUNCHPAD_SLUG_TAKEN });
          }
        }
      }
    } finally {
      await db.close();
    }
  }, 60_000);
});
