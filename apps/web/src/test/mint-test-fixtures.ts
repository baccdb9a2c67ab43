import { bytesToBase64, equalBytes, parsePsbt } from '@om/bitcoin';
import type { Allocation, InscriptionDetailsPayload, PublicLaunchpad } from '@om/core';
import { ok } from './trade-test-kit.tsx';
import {
  BUYER_ORDINALS,
  BUYER_PAYMENT,
  PLATFORM,
  purchaseFixture,
  THIEF,
  type FixtureListing,
  type PurchaseFixture,
} from './trade-test-fixtures.ts';
import type { WalletAccount } from '../features/wallet/wallet.types.ts';

// The mint page tests: a launch of 10 rocks at a fixed time, and mint offers that are real
// purchases of items in the creator's maker wallet, built with packages/bitcoin (ADR 010).

/** 2026-03-01 12:00:00 UTC: the tests freeze Date here. */
export const NOW = new Date('2026-03-01T12:00:00Z');
const T = NOW.getTime() / 1000;

export const LAUNCH_ID = '8c1d4e2a-5b6f-4a70-9e13-7f2b3c4d5e6f';
export const SLUG = 'rock-launch';
const WL_PRICE = 50_000n;
const PUBLIC_PRICE = 80_000n;
export const TXID = '7e'.repeat(32);

export const buyer: WalletAccount = {
  id: 'dev',
  paymentAddress: BUYER_PAYMENT.address,
  paymentPublicKey: BUYER_PAYMENT.publicKeyHex,
  ordinalsAddress: BUYER_ORDINALS.address,
  ordinalsPublicKey: BUYER_ORDINALS.publicKeyHex,
};

export const FEES = { fastestFee: 12, halfHourFee: 6, hourFee: 3, economyFee: 2, minimumFee: 1 };

type Phase = PublicLaunchpad['phases'][number];

function phase(changes: Partial<Phase> & Pick<Phase, 'id' | 'name'>): Phase {
  return {
    launchpad_id: LAUNCH_ID,
    phase_number: 1,
    start_date: T - 600,
    end_date: T + 3600,
    status: 'active',
    total_inscriptions: 10,
    remaining_inscriptions: 7,
    is_public: false,
    price: WL_PRICE.toString(),
    allocation: 2,
    ...changes,
  };
}

/** Whitelist Sale open since 10 min, for 1 h more; Public Sale the hour after. */
const WL_PHASE_ID = 'b1f0c2d3-0000-4000-8000-000000000001';
const PHASES = [
  phase({ id: WL_PHASE_ID, name: 'Whitelist Sale' }),
  phase({
    id: 'b1f0c2d3-0000-4000-8000-000000000002',
    name: 'Public Sale',
    phase_number: 2,
    start_date: T + 3600,
    end_date: T + 7200,
    is_public: true,
    price: PUBLIC_PRICE.toString(),
    allocation: null,
  }),
];

export function launchPayload(changes: Partial<PublicLaunchpad> = {}): PublicLaunchpad {
  return {
    id: LAUNCH_ID,
    slug: SLUG,
    status: 'active',
    launchpad_type: 'psbt',
    total_inscriptions: 10,
    remaining_inscriptions: 7,
    minted: 3,
    moving_inscriptions: 0,
    reserved_inscriptions: 0,
    meta_data: { presold_inscriptions: null, total_sold_override: null },
    hide_progress: false,
    created_at: '2026-02-28T12:00:00Z',
    collection: {
      name: 'Rocks',
      slug: SLUG,
      description: 'Ten pre-inscribed rocks, minted in two phases.',
      icon: null,
    },
    phases: PHASES,
    ...changes,
  };
}

export function allocationPayload(changes: Partial<Allocation> = {}): Allocation {
  return {
    phaseId: WL_PHASE_ID,
    isPublic: false,
    isAllowed: true,
    allocation: 2,
    minted: 0,
    remaining: 2,
    ...changes,
  };
}

/** Two items of the launch in the maker wallet; orderbook ids are the listing ids. */
export const MINT_ITEMS = [
  {
    listingId: '3a7c9e1f-2b4d-4f6a-8c0e-1d3f5a7b9c21',
    inscriptionId: `${'a1'.repeat(32)}i0`,
    outpoint: `${'c1'.repeat(32)}:0`,
    price: WL_PRICE,
  },
  {
    listingId: '3a7c9e1f-2b4d-4f6a-8c0e-1d3f5a7b9c22',
    inscriptionId: `${'a2'.repeat(32)}i0`,
    outpoint: `${'c2'.repeat(32)}:1`,
    price: WL_PRICE,
  },
] as const satisfies readonly FixtureListing[];

/** The indexer's answer: each item at offset 0 of its output in the maker wallet. */
export function details(item: FixtureListing): InscriptionDetailsPayload {
  return {
    inscriptionId: item.inscriptionId,
    number: 1,
    sequence: 1,
    contentType: 'image/png',
    contentLength: 100,
    contentEncoding: null,
    metaprotocol: null,
    charms: [],
    parents: [],
    delegate: null,
    genesisHeight: 100,
    genesisTxid: item.inscriptionId.slice(0, 64),
    genesisFee: '1000',
    timestamp: '2026-01-01T00:00:00Z',
    satpoint: `${item.outpoint}:0`,
    address: 'bcrt1qmakerwallet',
    outputValue: '10000',
    collectionSlug: SLUG,
    name: null,
    collection: null,
    traits: [],
    edition: null,
    isMoving: false,
    movingTxid: null,
  };
}

export type MintTamper = 'inscription-elsewhere' | 'fee-elsewhere' | 'price-above-phase';

/**
 * What offer/create answers for `count` items at 6 sat/vB: a real purchase of protected items,
 * chained behind a padding setup when `chained`; `tamper` edits it as a compromised server might.
 */
export function mintFixture({
  count = 1,
  chained = false,
  tamper,
}: { count?: number; chained?: boolean; tamper?: MintTamper } = {}): PurchaseFixture & {
  ids: string[];
} {
  const listings = MINT_ITEMS.slice(0, count).map((item) =>
    tamper === 'price-above-phase' ? { ...item, price: item.price + 5_000n } : item,
  );
  const fixture = purchaseFixture({
    listings,
    isProtected: true,
    chained,
    ...(tamper === 'inscription-elsewhere' ? { tamper } : {}),
  });
  const ids = listings.map((item) => item.listingId);
  if (tamper !== 'fee-elsewhere') return { ...fixture, ids };
  const tx = parsePsbt(fixture.psbt);
  for (let i = 0; i < tx.outputsLength; i++) {
    const { script } = tx.getOutput(i);
    if (script && equalBytes(script, PLATFORM.script)) tx.updateOutput(i, { script: THIEF.script });
  }
  return { ...fixture, psbt: bytesToBase64(tx.toPSBT()), ids };
}

export function offerAnswer(fixture: ReturnType<typeof mintFixture>) {
  return ok({
    ids: fixture.ids,
    psbt: fixture.psbt,
    inputsToSign: fixture.buyerInputs.map((index) => ({ index, address: BUYER_PAYMENT.address })),
    setupPsbt: fixture.setupPsbt,
    setupInputsToSign: fixture.setupPsbt ? [{ index: 0, address: BUYER_PAYMENT.address }] : [],
    quote: fixture.quote,
    expiresAt: new Date(NOW.getTime() + 5 * 60_000).toISOString(),
  });
}
