import { formatDateTime, type InscriptionDetailsPayload, type InscriptionTransfer } from '@om/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';

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
  isMoving: false,
  movingTxid: null,
};

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
    expect(screen.getByRole('link', { name: 'pixel-punks' }).getAttribute('href')).toBe(
      '/collections/pixel-punks',
    );
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
