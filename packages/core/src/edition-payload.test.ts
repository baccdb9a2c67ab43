import { describe, it, expect } from 'vitest';
import type { CollectionInfo } from './collection-info.ts';
import type { EditionFormValues } from './edition-form.ts';
import { toEditionPayload } from './edition-payload.ts';

const ID = `${'d'.repeat(64)}i0`;
const info: CollectionInfo = {
  name: 'Frog Edition',
  slug: 'frog-edition',
  description: 'One frog, many editions, all on Bitcoin.',
  website_link: 'https://frogs.example',
  twitter_link: 'https://x.com/frogs',
  discord_link: '',
  telegram_link: 'https://t.me/frogs_chat',
  instagram_link: 'https://instagram.com/frogs',
  creator_name: 'Satoshi',
  creator_email: 'satoshi@example.com',
  creator_btc_address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  icon: 'https://cdn.example.com/icon.png',
};
const form: EditionFormValues = {
  inscriptionId: ID,
  numberOfEditions: '250',
  signature: `${ID}:1:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq:SGVsbG8=`,
  price: 0.0005,
  hideProgress: true,
  startDate: '2025-06-01T10:00',
  endDate: '',
};

describe('toEditionPayload', () => {
  it('builds the create request', () => {
    expect(toEditionPayload(form, info)).toEqual({
      editionInscriptionId: ID,
      makerPaymentAddress: info.creator_btc_address,
      numberOfEditions: 250,
      slug: 'frog-edition',
      startDate: new Date(2025, 5, 1, 10, 0).getTime() / 1000,
      endDate: null,
      price: '50000',
      signature: form.signature,
      metaData: { ...info, hide_progress: true },
      meta: {
        name: 'Frog Edition',
        slug: 'frog-edition',
        description: info.description,
        website_link: 'https://frogs.example',
        twitter_link: 'https://x.com/frogs',
        discord_link: '',
        icon: 'https://cdn.example.com/icon.png',
      },
    });
  });

  it.each([
    [{ startDate: '', endDate: '' }, null, null],
    [{ startDate: '', endDate: '2025-07-01T00:00' }, null, new Date(2025, 6, 1).getTime() / 1000],
  ])('dates %j', (dates, start, end) => {
    const payload = toEditionPayload({ ...form, ...dates }, info);
    expect([payload.startDate, payload.endDate]).toEqual([start, end]);
  });

  it('does not change the info it was given', () => {
    toEditionPayload(form, info);
    expect(info.creator_email).toBe('satoshi@example.com');
  });
});
