import { inscriptionInCollection, inscriptionInLaunch, type AddressInscription } from '@om/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeWallet, ok } from '../../test/trade-test-kit.tsx';
import { ChooseInscriptionsStep } from './choose-inscriptions-step.tsx';
import {
  CREATOR,
  fakeApi as fakeRoutes,
  inscriptionId,
  renderStep,
  type Call,
} from '../../test/wizard-test-kit.tsx';

const A = inscriptionId('a1');
const B = inscriptionId('b2');
const C = inscriptionId('c3');
const HOLDINGS = `GET /api/address/${CREATOR.ordinalsAddress}/inscriptions?limit=1000&offset=0`;

const CHECK = 'POST /api/launchpad/check-inscriptions';

/** The wizard's routes, where the server finds every item free for a launch unless told. */
const fakeApi = (routes: Parameters<typeof fakeRoutes>[0]) =>
  fakeRoutes({ [CHECK]: ok({ unavailable: [] }), ...routes });

function holding(...ids: string[]) {
  const inscriptions: AddressInscription[] = ids.map((id, i) => ({
    inscriptionId: id,
    number: i,
    name: null,
    contentType: 'image/png',
    collectionSlug: null,
    outpoint: `${'d'.repeat(64)}:${i}`,
    isMoving: false,
    isTradable: true,
    listingId: null,
    price: null,
  }));
  return ok({ inscriptions });
}

let user: ReturnType<typeof userEvent.setup>;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, applyAccept: false });
});
afterEach(() => vi.useRealTimers());

const list = () => screen.getByLabelText('Inscriptions');
const problems = () =>
  within(screen.getByRole('list', { name: 'Problems in the list' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const holdingsCalls = (calls: Call[]) => calls.filter((c) => `GET ${c.path}` === HOLDINGS);

async function paste(text: string) {
  await user.click(list());
  await user.paste(text);
}

describe('ChooseInscriptionsStep', () => {
  it('checks the list 1 s after the last change and shows each problem with its line', async () => {
    const calls = fakeApi({ [HOLDINGS]: holding(A) });
    const { report } = renderStep(ChooseInscriptionsStep, fakeWallet(CREATOR));
    await paste(`${A}\nnot-an-id, ${B}\n${A}`);
    await wait(900);
    expect(problems()).toEqual([]);
    await wait(200);
    expect(problems()).toEqual([
      'Line 2: Invalid inscription ID: not-an-id',
      `Line 3: Duplicate inscription ID: ${A}`,
    ]);
    expect(list().getAttribute('aria-invalid')).toBe('true');
    expect(holdingsCalls(calls)).toEqual([]);
    expect(report.isValid).toBe(false);
  });

  it('says when broken JSON cannot be repaired', async () => {
    fakeApi({});
    renderStep(ChooseInscriptionsStep, fakeWallet(CREATOR));
    await paste('{{{');
    await wait(1000);
    expect(problems()).toEqual(['Line 1: Invalid JSON format. Please check your input.']);
  });

  it('names the inscriptions the connected wallet does not hold', async () => {
    fakeApi({ [HOLDINGS]: holding(B) });
    const { report } = renderStep(ChooseInscriptionsStep, fakeWallet(CREATOR));
    await paste(JSON.stringify([A, B, C]));
    await wait(1000);
    await waitFor(() =>
      expect(problems()).toEqual([
        `Inscription does not belongs to connected wallet: ${A}`,
        `Inscription does not belongs to connected wallet: ${C}`,
      ]),
    );
    expect(report.isValid).toBe(false);
    expect(report.draft.inscriptions).toEqual([]);
  });

  it('takes a list the wallet holds, with its meta, and says so', async () => {
    const calls = fakeApi({ [HOLDINGS]: holding(A, B, C) });
    const { report } = renderStep(ChooseInscriptionsStep, fakeWallet(CREATOR));
    const entries = [
      { id: A, meta: { name: 'Rock #1', attributes: [{ trait_type: 'Color', value: 'Grey' }] } },
      { id: B, meta: { name: 'Rock #2', high_res_img_url: 'https://example.com/2.png' } },
    ];
    await paste(JSON.stringify(entries));
    await wait(1000);
    expect(await screen.findByText('Inscriptions validated successfully')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('2 inscriptions ready.');
    expect(report.isValid).toBe(true);
    expect(report.draft.inscriptions).toEqual(entries);
    expect(holdingsCalls(calls)).toHaveLength(1);
    expect(problems()).toEqual([]);
  });

  it('names the items a launch cannot take, as the server says, before the last step', async () => {
    const inMoons = inscriptionInCollection(A, 'Mempool Moons');
    const launched = inscriptionInLaunch(C);
    const calls = fakeApi({
      [HOLDINGS]: holding(A, B, C),
      [CHECK]: ok({
        unavailable: [
          { inscriptionId: A, message: inMoons },
          { inscriptionId: C, message: launched },
        ],
      }),
    });
    const { report } = renderStep(ChooseInscriptionsStep, fakeWallet(CREATOR));
    await paste(`${A}\n${B}\n${C}`);
    await wait(1000);
    await waitFor(() => expect(problems()).toEqual([inMoons, launched]));
    expect(inMoons).toBe(`Inscription ${A} is already in the collection Mempool Moons`);
    expect(problems().some((p) => p?.includes('data.'))).toBe(false);
    expect(calls.filter((c) => `${c.method} ${c.path}` === CHECK).map((c) => c.body)).toEqual([
      { ids: [A, B, C] },
    ]);
    expect(report.isValid).toBe(false);
    expect(report.draft.inscriptions).toEqual([]);
    expect(screen.queryByText('Inscriptions validated successfully')).toBeNull();
  });

  it('needs a connected wallet to check whose inscriptions they are', async () => {
    const calls = fakeApi({ [HOLDINGS]: holding(A) });
    const { report } = renderStep(ChooseInscriptionsStep, fakeWallet(null));
    await paste(A);
    await wait(1000);
    expect(problems()).toEqual(['Please connect your wallet.']);
    expect(calls).toEqual([]);
    expect(report.isValid).toBe(false);
  });

  it('says when the wallet’s inscriptions cannot be read', async () => {
    fakeApi({ [HOLDINGS]: failure(503, 'The indexer is behind') });
    renderStep(ChooseInscriptionsStep, fakeWallet(CREATOR));
    await paste(A);
    await wait(1000);
    await waitFor(() =>
      expect(problems()).toEqual([
        "Could not read your wallet's inscriptions: The indexer is behind",
      ]),
    );
  });

  it('reads an uploaded CSV into the list, skipping its header', async () => {
    fakeApi({ [HOLDINGS]: holding(A, B) });
    const { report } = renderStep(ChooseInscriptionsStep, fakeWallet(CREATOR));
    const csv = new File([`inscription_id,name\n${A},Rock 1\n${B},Rock 2\n`], 'rocks.csv', {
      type: 'text/csv',
    });
    await user.upload(screen.getByLabelText('Or upload a JSON, CSV or text file'), csv);
    await waitFor(() => expect(list()).toHaveProperty('value', `${A}\n${B}`));
    await wait(1000);
    await waitFor(() => expect(report.isValid).toBe(true));
    expect(report.draft.inscriptions).toEqual([{ id: A }, { id: B }]);
  });

  it.each([
    ['rocks.png', 'image/png', 'x', 'Invalid file format. Please upload a correct file type.'],
    ['rocks.json', 'application/json', '[]', 'Invalid Data format.'],
  ])('refuses the file %s: %s', async (name, type, content, message) => {
    fakeApi({});
    renderStep(ChooseInscriptionsStep, fakeWallet(CREATOR));
    const file = new File([content], name, { type });
    await user.upload(screen.getByLabelText('Or upload a JSON, CSV or text file'), file);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(list()).toHaveProperty('value', '');
  });

  it('shows the draft’s list again when the step is opened again', async () => {
    fakeApi({ [HOLDINGS]: holding(A, B) });
    const { report } = renderStep(ChooseInscriptionsStep, fakeWallet(CREATOR), {
      inscriptions: [{ id: A }, { id: B }],
    });
    expect(list()).toHaveProperty('value', `${A}\n${B}`);
    await waitFor(() => expect(report.isValid).toBe(true));
  });
});
