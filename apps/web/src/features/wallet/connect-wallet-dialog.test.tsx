import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';

const NINE_WALLETS = [
  'UniSat',
  'Xverse',
  'Magic Eden',
  'Leather',
  'Orange',
  'OKX',
  'OYL',
  'Phantom',
  'Wizz',
];

async function openChooser() {
  await userEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }));
  return screen.getByRole('dialog', { name: 'Connect a wallet' });
}

function walletButtons(dialog: HTMLElement) {
  return within(dialog)
    .getAllByRole('button')
    .map((button) => button.getAttribute('aria-label'));
}

describe('Connect a wallet', () => {
  it('lists the nine wallets of the spec and the Dev wallet where devTools is on', async () => {
    renderApp({ config: { devTools: true } });
    const dialog = await openChooser();
    expect(walletButtons(dialog)).toEqual([...NINE_WALLETS, 'Dev wallet']);
    expect(within(dialog).getByRole('radio', { name: 'Native SegWit (P2WPKH)' })).toHaveProperty(
      'checked',
      true,
    );
  });

  it('has no Dev wallet without devTools', async () => {
    renderApp({ config: { devTools: false, network: 'mainnet' } });
    const dialog = await openChooser();
    expect(walletButtons(dialog)).toEqual(NINE_WALLETS);
    expect(within(dialog).queryByRole('radio')).toBeNull();
  });

  it('says clearly when the extension is not installed, without loading anything', async () => {
    const createAdapter = vi.fn();
    renderApp({ createAdapter });
    const dialog = await openChooser();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Xverse' }));
    expect(
      await screen.findByText('Xverse is not installed. Install the extension and try again.'),
    ).toBeTruthy();
    expect(createAdapter).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Connect a wallet' })).toBeTruthy();
  });

  it('closes on Escape', async () => {
    renderApp();
    await openChooser();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Connect a wallet' })).toBeNull();
  });
});
