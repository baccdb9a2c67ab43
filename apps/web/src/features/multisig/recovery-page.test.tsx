import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  callsTo,
  fakeServer,
  fakeWallet,
  ok,
  renderWithWallet,
} from '../../test/trade-test-kit.tsx';
import {
  ACCOUNT,
  coin,
  devSigningWallet,
  INSCRIPTION_ID,
  listedCoin,
  MAKER,
  MULTISIG,
  utxosPayload,
  walletInfo,
} from '../../test/multisig-test-fixtures.ts';
import { RecoveryPage } from './recovery-page.tsx';

const multisigCoin = listedCoin(coin(0x31, 50_000n, MULTISIG.script), { recoverableAt: 244 });
const makerCoin = listedCoin(coin(0x41, 10_000n, MAKER.script), {
  inscriptions: [INSCRIPTION_ID],
  recoverableAt: 250,
});

function routes(tipHeight: number, extra: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    'POST /api/multisig/get-wallet': ok(walletInfo('multisig', MULTISIG)),
    'POST /api/multisig/get-maker-wallet': ok(walletInfo('maker', MAKER)),
    'GET /api/multisig/utxos/ms-1': ok(utxosPayload('multisig', [multisigCoin], { tipHeight })),
    'GET /api/multisig/utxos/mk-1': ok(utxosPayload('maker', [makerCoin], { tipHeight })),
    ...extra,
  });
}

async function buildAndSign(name: string) {
  const section = await screen.findByRole('region', { name });
  await userEvent.click(
    await within(section).findByRole('button', { name: 'Build the recovery transaction' }),
  );
  expect(within(section).getByRole('region', { name: 'Transaction review' })).toBeTruthy();
  await userEvent.click(within(section).getByRole('button', { name: 'Sign with your wallet' }));
  return section;
}

describe('RecoveryPage', () => {
  it('explains the 144-block exit and lists each coin against the tip', async () => {
    routes(243);
    renderWithWallet(<RecoveryPage />, fakeWallet(ACCOUNT));
    expect(screen.getByText(/your key alone once the coin is 144 blocks deep/)).toBeTruthy();
    expect(await screen.findByText('Recoverable now (from block 244)')).toBeTruthy();
    expect(screen.getByText('From block 250, in 6 blocks')).toBeTruthy();
  });

  it('builds, signs and finalizes in the browser, then broadcasts the raw hex', async () => {
    const calls = routes(300, {
      'POST /api/shared/tx': (body) =>
        ok({ txid: `tx-of-${(body as { hex: string }).hex.length}` }),
    });
    renderWithWallet(<RecoveryPage />, await devSigningWallet());
    const section = await buildAndSign('Recover the multisig wallet');

    const hex = (await within(section).findByLabelText(
      /^Signed transaction/,
    )) as HTMLTextAreaElement;
    expect(hex.value).toMatch(/^02000000/);
    await userEvent.click(
      within(section).getByRole('button', { name: 'Broadcast it through this site' }),
    );
    expect(
      await screen.findByText(`Transaction broadcasted: tx-of-${hex.value.length}`),
    ).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/shared/tx')[0]?.body).toEqual({ hex: hex.value });
  });

  it('offers no broadcast before the coins are 144 blocks deep', async () => {
    routes(200);
    renderWithWallet(<RecoveryPage />, await devSigningWallet());
    const section = await buildAndSign('Recover the multisig wallet');
    expect(
      await within(section).findByText(/nodes refuse it until then \(tip: 200\)/),
    ).toBeTruthy();
    const broadcast = within(section).getByRole('button', {
      name: 'Broadcast it through this site',
    });
    expect((broadcast as HTMLButtonElement).disabled).toBe(true);
  });

  it('says what to do when the maker wallet has no BTC to pay the fee', async () => {
    routes(300);
    renderWithWallet(<RecoveryPage />, fakeWallet(ACCOUNT));
    const section = await screen.findByRole('region', { name: 'Recover the maker wallet' });
    const recipient = await within(section).findByLabelText('Send everything to');
    expect((recipient as HTMLInputElement).value).toBe(ACCOUNT.ordinalsAddress);
    await userEvent.click(
      within(section).getByRole('button', { name: 'Build the recovery transaction' }),
    );
    expect(within(section).getByRole('alert').textContent).toMatch(
      /cannot pay the \d+-sat fee.+send a little BTC to the maker wallet's address first/,
    );
  });
});
