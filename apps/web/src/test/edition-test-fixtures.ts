import type { CollectionInfoInput, EditionFormValues, InscriptionDetailsPayload } from '@om/core';
import { CREATOR, inscriptionId } from './wizard-test-kit.tsx';

// The Edition flow's tests: the creator's original inscription, the indexer's answer about it,
// and a filled-in edition of it.

export const ORIGINAL = inscriptionId('e1');
export const DETAILS = `GET /api/shared/inscriptions/details/${ORIGINAL}`;
/** What the Dev wallet's BIP-322 signature looks like: base64. */
export const SIGNED_MESSAGE = 'AkcwRAIgc2lnbmVkQnlUaGVDcmVhdG9y+/8=';
const SIGNED_AT = 1_900_000_000_000;
export const SIGNATURE = `${ORIGINAL}:${SIGNED_AT}:${CREATOR.ordinalsAddress}:${SIGNED_MESSAGE}`;

/** GET /api/shared/inscriptions/details/{id}: `id` held by `address`. */
export function detailsOf(id: string, address: string | null): InscriptionDetailsPayload {
  return {
    inscriptionId: id,
    number: 7,
    sequence: 7,
    contentType: 'image/png',
    contentLength: 100,
    contentEncoding: null,
    metaprotocol: null,
    charms: [],
    parents: [],
    delegate: null,
    genesisHeight: 100,
    genesisTxid: id.slice(0, 64),
    genesisFee: '1000',
    timestamp: '2026-01-01T00:00:00Z',
    satpoint: `${id.slice(0, 64)}:0:0`,
    address,
    outputValue: '10000',
    collectionSlug: null,
    name: null,
    collection: null,
    traits: [],
    edition: null,
    isMoving: false,
    movingTxid: null,
  };
}

export const EDITION_INFO: CollectionInfoInput = {
  name: 'Regtest Rocks',
  slug: 'regtest-rocks',
  description: 'One rock, in ten editions, on regtest.',
  website_link: 'https://rocks.example',
  twitter_link: '',
  discord_link: '',
  telegram_link: 't.me/regtest_rocks',
  instagram_link: '',
  creator_name: 'Satoshi',
  creator_email: 'satoshi@example.com',
  creator_btc_address: CREATOR.paymentAddress,
  icon: '/uploads/user-1/icon.png',
};

export const EDITION: EditionFormValues = {
  inscriptionId: ORIGINAL,
  numberOfEditions: '10',
  signature: SIGNATURE,
  price: '0.0005',
  hideProgress: true,
  startDate: '2030-01-01T10:00',
  endDate: '2030-01-02T10:00',
};
