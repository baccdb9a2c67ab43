import { hexToBytes, multisigWallet } from '@om/bitcoin';
import {
  formatDateTime,
  type InscriptionDetailsPayload,
  type InscriptionTransfer,
  type Listing,
  type OrderbookPayload,
  type TradeActivity,
} from '@om/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveAuthSession } from '../../lib/auth-session.ts';
import { renderApp } from '../../test/render-app.tsx';
import { PLATFORM, walletPayload } from '../../test/trade-test-fixtures.ts';
import type { WalletAccount } from '../wallet/wallet.types.ts';

const ID = `${'a'.repeat(64)}i0`;
const PARENT = `${'b'.repeat(64)}i0`;
const DELEGATE = `${'d'.repeat(64)}i1`;
const OWNER = 'bcrt1qowner0000000000000000000000000000000';
const MOVING_TXID = 'e'.repeat(64);

const details: InscriptionDetailsPayload = {
  inscriptionId: ID,
  number: 42,
  sequence: 42,
  contentType: 'text/plain;charset=utf-8',
  contentLength: 2,
  contentEncoding: null,
  metaprotocol: null,
  charms: ['cursed', 'reinscription'],
  parents: [PARENT],
  delegate: null,
  genesisHeight: 840000,
  genesisTxid: 'a'.repeat(64),
  genesisFee: '2500',
  timestamp: '2024-04-20T00:09:27.000Z',
  satpoint: `${'f'.repeat(64)}:1:0`,
  address: OWNER,
  outputValue: '10000',
  collectionSlug: 'pixel-punks',
  name: null,
  collection: null,
  traits: [],
  edition: null,
  isMoving: false,
  movingTxid: null,
};

/** A collection item as the catalogue names it (product.md#walk-through-fixes item 6). */
const blockPunk = {
  ...details,
  name: 'Block Punk #6',
  collectionSlug: 'block-punks',
  collection: {
    slug: 'block-punks',
    name: 'Block Punks',
    supply: 4,
    isListed: true,
    launchSlug: null,
  },
  traits: [
    { category: 'Eyes', value: 'Laser', count: 3 },
    { category: 'Hat', value: 'Crown', count: 1 },
  ],
} satisfies InscriptionDetailsPayload;

const transfer: InscriptionTransfer = {
  txid: '1234567890abcdef'.repeat(4),
  height: 840100,
  timestamp: '2024-04-21T10:00:00.000Z',
  satpoint: `${'1234567890abcdef'.repeat(4)}:0:0`,
  address: OWNER,
  outputValue: '546',
};

type Answer = { status: number; body: unknown };
const ok = (payload: unknown): Answer => ({ status: 200, body: { success: true, payload } });
const failure = (status: number, error: string): Answer => ({
  status,
  body: { success: false, error, errors: [{ msg: error }] },
});

/** Answers by path; anything not listed is a 404 in the API's envelope. */
function mockServer(routes: Record<string, Answer | string>) {
  const fetchMock = vi.fn(async (input: string) => {
    const answer = routes[input] ?? failure(404, 'Not found.');
    if (typeof answer === 'string') return new Response(answer, { status: 200 });
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const detailsPath = (id: string) => `/api/shared/inscriptions/details/${id}`;
const transfersPath = (id: string) => `/api/shared/inscriptions/${id}/transfers`;

describe('/inscriptions/:id', () => {
  it('shows the content, the details and the transfer history', async () => {
    mockServer({
      [detailsPath(ID)]: ok(details),
      [transfersPath(ID)]: ok({ transfers: [transfer] }),
      [`/content/${ID}`]: 'gm',
    });
    renderApp({ path: `/inscriptions/${ID}` });

    const viewer = await screen.findByRole('figure', { name: 'Inscription content' });
    expect(await within(viewer).findByText('gm')).toBeTruthy();
    expect(screen.getByText('#42')).toBeTruthy();
    expect(screen.getByText(OWNER)).toBeTruthy();
    expect(screen.getByText('0.00010000 BTC')).toBeTruthy();
    expect(screen.getByText('(10,000 sats)')).toBeTruthy();
    expect(screen.getByText(details.satpoint)).toBeTruthy();
    expect(screen.getByText('text/plain;charset=utf-8')).toBeTruthy();
    expect(screen.getByText('840000')).toBeTruthy();
    expect(screen.getByText(formatDateTime(new Date(details.timestamp)))).toBeTruthy();
    expect(screen.getByText('2,500 sats')).toBeTruthy();
    const charms = screen.getByRole('list', { name: 'Charms' });
    expect(
      within(charms)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['cursed', 'reinscription']);
    expect(screen.getByRole('link', { name: PARENT }).getAttribute('href')).toBe(
      `/inscriptions/${PARENT}`,
    );
    // No name in the catalogue: its number, not 'Inscription' over a 66-character ID.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Inscription #42');
    // collectionSlug alone is a collection the market does not show (under review): no link.
    expect(screen.queryByRole('link', { name: 'pixel-punks' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Traits' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy inscription ID' })).toBeTruthy();
    expect(screen.queryByText('Moving')).toBeNull();

    const table = await screen.findByRole('table', { name: 'Transfer history' });
    const cells = within(table).getAllByRole('row')[1]!.querySelectorAll('td');
    expect([...cells].map((cell) => cell.textContent)).toEqual([
      '840100',
      formatDateTime(new Date(transfer.timestamp)),
      '12345678…90abcdef',
      'bcrt1q…0000',
      '0.00000546 BTC',
    ]);
  });

  it('marks a moving inscription with the spending transaction', async () => {
    mockServer({
      [detailsPath(ID)]: ok({ ...details, isMoving: true, movingTxid: MOVING_TXID }),
      [transfersPath(ID)]: ok({ transfers: [] }),
      [`/content/${ID}`]: 'gm',
    });
    renderApp({ path: `/inscriptions/${ID}` });
    const notice = await screen.findByText('Moving');
    expect(notice.closest('[role="status"]')?.textContent).toContain(MOVING_TXID);
    expect(await screen.findByText('No transfers yet')).toBeTruthy();
  });

  it("shows a delegating inscription's content with the delegate's content type", async () => {
    mockServer({
      [detailsPath(ID)]: ok({
        ...details,
        contentType: null,
        contentLength: 0,
        delegate: DELEGATE,
      }),
      [detailsPath(DELEGATE)]: ok({
        ...details,
        inscriptionId: DELEGATE,
        contentType: 'image/png',
      }),
      [transfersPath(ID)]: ok({ transfers: [] }),
    });
    renderApp({ path: `/inscriptions/${ID}` });
    const image = await screen.findByRole('img', { name: `Inscription ${ID}` });
    expect(image.getAttribute('src')).toBe(`/content/${ID}`);
    expect(screen.getByRole('link', { name: DELEGATE }).getAttribute('href')).toBe(
      `/inscriptions/${DELEGATE}`,
    );
  });

  it('names a collection item, links its collection by name and shows its traits’ rarity', async () => {
    mockServer({
      [detailsPath(ID)]: ok(blockPunk),
      [transfersPath(ID)]: ok({ transfers: [] }),
      [`/content/${ID}`]: 'gm',
    });
    renderApp({ path: `/inscriptions/${ID}` });

    expect(await screen.findByRole('heading', { level: 1, name: 'Block Punk #6' })).toBeTruthy();
    const links = await screen.findAllByRole('link', { name: 'Block Punks' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/collections/block-punks',
      '/collections/block-punks',
    ]);
    expect(links[0]?.closest('p')?.textContent).toBe('In Block Punks');
    const traits = screen.getByRole('list', { name: 'Traits' });
    expect(
      within(traits)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['EyesLaser75% · 3 of 4', 'HatCrown25% · 1 of 4']);
  });

  it('links a launched collection still under review to its launch', async () => {
    mockServer({
      [detailsPath(ID)]: ok({
        ...blockPunk,
        collection: { ...blockPunk.collection, isListed: false, launchSlug: 'block-punks-drop' },
      }),
      [transfersPath(ID)]: ok({ transfers: [] }),
      [`/content/${ID}`]: 'gm',
    });
    renderApp({ path: `/inscriptions/${ID}` });
    const links = await screen.findAllByRole('link', { name: 'Block Punks' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/mint/block-punks-drop',
      '/mint/block-punks-drop',
    ]);
  });

  it('names an edition by its launch, linked to the launch', async () => {
    mockServer({
      [detailsPath(ID)]: ok({
        ...details,
        collectionSlug: null,
        delegate: DELEGATE,
        edition: { launchSlug: 'moons', name: 'Moon Editions', originalId: DELEGATE },
      }),
      [detailsPath(DELEGATE)]: ok({
        ...details,
        inscriptionId: DELEGATE,
        contentType: 'image/png',
      }),
      [transfersPath(ID)]: ok({ transfers: [] }),
    });
    renderApp({ path: `/inscriptions/${ID}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Moon Editions' })).toBeTruthy();
    const links = screen.getAllByRole('link', { name: 'Moon Editions' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/mint/moons', '/mint/moons']);
    expect(links[0]?.closest('p')?.textContent).toBe('An edition from Moon Editions');
    expect(screen.getByText('Edition of')).toBeTruthy();
  });

  it.each([
    [404, 'Inscription not found'],
    [400, 'Invalid inscription ID format.'],
  ])('turns a %i from the API into %s', async (status, text) => {
    mockServer({ [detailsPath(ID)]: failure(status, 'whatever the server says') });
    renderApp({ path: `/inscriptions/${ID}` });
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('says an ID is malformed without asking the server', async () => {
    const fetchMock = mockServer({});
    renderApp({ path: '/inscriptions/not-an-id' });
    expect(await screen.findByText('Invalid inscription ID format.')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContainEqual(
      expect.stringContaining('/api/shared/inscriptions'),
    );
  });
});

const BUYER: WalletAccount = {
  id: 'dev',
  paymentAddress: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080',
  paymentPublicKey: '0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798',
  ordinalsAddress: 'bcrt1pmfr3p9j00pfxjh0zmgp99y8zftmd3s5pmedqhyptwy6lm87hf5ssm803es',
  ordinalsPublicKey: '0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798',
};
const OWNER_WALLET: WalletAccount = { ...BUYER, ordinalsAddress: OWNER };
const LISTING_ID = '5f0c8a4e-7b1d-4c36-9a52-2d7e1f3b6c90';
/** The buyer's maker wallet (ADR 009), as get-maker-wallet answers it: a 2-of-2 of their key. */
const makerWallet = walletPayload(
  multisigWallet(hexToBytes(BUYER.paymentPublicKey), PLATFORM.publicKey, 'regtest'),
  'maker',
  BUYER.paymentAddress,
);
const MAKER_ADDRESS = makerWallet.address;

const listing: Listing = {
  listingId: LISTING_ID,
  inscriptionId: ID,
  price: '50000',
  status: 'active',
  outpoint: `${'f'.repeat(64)}:1`,
  collectionSlug: 'pixel-punks',
  inscriptionName: null,
  contentType: 'text/plain;charset=utf-8',
  makerOrdinalAddress: OWNER,
  makerPaymentAddress: OWNER,
  makerFee: '500',
  isSnipeProtected: true,
  txId: null,
  listedAt: '2024-04-21T10:00:00.000Z',
  createdAt: '2024-04-21T10:00:00.000Z',
};

const trade: TradeActivity = {
  id: 't1',
  listingId: LISTING_ID,
  inscriptionId: ID,
  price: '42000',
  state: 'confirmed',
  finalized: true,
  txId: '3c'.repeat(32),
  makerOrdinalAddress: OWNER,
  takerOrdinalAddress: BUYER.ordinalsAddress,
  feeRate: 6,
  thumbnailUrl: null,
  inscriptionName: null,
  collectionSlug: 'pixel-punks',
  sniperFeeRate: null,
  isSnipeProtected: false,
  blockHeight: 840200,
  createdAt: '2024-04-22T10:00:00.000Z',
};

const orderbookPath = (id: string) => `/api/inscriptions/${id}/orderbook`;

function renderMarket(
  orderbook: OrderbookPayload,
  wallet?: WalletAccount,
  {
    at = details.address,
    routes = {},
  }: { at?: string | null; routes?: Record<string, Answer> } = {},
) {
  if (wallet) {
    saveAuthSession({ token: 'jwt', expiresAt: '2999-01-01T00:00:00Z', wallet });
  }
  mockServer({
    [detailsPath(ID)]: ok({ ...details, address: at }),
    [transfersPath(ID)]: ok({ transfers: [] }),
    [orderbookPath(ID)]: ok(orderbook),
    [`/content/${ID}`]: 'gm',
    ...routes,
  });
  renderApp({ path: `/inscriptions/${ID}` });
  return screen.findByRole('region', { name: 'Market' });
}

describe('/inscriptions/:id market', () => {
  beforeEach(() => {
    toast.dismiss();
  });

  it('shows the price in BTC and sats, the snipe protection and the trades', async () => {
    const market = await renderMarket({ listing, orders: [listing], activity: [trade] });
    expect(await within(market).findByText('0.00050000 BTC')).toBeTruthy();
    expect(within(market).getByText('50,000 sats')).toBeTruthy();
    expect(within(market).getByRole('img', { name: 'Snipe protected' })).toBeTruthy();
    const trades = within(market).getByRole('table', { name: 'Trades of this inscription' });
    expect(within(trades).getByText('0.00042000 BTC')).toBeTruthy();
    expect(within(trades).getByText('Completed')).toBeTruthy();
    expect(within(market).queryByRole('button', { name: 'List' })).toBeNull();
  });

  it("asks a visitor to connect a wallet before buying: 'Please connect wallet.'", async () => {
    const market = await renderMarket({ listing, orders: [listing], activity: [] });
    await userEvent.click(await within(market).findByRole('button', { name: 'Buy' }));
    expect(await screen.findByText('Please connect wallet.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the purchase for a connected buyer', async () => {
    const market = await renderMarket({ listing, orders: [listing], activity: [] }, BUYER);
    await userEvent.click(await within(market).findByRole('button', { name: 'Buy' }));
    expect(await screen.findByRole('dialog', { name: 'Buy Inscription #42' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign and buy' })).toBeTruthy();
  });

  it('titles the purchase with the item’s name', async () => {
    saveAuthSession({ token: 'jwt', expiresAt: '2999-01-01T00:00:00Z', wallet: BUYER });
    mockServer({
      [detailsPath(ID)]: ok(blockPunk),
      [transfersPath(ID)]: ok({ transfers: [] }),
      [orderbookPath(ID)]: ok({ listing, orders: [listing], activity: [] }),
      [`/content/${ID}`]: 'gm',
    });
    renderApp({ path: `/inscriptions/${ID}` });
    const market = await screen.findByRole('region', { name: 'Market' });
    await userEvent.click(await within(market).findByRole('button', { name: 'Buy' }));
    expect(await screen.findByRole('dialog', { name: 'Buy Block Punk #6' })).toBeTruthy();
  });

  it('gives the owner Change price and Delist instead of Buy', async () => {
    const plain = { ...listing, isSnipeProtected: false };
    const market = await renderMarket(
      { listing: plain, orders: [plain], activity: [] },
      OWNER_WALLET,
    );
    expect(await within(market).findByRole('button', { name: 'Change price' })).toBeTruthy();
    expect(within(market).queryByRole('button', { name: 'Buy' })).toBeNull();
    await userEvent.click(within(market).getByRole('button', { name: 'Delist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delist Inscription #42' });
    expect(within(dialog).getByRole('button', { name: 'Cancel off chain' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Move on chain' })).toBeTruthy();
  });

  it('warns the owner of an exposed listing and offers the on-chain delist only (issue 13 finding 2)', async () => {
    const exposed = { ...listing, isSnipeProtected: false, status: 'exposed' as const };
    const market = await renderMarket(
      { listing: null, orders: [exposed], activity: [] },
      OWNER_WALLET,
    );
    expect(
      await within(market).findByText(
        'A purchase of your listing went out and never confirmed, so your listing signature is public: anyone can still buy this inscription at 0.00050000 BTC until it moves. Delist on chain to end it.',
      ),
    ).toBeTruthy();
    expect(within(market).queryByRole('button', { name: 'Buy' })).toBeNull();
    await userEvent.click(within(market).getByRole('button', { name: 'Delist on chain' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delist Inscription #42' });
    expect(within(dialog).getByRole('button', { name: 'Move on chain' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Cancel off chain' })).toBeNull();
  });

  it('shows a visitor nothing of an exposed listing: it is not for sale', async () => {
    const exposed = { ...listing, isSnipeProtected: false, status: 'exposed' as const };
    const market = await renderMarket({ listing: null, orders: [exposed], activity: [] }, BUYER);
    expect(await within(market).findByText('Not listed')).toBeTruthy();
    expect(within(market).queryByRole('button', { name: 'Buy' })).toBeNull();
    expect(within(market).queryByRole('alert')).toBeNull();
  });

  it('lets the owner list an unlisted inscription from its current output', async () => {
    const market = await renderMarket({ listing: null, orders: [], activity: [] }, OWNER_WALLET);
    expect(await within(market).findByText('Not listed')).toBeTruthy();
    expect(within(market).getByText('No trades yet')).toBeTruthy();
    await userEvent.click(within(market).getByRole('button', { name: 'List' }));
    const dialog = await screen.findByRole('dialog', { name: 'List Inscription #42' });
    expect(within(dialog).getByLabelText('Price (BTC)')).toBeTruthy();
  });

  it('gives the owner of a protected listing (in their maker wallet) the off-chain cancel only', async () => {
    const held = {
      ...listing,
      makerOrdinalAddress: MAKER_ADDRESS,
      makerPaymentAddress: BUYER.paymentAddress,
    };
    const market = await renderMarket({ listing: held, orders: [held], activity: [] }, BUYER, {
      at: MAKER_ADDRESS,
    });
    expect(await within(market).findByRole('button', { name: 'Change price' })).toBeTruthy();
    expect(within(market).queryByRole('button', { name: 'Buy' })).toBeNull();
    await userEvent.click(within(market).getByRole('button', { name: 'Delist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delist Inscription #42' });
    expect(within(dialog).getByRole('button', { name: 'Cancel off chain' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Move on chain' })).toBeNull();
    expect(within(dialog).getByText(/The inscription stays in your maker wallet/)).toBeTruthy();
  });

  it('lets the owner list, protected, an inscription sitting in their maker wallet', async () => {
    const market = await renderMarket({ listing: null, orders: [], activity: [] }, BUYER, {
      at: MAKER_ADDRESS,
      routes: { '/api/multisig/get-maker-wallet': ok(makerWallet) },
    });
    await userEvent.click(await within(market).findByRole('button', { name: 'List' }));
    const dialog = await screen.findByRole('dialog', { name: 'List Inscription #42' });
    const box = within(dialog).getByRole('checkbox', {
      name: 'Snipe protection',
    }) as HTMLInputElement;
    expect([box.checked, box.disabled]).toEqual([true, true]);
    expect(
      within(dialog).getByText('Already in your maker wallet: it lists protected.'),
    ).toBeTruthy();
  });
});
