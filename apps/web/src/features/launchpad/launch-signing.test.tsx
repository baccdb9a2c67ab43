import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCOUNT, devSigningWallet, THIEF_ADDRESS } from '../../test/multisig-test-fixtures.ts';
import { callsTo, failure, fakeWallet, ok } from '../../test/trade-test-kit.tsx';
import {
  depositPayload,
  LAUNCH_ID,
  launchDraft,
  listingPayload,
  WL_PRICE,
} from './launch-test-fixtures.ts';
import { findSign, launchServer, renderStep, signButton } from './launch-test-kit.tsx';
import { SubmitProjectStep } from './submit-project-step.tsx';

// Signing a launch phase by phase in the Submit Project step (product.md#wizard-screens "Sign
// step", product.md#states-and-transitions "Phase signing", product.md#errors; ADR 010), with a
// wallet that signs for real with the Dev wallet's keys.

describe('signing the launch', () => {
  it('signs each phase, deposit first, and is Submitted when the launch turns active', async () => {
    const user = userEvent.setup();
    const calls = launchServer();
    const { wallet } = renderStep(
      SubmitProjectStep,
      launchDraft({ launchpadId: LAUNCH_ID, termsAccepted: true }),
      await devSigningWallet(),
    );
    const whitelistTab = await screen.findByRole('tab', { name: 'Whitelist' });
    expect(whitelistTab.getAttribute('aria-selected')).toBe('true');
    const other = screen.getByRole('tab', { name: 'Other' }) as HTMLButtonElement;
    expect(other.disabled).toBe(true);
    const nextGroup = screen.getByRole('button', { name: 'Next Group' }) as HTMLButtonElement;
    expect(nextGroup.disabled).toBe(true);

    await user.click(await findSign('Phase 1: Whitelist Sale'));
    expect(
      await screen.findByText('PSBT "wl-listing-1" signed and confirmed successfully.'),
    ).toBeTruthy();
    const order = calls.map((c) => `${c.method} ${c.path}`).filter((c) => /psbt|confirm/.test(c));
    expect(order).toEqual([
      'GET /api/launchpad/get-psbt/deposit-0',
      'PUT /api/launchpad/confirm/deposit-0',
      'GET /api/launchpad/get-psbt/wl-listing-1',
      'PUT /api/launchpad/confirm/wl-listing-1',
    ]);
    const [depositSign, listingSign] = wallet.signPsbt.mock.calls.map(([request]) => request);
    expect(depositSign?.inputsToSign).toEqual(depositPayload().inputsToSign);
    expect(listingSign?.inputsToSign).toEqual([
      { index: 0, address: ACCOUNT.paymentAddress, sighashTypes: [0x83] },
      { index: 1, address: ACCOUNT.paymentAddress, sighashTypes: [0x83] },
    ]);
    const confirmed = callsTo(calls, 'PUT', '/api/launchpad/confirm/wl-listing-1')[0];
    expect(confirmed?.body).toEqual({ signedPsbt: expect.any(String) });
    expect((confirmed?.body as { signedPsbt: string }).signedPsbt).not.toBe(
      listingPayload('wl-listing-1', WL_PRICE).psbt,
    );

    // The whitelist is signed: its tab is checked and Next Group opens the public phase.
    expect(await screen.findByRole('tab', { name: 'Whitelist (all signed)' })).toBeTruthy();
    await waitFor(() => expect(nextGroup.disabled).toBe(false));
    // Signed, not yet active (the public phase is still to sign): nothing is left to sign in it.
    const whitelistSign = signButton('Phase 1: Whitelist Sale') as HTMLButtonElement;
    await waitFor(() => expect(whitelistSign.textContent).toBe('Complete'));
    expect(whitelistSign.disabled).toBe(true);
    await user.click(nextGroup);
    expect(screen.getByRole('tab', { name: 'Public' }).getAttribute('aria-selected')).toBe('true');
    await user.click(signButton('Phase 2: Public Sale'));

    expect(await screen.findByText('Your collection has been submitted for review.')).toBeTruthy();
    const link = screen.getByRole('link', { name: '/mint/rocks' });
    expect(link.getAttribute('href')).toBe('/mint/rocks');
    await user.click(screen.getByRole('button', { name: 'Copy URL' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/mint/rocks`);
    expect(await screen.findByText('URL copied to clipboard')).toBeTruthy();
  }, 15_000);

  it('asks for the terms before signing', async () => {
    const calls = launchServer();
    renderStep(SubmitProjectStep, launchDraft({ launchpadId: LAUNCH_ID }));
    await userEvent.click(await findSign('Phase 1: Whitelist Sale'));
    expect(await screen.findByText('Please accept terms and conditions first')).toBeTruthy();
    expect(calls.filter((c) => c.path.includes('get-psbt'))).toEqual([]);
  });

  it('refuses to sign a listing that pays someone else', async () => {
    const calls = launchServer({
      'GET /api/launchpad/get-psbt/deposit-0': ok(
        listingPayload('deposit-0', WL_PRICE, { payTo: THIEF_ADDRESS }),
      ),
    });
    const { wallet } = renderStep(
      SubmitProjectStep,
      launchDraft({ launchpadId: LAUNCH_ID, termsAccepted: true }),
    );
    await userEvent.click(await findSign('Phase 1: Whitelist Sale'));
    expect(await screen.findByText('Signing psbt failed')).toBeTruthy();
    expect(screen.getByText(/the sale would pay .*, not your wallet\./)).toBeTruthy();
    expect(wallet.signPsbt).not.toHaveBeenCalled();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it("shows the server's message when a confirm is refused", async () => {
    launchServer({ 'PUT /api/launchpad/confirm/deposit-0': failure(409, 'Psbt already signed') });
    renderStep(
      SubmitProjectStep,
      launchDraft({ launchpadId: LAUNCH_ID, termsAccepted: true }),
      await devSigningWallet(),
    );
    await userEvent.click(await findSign('Phase 1: Whitelist Sale'));
    expect(await screen.findByText('Psbt already signed')).toBeTruthy();
    expect(signButton('Phase 1: Whitelist Sale').textContent).toBe('Sign');
  });

  it("shows Signing... meanwhile, then toasts 'Failed to sign psbt' with the wallet's reason", async () => {
    launchServer();
    const wallet = fakeWallet(ACCOUNT);
    let reject: (error: Error) => void = () => undefined;
    wallet.signPsbt.mockReturnValue(new Promise((_, fail) => (reject = fail)));
    renderStep(
      SubmitProjectStep,
      launchDraft({ launchpadId: LAUNCH_ID, termsAccepted: true }),
      wallet,
    );
    await userEvent.click(await findSign('Phase 1: Whitelist Sale'));
    await waitFor(() => expect(wallet.signPsbt).toHaveBeenCalledTimes(1));
    const button = signButton('Phase 1: Whitelist Sale') as HTMLButtonElement;
    expect([button.textContent, button.disabled]).toEqual(['Signing...', true]);
    act(() => reject(new Error('User rejected the request.')));
    expect(await screen.findByText('Failed to sign psbt')).toBeTruthy();
    expect(screen.getByText('User rejected the request.')).toBeTruthy();
    await waitFor(() => expect(button.textContent).toBe('Sign'));
  });
});
