import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeWallet, ok } from '../trade/trade-test-kit.tsx';
import { DETAILS, detailsOf, ORIGINAL, SIGNED_MESSAGE } from './edition-test-fixtures.ts';
import {
  fillCollectionInfo,
  heading,
  next,
  renderPage,
  sidebarSteps,
  wait,
  type User,
} from './wizard-page-kit.tsx';
import { CREATOR, fakeApi, inscriptionId, type Call } from './wizard-test-kit.tsx';

// The Edition and onboard flows of /launchpad, walked as a creator would (spec 000 §2).

const SERVER = {
  'GET /api/launchpad/check-name': ok({ taken: false }),
  'GET /api/launchpad/check-slug/regtest-rocks': ok({ taken: false }),
  'POST /api/launchpad/upload-icon': ok({ url: '/uploads/user-1/icon.png' }),
};
const paths = (calls: Call[], method: string) =>
  calls.filter((c) => c.method === method).map((c) => c.path);

let user: User;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => ({ width: 1000, height: 1000, close: () => undefined })),
  );
});
afterEach(() => vi.useRealTimers());

async function typeInto(label: string, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
  await user.tab();
}

async function acceptTerms() {
  const terms = screen.getByRole('group', { name: 'Terms and conditions' });
  for (const box of within(terms).getAllByRole('checkbox')) await user.click(box);
}

describe('the Edition and onboard flows', () => {
  it('launches an edition: information, the original signed, then submitted', async () => {
    const calls = fakeApi({
      ...SERVER,
      [DETAILS]: ok(detailsOf(ORIGINAL, CREATOR.ordinalsAddress)),
      'POST /api/launchpad/editions/create': ok({ id: '0b5c3d2e-1f4a-4b6c-8d7e-9f0a1b2c3d4e' }),
    });
    const wallet = fakeWallet(CREATOR);
    wallet.signMessage.mockResolvedValue(SIGNED_MESSAGE);
    renderPage(wallet);
    await user.click(next());
    await user.click(screen.getByRole('radio', { name: /^Edition/ }));
    await user.click(next());
    expect(heading()).toBe('Submit Information');
    await fillCollectionInfo(user);
    await waitFor(() => expect(next()).toHaveProperty('disabled', false));
    await user.click(next());

    expect(heading()).toBe('Choose Original');
    expect(next()).toHaveProperty('disabled', true);
    await typeInto('Inscription ID', ORIGINAL);
    await typeInto('Number of editions', '10');
    await typeInto('Price (BTC)', '0.0005');
    await wait(500);
    await screen.findByText('This inscription is in your wallet.');
    await user.click(screen.getByRole('button', { name: 'Sign Inscription' }));
    expect(await screen.findByRole('button', { name: 'Complete' })).toBeTruthy();
    await waitFor(() => expect(next()).toHaveProperty('disabled', false));
    await user.click(next());

    expect(heading()).toBe('Submit');
    await acceptTerms();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Your edition has been submitted for review.')).toBeTruthy();
    const title = screen.getByRole('link', { name: 'View Edition' });
    expect(title.getAttribute('href')).toBe('/mint/regtest-rocks');
    expect(paths(calls, 'POST')).toEqual([
      '/api/launchpad/upload-icon',
      '/api/launchpad/editions/create',
    ]);
  }, 30_000);

  it('submits a live collection: details, items, then submitted', async () => {
    const A = inscriptionId('a1');
    const calls = fakeApi({
      ...SERVER,
      'POST /api/collection/onboard': ok({
        slug: 'regtest-rocks',
        status: 'under_review',
        inscriptions: 1,
      }),
    });
    renderPage(fakeWallet(CREATOR));
    await user.click(screen.getByRole('radio', { name: /^Submit a live collection/ }));
    await user.click(next());
    expect(heading()).toBe('Provide Details');
    await fillCollectionInfo(user);
    await waitFor(() => expect(next()).toHaveProperty('disabled', false));
    await user.click(next());

    expect(heading()).toBe('Select Items');
    await user.click(screen.getByLabelText('Inscriptions'));
    await user.paste(A);
    await wait(1000);
    expect(await screen.findByText('Inscriptions validated successfully')).toBeTruthy();
    await waitFor(() => expect(next()).toHaveProperty('disabled', false));
    await user.click(next());

    expect(heading()).toBe('Submit');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Your collection has been submitted for review.')).toBeTruthy();
    const title = screen.getByRole('link', { name: 'View Collection' });
    expect(title.getAttribute('href')).toBe('/collections/regtest-rocks');
    expect(sidebarSteps().map((s) => s.state)).toEqual([
      'completed',
      'completed',
      'completed',
      'current',
    ]);
    expect(calls.find((c) => c.path === '/api/collection/onboard')?.body).toMatchObject({
      meta: { name: 'Regtest Rocks', slug: 'regtest-rocks' },
      data: [{ id: A }],
    });
  }, 30_000);
});
