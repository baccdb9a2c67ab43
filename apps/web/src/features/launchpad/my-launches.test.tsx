import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeWallet, ok } from '../../test/trade-test-kit.tsx';
import { renderPage } from './wizard-page-kit.tsx';
import { CREATOR, fakeApi } from '../../test/wizard-test-kit.tsx';

// product.md#spec-gaps (defects): the creator finds their launches on /launchpad, resumes one
// waiting for its signatures through its ?id=, or abandons it.

const PENDING = {
  id: '7d1f0c4e-8a4b-4c1e-9f3a-2b6d5e8c9a01',
  slug: 'left-unsigned',
  name: 'Left Unsigned',
  status: 'pending_psbt_signature',
  launchpadType: 'psbt',
  failedReason: null,
  createdAt: '2026-11-28T08:00:00.000Z',
  canAbandon: true,
};
const LIVE = {
  ...PENDING,
  id: '0b5b1a3e-1c1d-4f7a-8a6e-3c2b1d0e9f88',
  slug: 'live-one',
  name: 'Live One',
  status: 'active',
  canAbandon: false,
};

describe('MyLaunches', () => {
  it('lists the creator’s launches with their state, and abandons one left unsigned', async () => {
    const user = userEvent.setup();
    let mine = [PENDING, LIVE];
    const calls = fakeApi({
      'GET /api/launchpad/mine': () => ok(mine),
      [`POST /api/launchpad/abandon/${PENDING.id}`]: () => {
        mine = [LIVE];
        return ok({ id: PENDING.id, slug: PENDING.slug, released: 2 });
      },
    });
    renderPage(fakeWallet(CREATOR));
    const list = await screen.findByRole('region', { name: 'Your launches' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      // Created on 28/11/2026: product.md#constants-and-limits's date format.
      'Left Unsigned28/11/2026Waiting for your signaturesResume signingAbandon',
      'Live One28/11/2026Active',
    ]);
    expect(within(list).getByRole('link', { name: 'Resume signing' }).getAttribute('href')).toBe(
      `/launchpad?id=${PENDING.id}`,
    );
    await user.click(within(list).getByRole('button', { name: 'Abandon Left Unsigned' }));
    expect(
      await screen.findByText(
        'Launch left-unsigned abandoned: its slug and inscriptions are free again.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/api/launchpad/abandon/${PENDING.id}`,
    ]);
  });

  it('shows nothing without sign-in', () => {
    const calls = fakeApi({ 'GET /api/launchpad/mine': ok([PENDING]) });
    renderPage(fakeWallet(null));
    expect(screen.queryByRole('region', { name: 'Your launches' })).toBeNull();
    expect(calls.map((c) => c.path)).not.toContain('/api/launchpad/mine');
  });
});
