import type { LaunchSummary } from '@om/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';
import { fakeServer, ok } from '../../test/trade-test-kit.tsx';

// /launches (product.md#walk-through-fixes item 4): every launch by status tab and type, paged,
// against a fake server.

const T = Math.floor(Date.now() / 1000);
let ids = 0;

function launch(
  name: string,
  window: [number, number | null],
  changes: Partial<LaunchSummary> = {},
): LaunchSummary {
  ids += 1;
  const id = `00000000-0000-4000-8000-${String(ids).padStart(12, '0')}`;
  return {
    id,
    slug: name.toLowerCase().replace(/ /g, '-'),
    status: 'active',
    launchpad_type: 'psbt',
    total_inscriptions: 10,
    remaining_inscriptions: 4,
    minted: 6,
    meta_data: { presold_inscriptions: null, total_sold_override: null },
    hide_progress: false,
    created_at: '2026-02-28T12:00:00Z',
    name,
    icon: null,
    phases: [
      {
        id: `${id}-p`,
        launchpad_id: id,
        name: 'Public Sale',
        phase_number: 1,
        start_date: T + window[0],
        end_date: window[1] === null ? null : T + window[1],
        status: 'active',
        total_inscriptions: 10,
        remaining_inscriptions: 4,
        is_public: true,
        price: '25000',
        allocation: null,
      },
    ],
    ...changes,
  };
}

const LAUNCHES = [
  launch('Live Lynx', [-600, null]),
  launch('Soon Seals', [3600, null]),
  launch('Gone Geese', [-600, null], { remaining_inscriptions: 0, minted: 10 }),
];
const listCalls = (calls: ReturnType<typeof fakeServer>) =>
  calls.filter((c) => c.path.startsWith('/api/launchpad/launches?')).map((c) => c.path);
const badges = () =>
  within(screen.getByRole('list', { name: 'Launches' }))
    .getAllByRole('link')
    .map(
      (a) => `${a.getAttribute('aria-label')}: ${a.querySelector('[data-status]')?.textContent}`,
    );

describe('/launches', () => {
  it('lists the launches in the server order, and asks again by tab, type and page', async () => {
    const calls = fakeServer({
      'GET /api/launchpad/launches': ok({ launches: LAUNCHES, total: 45 }),
    });
    renderApp({ path: '/launches' });
    await screen.findByRole('list', { name: 'Launches' });
    expect(badges()).toEqual([
      'Live Lynx: Live',
      'Soon Seals: Coming soon',
      'Gone Geese: Sold out',
    ]);
    expect(listCalls(calls)).toEqual(['/api/launchpad/launches?status=all&limit=20&offset=0']);
    expect(screen.getByRole('tab', { name: 'All' }).getAttribute('aria-selected')).toBe('true');

    await userEvent.click(screen.getByRole('tab', { name: 'Live' }));
    expect(screen.getByRole('tab', { name: 'Live' }).getAttribute('aria-selected')).toBe('true');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'editions');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    await waitFor(() =>
      expect(listCalls(calls)).toEqual([
        '/api/launchpad/launches?status=all&limit=20&offset=0',
        '/api/launchpad/launches?status=live&limit=20&offset=0',
        '/api/launchpad/launches?status=live&type=editions&limit=20&offset=0',
        '/api/launchpad/launches?status=live&type=editions&limit=20&offset=20',
      ]),
    );
  });

  it('opens a launch on its mint page', async () => {
    fakeServer({ 'GET /api/launchpad/launches': ok({ launches: LAUNCHES, total: 3 }) });
    const { router } = renderApp({ path: '/launches?status=upcoming' });
    await userEvent.click(await screen.findByRole('link', { name: 'Soon Seals' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mint/soon-seals'));
  });

  it('says when a tab has no launch', async () => {
    const calls = fakeServer({ 'GET /api/launchpad/launches': ok({ launches: [], total: 0 }) });
    renderApp({ path: '/launches?status=live&type=psbt' });
    expect(await screen.findByText('No live launch')).toBeTruthy();
    expect(listCalls(calls)).toEqual([
      '/api/launchpad/launches?status=live&type=psbt&limit=20&offset=0',
    ]);
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });
});
