import { describe, it, expect } from 'vitest';
import type { AuctionDetailsValues } from './auction-details.ts';
import type { AuctionInfo } from './auction-info.ts';
import { toAuctionPayload } from './auction-payload.ts';
import { utxoFromSatpoint } from './inscription-id.ts';

const TXID = 'f'.repeat(64);
const ID = `${TXID}i0`;
const info: AuctionInfo = {
  name: 'Rare Sat',
  slug: 'rare-sat',
  description: 'A single rare sat inscription for auction.',
  auction_url: '',
  twitter_link: '',
  discord_link: '',
  telegram_link: '',
  instagram_link: '',
  creator_name: 'Hal',
  creator_email: 'hal@example.com',
  creator_btc_address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
};
const details: AuctionDetailsValues = {
  start_price: '0.01',
  reserve_price: '',
  start_date: '2025-06-05',
  start_time: '12:00',
  end_date: '2025-06-06',
  end_time: '12:00',
};
const wallet = {
  paymentAddress: 'pay',
  paymentPublicKey: 'pk1',
  ordinalAddress: 'ord',
  ordinalPublicKey: 'pk2',
};

describe('toAuctionPayload', () => {
  it('builds the create request', () => {
    const utxo = utxoFromSatpoint(`${TXID}:1:0`) ?? '';
    expect(toAuctionPayload({ info, details, inscriptionId: ID, utxo, wallet })).toEqual({
      utxo: `${TXID}:1`,
      startPrice: '1000000',
      userPaymentAddress: 'pay',
      userPublicKey: 'pk1',
      userOrdinalAddress: 'ord',
      userOrdinalPublicKey: 'pk2',
      startDate: new Date(2025, 5, 5, 12, 0).getTime() / 1000,
      endDate: new Date(2025, 5, 6, 12, 0).getTime() / 1000,
      slug: 'rare-sat',
      meta: { ...info, inscription_id: ID },
    });
  });

  it.each<[AuctionDetailsValues['reserve_price'], string | undefined]>([
    ['', undefined],
    [null, undefined],
    [undefined, undefined],
    [Number.NaN, undefined],
    [0, '0'],
    ['0.05', '5000000'],
  ])('reserve %j → %s', (reserve, sats) => {
    const payload = toAuctionPayload({
      info,
      details: { ...details, reserve_price: reserve },
      inscriptionId: ID,
      utxo: 'u',
      wallet,
    });
    expect(payload.reservePrice).toBe(sats);
  });

  it('refuses incomplete dates', () => {
    expect(() =>
      toAuctionPayload({
        info,
        details: { ...details, end_time: '' },
        inscriptionId: ID,
        utxo: 'u',
        wallet,
      }),
    ).toThrow('Not a date and time');
  });
});
