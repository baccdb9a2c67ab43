import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, fakeWallet, ok, renderWithWallet } from '../../test/trade-test-kit.tsx';
import { CREATOR, fakeApi, inscriptionId } from '../../test/wizard-test-kit.tsx';
import { contentSummary } from './review-card.tsx';
import { ReviewPage } from './review-page.tsx';
import type { ReviewItem } from './review.queries.ts';

// ADR 019's review queue: a reviewer sees a submission's content, creator, phases and allow
// list, and rejects it with a reason; anyone else is told the queue is for reviewers.

const LAUNCH: ReviewItem = {
  kind: 'launch',
  id: '7d1f0c4e-8a4b-4c1e-9f3a-2b6d5e8c9a01',
  slug: 'copied-rocks',
  name: 'Copied Rocks',
  description: 'Rocks, launched',
  icon: null,
  status: 'active',
  createdAt: '2026-11-28T08:00:00.000Z',
  link: '/mint/copied-rocks',
  creator: {
    name: 'Creator',
    email: 'creator@example.com',
    btcAddress: 'bcrt1qcreator',
    signInAddress: 'bcrt1qsignedin',
  },
  items: [{ id: inscriptionId('ab'), name: 'Rock #1' }],
  totalItems: 3,
  phases: [
    {
      name: 'Whitelist Sale',
      price: '10000',
      startDate: 1_795_000_000,
      endDate: null,
      isPublic: false,
      allocation: null,
      allowList: [{ address: 'bcrt1plisted', allocation: 2 }],
    },
  ],
};

describe('ReviewPage', () => {
  it('shows a submission as a reviewer judges it and rejects it with a reason', async () => {
    const user = userEvent.setup();
    let queue = [LAUNCH];
    const calls = fakeApi({
      'GET /api/review/me': ok({ isReviewer: true }),
      'GET /api/review/queue': () => ok(queue),
      [`POST /api/review/launch/${LAUNCH.id}/reject`]: () => {
        queue = [];
        return ok({ kind: 'launch', id: LAUNCH.id, decision: 'rejected', reason: 'Copied art.' });
      },
    });
    renderWithWallet(<ReviewPage />, fakeWallet(CREATOR));
    const card = await screen.findByRole('article', { name: 'Launch Copied Rocks' });
    expect(within(card).getByText('bcrt1qsignedin')).toBeTruthy();
    expect(within(card).getByText('3 items, the first 1 shown')).toBeTruthy();
    expect(within(card).getByTitle('Rock #1').getAttribute('src')).toBe(
      `/content/${inscriptionId('ab')}`,
    );
    expect(
      within(within(card).getByRole('list', { name: 'Whitelist Sale allow list' })).getByRole(
        'listitem',
      ).textContent,
    ).toBe('bcrt1plisted × 2');

    const reject = within(card).getByRole('button', { name: 'Reject' });
    expect((reject as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(card).getByLabelText('Reason (the creator reads it)'), 'Copied art.');
    await user.click(reject);
    expect(await screen.findByText('Copied Rocks taken down.')).toBeTruthy();
    expect(await screen.findByText('Nothing to review')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Copied art.' });
  });

  it('tells a wallet that is not a reviewer, and shows the server’s refusal', async () => {
    fakeApi({ 'GET /api/review/me': ok({ isReviewer: false }) });
    renderWithWallet(<ReviewPage />, fakeWallet(CREATOR));
    expect(await screen.findByText('Only reviewers can review submissions')).toBeTruthy();
  });

  it('shows a decision the server refuses', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /api/review/me': ok({ isReviewer: true }),
      'GET /api/review/queue': ok([LAUNCH]),
      [`POST /api/review/launch/${LAUNCH.id}/approve`]: failure(
        409,
        'This submission has already been decided (rejected)',
      ),
    });
    renderWithWallet(<ReviewPage />, fakeWallet(CREATOR));
    const card = await screen.findByRole('article', { name: 'Launch Copied Rocks' });
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(screen.getByText('This submission has already been decided (rejected)')).toBeTruthy(),
    );
  });

  it('asks a visitor to connect', () => {
    fakeApi({});
    renderWithWallet(<ReviewPage />, fakeWallet(null));
    expect(screen.getByText('Connect your wallet')).toBeTruthy();
  });
});

describe('contentSummary', () => {
  it.each([
    [
      { kind: 'edition', items: [{ id: 'a', name: null }], totalItems: 3 },
      '3 editions of this original',
    ],
    [
      { kind: 'launch', items: [{ id: 'a', name: null }], totalItems: 3 },
      '3 items, the first 1 shown',
    ],
    [{ kind: 'auction', items: [{ id: 'a', name: null }], totalItems: 1 }, '1 item'],
  ] as const)('%o → %s', (item, text) => {
    expect(contentSummary({ ...item, items: [...item.items] })).toBe(text);
  });
});
