import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, failure, fakeWallet, ok } from '../../test/trade-test-kit.tsx';
import { allocationPayload, launchPayload, NOW, SLUG } from '../../test/mint-test-fixtures.ts';
import {
  ALLOCATION,
  BY_SLUG,
  mintButton,
  phaseRow,
  renderPage,
  server,
  setCount,
} from './mint-test-server.tsx';

describe('/mint/{slug}', () => {
  beforeEach(() => {
    // Only the clock is frozen: timers, the countdown's tick and polling run for real.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('shows the launch, its phases with a live countdown, its progress and the allocation', async () => {
    const calls = server({
      [`GET ${ALLOCATION}`]: ok(allocationPayload({ minted: 1, remaining: 1 })),
    });
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Rocks' })).toBeTruthy();
    expect(screen.getByText('Ten pre-inscribed rocks, minted in two phases.')).toBeTruthy();
    const about = screen.getByRole('region', { name: 'About the launch' });
    expect(within(about).getByText('Live')).toBeTruthy();
    expect(within(about).getByText('3 / 10 minted · 7 remaining')).toBeTruthy();
    const bar = within(about).getByRole('progressbar', { name: 'Mint progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('30');

    const whitelist = await phaseRow('Whitelist Sale');
    expect(whitelist.getAttribute('aria-current')).toBe('step');
    expect(within(whitelist).getByText('Open now')).toBeTruthy();
    expect(within(whitelist).getByText('Allow list')).toBeTruthy();
    expect(within(whitelist).getByText('0.00050000 BTC')).toBeTruthy();
    expect(within(whitelist).getByText('50,000 sats')).toBeTruthy();
    const wlTimer = within(whitelist).getByRole('timer', { name: 'Whitelist Sale countdown' });
    expect(wlTimer.textContent).toBe('Ends in 1h');
    const publicSale = await phaseRow('Public Sale');
    expect(within(publicSale).getByText('Upcoming')).toBeTruthy();
    expect(within(publicSale).getByText('0.00080000 BTC')).toBeTruthy();
    expect(within(publicSale).getByRole('timer').textContent).toBe('Coming in 1h');

    // The countdown follows the clock.
    vi.setSystemTime(new Date(NOW.getTime() + 5_000));
    await waitFor(() => expect(wlTimer.textContent).toBe('Ends in 59m 55s'), { timeout: 2500 });

    const allocation = await screen.findByRole('region', { name: 'Your allocation' });
    const rows = within(allocation)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(rows).toEqual([
      'Allow list: On the allow list',
      'Allocation: 2',
      'Minted: 1',
      'Remaining: 1',
    ]);
    expect(callsTo(calls, 'GET', ALLOCATION)).toHaveLength(1);
    expect(screen.getByText('Up to 1 now.')).toBeTruthy();

    await setCount('2');
    expect(
      screen.getByText('Allocation reached: this wallet may mint 1 more in Whitelist Sale'),
    ).toBeTruthy();
    expect((mintButton() as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(mintButton());
    expect(callsTo(calls, 'POST', '/api/launchpad/offer/create')).toHaveLength(0);
  });

  it('disables Mint for a wallet not on the allow list of the open phase, saying why', async () => {
    const calls = server({
      [`GET ${ALLOCATION}`]: ok(
        allocationPayload({ isAllowed: false, allocation: 0, remaining: 0 }),
      ),
    });
    renderPage();
    const allocation = await screen.findByRole('region', { name: 'Your allocation' });
    expect(within(allocation).getByRole('status').textContent).toBe(
      'This wallet is not on the allow list of Whitelist SaleIt cannot mint in this phase.',
    );
    expect((mintButton() as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('Number to mint') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByText(/^Up to \d+ now\.$/)).toBeNull();
    await userEvent.click(mintButton());
    expect(callsTo(calls, 'POST', '/api/launchpad/offer/create')).toHaveLength(0);
  });

  it('shows Unlimited in a public phase and limits the count to what remains', async () => {
    const launch = launchPayload({
      remaining_inscriptions: 3,
      phases: launchPayload().phases.map((p) => ({ ...p, is_public: true, allocation: null })),
    });
    server({
      [`GET ${BY_SLUG}`]: ok(launch),
      [`GET ${ALLOCATION}`]: ok(
        allocationPayload({ isPublic: true, allocation: null, remaining: null, minted: 4 }),
      ),
    });
    renderPage();
    const allocation = await screen.findByRole('region', { name: 'Your allocation' });
    expect(within(allocation).getByText('Public phase')).toBeTruthy();
    expect(within(allocation).getAllByText('Unlimited')).toHaveLength(2);
    expect(screen.getByText('Up to 3 now.')).toBeTruthy();
    await setCount('4');
    expect(screen.getByText('Only 3 left to mint')).toBeTruthy();
    await setCount('21');
    expect(screen.getByText('At most 20 can be minted in one transaction.')).toBeTruthy();
    await setCount('0');
    expect(screen.getByText('Mint at least 1.')).toBeTruthy();
  });

  it("toasts 'Please connect wallet.' without a wallet and asks the server nothing", async () => {
    const calls = server();
    renderPage(fakeWallet(null));
    await phaseRow('Whitelist Sale');
    expect(screen.getByText('Connect a wallet to see your allocation.')).toBeTruthy();
    await userEvent.click(mintButton());
    expect(await screen.findByText('Please connect wallet.')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/launchpad/offer/create')).toHaveLength(0);
    expect(calls.some((c) => c.path.startsWith('/api/launchpad/get-allocation'))).toBe(false);
  });

  it("shows 'Failed to fetch allocation info' when the allocation cannot be had", async () => {
    server({ [`GET ${ALLOCATION}`]: failure(500, 'Database unavailable') });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to fetch allocation info: Database unavailable',
    );
  });

  it('says when the items are still moving into the launch wallet, and mints only the rest', async () => {
    const launch = launchPayload({ remaining_inscriptions: 7, moving_inscriptions: 4 });
    server({
      [`GET ${BY_SLUG}`]: ok(launch),
      [`GET ${ALLOCATION}`]: ok(allocationPayload({ allocation: 10, remaining: 10 })),
    });
    const { unmount } = renderPage();
    expect(
      await screen.findByText(
        '4 more inscriptions are still moving into the launch wallet: they can be minted after the next block.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Up to 3 now.')).toBeTruthy();
    await setCount('4');
    expect(screen.getByText('Only 3 left to mint')).toBeTruthy();
    unmount();

    // Every item left is moving (the deposit is unconfirmed): Live, but Mint waits for a block.
    server({ [`GET ${BY_SLUG}`]: ok({ ...launch, moving_inscriptions: 7 }) });
    renderPage();
    expect(
      await screen.findByText(
        "This launch's inscriptions are still moving into its wallet: minting opens after the next block.",
      ),
    ).toBeTruthy();
    expect((mintButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('counts presold inscriptions in the progress, and a total-sold override over the remaining', async () => {
    const meta = { presold_inscriptions: 5, total_sold_override: null };
    server({ [`GET ${BY_SLUG}`]: ok(launchPayload({ meta_data: meta })) });
    const { unmount } = renderPage();
    // 10 + 5 presold, 7 remaining: 8 of 15 sold.
    expect(await screen.findByText('8 / 15 minted · 7 remaining')).toBeTruthy();
    expect(screen.getByText('53.33%')).toBeTruthy();
    unmount();
    const overridden = { presold_inscriptions: null, total_sold_override: 9 };
    server({ [`GET ${BY_SLUG}`]: ok(launchPayload({ meta_data: overridden })) });
    renderPage();
    expect(await screen.findByText('9 / 10 minted · 1 remaining')).toBeTruthy();
  });

  it('says when no phase is open and keeps Mint off', async () => {
    const ended = launchPayload().phases.map((p) => ({ ...p, start_date: 1, end_date: 2 }));
    server({ [`GET ${BY_SLUG}`]: ok(launchPayload({ phases: ended })) });
    renderPage();
    expect(await screen.findByText('No phase of this launch is open now')).toBeTruthy();
    expect(screen.getByText('Ended', { selector: '[data-status]' })).toBeTruthy();
    expect((mintButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('says so when the slug is unknown, without retrying a 404', async () => {
    const calls = server({ [`GET ${BY_SLUG}`]: failure(404, `Launchpad ${SLUG} not found`) });
    renderPage();
    expect(await screen.findByText('Launch not found')).toBeTruthy();
    expect(callsTo(calls, 'GET', BY_SLUG)).toHaveLength(1);
  });
});
