import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAuthToken, saveAuthSession } from '../../lib/auth-session.ts';
import { renderApp } from '../../test/render-app.tsx';
import type { WalletAdapter } from './wallet.types.ts';

// The regtest P2WPKH and P2TR addresses of the secp256k1 generator point (BIP-173's example).
const PAYMENT = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
const ORDINALS = 'bcrt1pmfr3p9j00pfxjh0zmgp99y8zftmd3s5pmedqhyptwy6lm87hf5ssm803es';
const PAYMENT_KEY = '0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798';

type Call = { method: string; path: string; body: unknown };

function fakeServer(overrides: Record<string, () => [number, unknown]> = {}) {
  const calls: Call[] = [];
  const routes: Record<string, () => [number, unknown]> = {
    'POST /api/auth/challenge': () => [
      200,
      { success: true, payload: { message: 'Sign in #1', expiresAt: '2999-01-01T00:00:00Z' } },
    ],
    'POST /api/auth/verify': () => [
      200,
      {
        success: true,
        payload: { token: 'jwt-1', address: PAYMENT, expiresAt: '2999-01-01T00:00:00Z' },
      },
    ],
    [`GET /api/shared/address/${PAYMENT}/balance`]: () => [
      200,
      { success: true, payload: { confirmed: '100000000', unconfirmed: '0' } },
    ],
    'POST /api/dev/faucet': () => [200, { success: true, payload: { txid: 'ab'.repeat(32) } }],
    'POST /api/dev/mine': () => [
      200,
      { success: true, payload: { blockHashes: ['cd'.repeat(32)], height: 102 } },
    ],
    ...overrides,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      calls.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const route = routes[`${method} ${path}`];
      const [status, body] = route ? route() : [404, { success: false, error: 'Not found' }];
      return new Response(JSON.stringify(body), { status });
    }),
  );
  return calls;
}

function fakeAdapter(): WalletAdapter {
  return {
    connect: vi.fn(async () => ({
      paymentAddress: PAYMENT,
      paymentPublicKey: PAYMENT_KEY,
      ordinalsAddress: ORDINALS,
      ordinalsPublicKey: PAYMENT_KEY,
    })),
    signMessage: vi.fn(async (message: string) => `signed(${message})`),
    signPsbt: vi.fn(async () => 'cHNidP8='),
    disconnect: vi.fn(),
  };
}

async function connectDevWallet() {
  await userEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }));
  await userEvent.click(screen.getByRole('button', { name: 'Dev wallet' }));
}

describe('connecting signs in', () => {
  let adapter: WalletAdapter;
  beforeEach(() => {
    adapter = fakeAdapter();
  });
  afterEach(() => vi.useRealTimers());

  it('signs the challenge with the payment address and keeps the token', async () => {
    const calls = fakeServer();
    renderApp({ createAdapter: async () => adapter });
    await connectDevWallet();

    const walletButton = await screen.findByRole('button', { name: 'bcrt1q…t080' });
    expect(screen.queryByRole('dialog', { name: 'Connect a wallet' })).toBeNull();
    expect(calls.filter((c) => c.path.startsWith('/api/auth/'))).toEqual([
      { method: 'POST', path: '/api/auth/challenge', body: { address: PAYMENT } },
      {
        method: 'POST',
        path: '/api/auth/verify',
        body: { address: PAYMENT, publicKey: PAYMENT_KEY, signature: 'signed(Sign in #1)' },
      },
    ]);
    expect(adapter.signMessage).toHaveBeenCalledWith('Sign in #1', PAYMENT);
    expect(getAuthToken()).toBe('jwt-1');

    await userEvent.click(walletButton);
    const panel = screen.getByRole('dialog', { name: 'Wallet' });
    expect(within(panel).getByText(PAYMENT)).toBeTruthy();
    expect(within(panel).getByText(ORDINALS)).toBeTruthy();
    expect(await within(panel).findByText('1.00000000 BTC')).toBeTruthy();
  });

  it('funds and mines from the panel, then refetches the balance', async () => {
    const calls = fakeServer();
    renderApp({ createAdapter: async () => adapter });
    await connectDevWallet();
    await userEvent.click(await screen.findByRole('button', { name: 'bcrt1q…t080' }));
    const panel = screen.getByRole('dialog', { name: 'Wallet' });
    await within(panel).findByText('1.00000000 BTC');

    await userEvent.click(within(panel).getByRole('button', { name: 'Get test coins' }));
    await screen.findByText('Sent 1 BTC to bcrt1q…t080. Mine a block to confirm it.');
    expect(calls).toContainEqual({
      method: 'POST',
      path: '/api/dev/faucet',
      body: { address: PAYMENT, amountSats: '100000000' },
    });
    await userEvent.click(within(panel).getByRole('button', { name: 'Mine block' }));
    await screen.findByText('Mined block 102');
    expect(calls).toContainEqual({ method: 'POST', path: '/api/dev/mine', body: { blocks: 1 } });
    const balanceCalls = calls.filter((c) => c.path.endsWith('/balance'));
    expect(balanceCalls.length).toBeGreaterThanOrEqual(3);
  });

  it("shows the wallet's transactions waiting for a block, from both addresses, each once", async () => {
    const output = (address: string, value: string) => ({
      scriptpubkey: '00',
      scriptpubkey_address: address,
      value,
    });
    const pending = {
      txid: 'c1'.repeat(32),
      version: 2,
      locktime: 0,
      vin: [
        {
          txid: 'c0'.repeat(32),
          vout: 0,
          prevout: output(PAYMENT, '100000'),
          witness: [],
          sequence: 0,
          is_coinbase: false,
        },
      ],
      vout: [
        output('bcrt1qsomeoneelse', '60000'),
        output(ORDINALS, '546'),
        output(PAYMENT, '39000'),
      ],
      size: 200,
      weight: 800,
      fee: '454',
      status: { confirmed: false },
    };
    const mined = {
      ...pending,
      txid: 'c2'.repeat(32),
      status: { confirmed: true, block_height: 101, block_hash: 'ff'.repeat(32), block_time: 1 },
    };
    fakeServer({
      [`GET /api/shared/mempool/address/${PAYMENT}/txs`]: () => [
        200,
        { success: true, payload: [pending, mined] },
      ],
      [`GET /api/shared/mempool/address/${ORDINALS}/txs`]: () => [
        200,
        { success: true, payload: [pending] },
      ],
    });
    renderApp({ createAdapter: async () => adapter });
    await connectDevWallet();
    await userEvent.click(await screen.findByRole('button', { name: 'bcrt1q…t080' }));
    const section = await screen.findByRole('region', { name: 'Pending transactions' });
    const rows = within(section).getAllByRole('listitem');
    expect(rows).toHaveLength(1);
    // Spent 100,000, got back 39,000 and the 546 on the ordinals address.
    expect(rows[0]?.textContent).toMatch(/−0\.00060454 BTC$/);
  });

  it('disconnect clears the session', async () => {
    fakeServer();
    renderApp({ createAdapter: async () => adapter });
    await connectDevWallet();
    await userEvent.click(await screen.findByRole('button', { name: 'bcrt1q…t080' }));
    await userEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeTruthy();
    expect(getAuthToken()).toBeNull();
    expect(adapter.disconnect).toHaveBeenCalled();
  });

  it('a failed sign-in says why in the dialog and disconnects the wallet', async () => {
    fakeServer({
      'POST /api/auth/verify': () => [401, { success: false, error: 'Invalid signature' }],
    });
    renderApp({ createAdapter: async () => adapter });
    await connectDevWallet();
    expect(await screen.findByText('Could not connect Dev wallet: Invalid signature')).toBeTruthy();
    expect(adapter.disconnect).toHaveBeenCalled();
    expect(getAuthToken()).toBeNull();
    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeTruthy();
  });

  it('says in the dialog when a rate-limited sign-in may be tried again, until the next try', async () => {
    let limited = true;
    fakeServer({
      'POST /api/auth/challenge': () =>
        limited
          ? [
              429,
              {
                success: false,
                error: 'Too many sign-in attempts for this address: try again in 42 s.',
              },
            ]
          : [
              200,
              {
                success: true,
                payload: { message: 'Sign in #1', expiresAt: '2999-01-01T00:00:00Z' },
              },
            ],
    });
    renderApp({ createAdapter: async () => adapter });
    await connectDevWallet();
    const dialog = screen.getByRole('dialog', { name: 'Connect a wallet' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Could not connect Dev wallet: Too many sign-in attempts for this address: try again in 42 s.',
    );
    limited = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dev wallet' }));
    expect(await screen.findByRole('button', { name: 'bcrt1q…t080' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses addresses of another network', async () => {
    fakeServer();
    const mainnet = fakeAdapter();
    vi.mocked(mainnet.connect).mockResolvedValue({
      paymentAddress: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      paymentPublicKey: PAYMENT_KEY,
      ordinalsAddress: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      ordinalsPublicKey: PAYMENT_KEY,
    });
    renderApp({ createAdapter: async () => mainnet });
    await connectDevWallet();
    expect(
      await screen.findByText(
        'Could not connect Dev wallet: Switch your wallet to regtest: bc1qw5…f3t4 is not a regtest address.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(mainnet.disconnect).toHaveBeenCalled());
  });

  it('a reload keeps the session and re-creates the wallet only to sign', async () => {
    fakeServer();
    saveAuthSession({
      token: 'jwt-1',
      expiresAt: '2999-01-01T00:00:00Z',
      wallet: {
        id: 'dev',
        paymentAddress: PAYMENT,
        paymentPublicKey: PAYMENT_KEY,
        ordinalsAddress: ORDINALS,
        ordinalsPublicKey: PAYMENT_KEY,
      },
    });
    const createAdapter = vi.fn(async () => adapter);
    renderApp({ createAdapter });
    expect(screen.getByRole('button', { name: 'bcrt1q…t080' })).toBeTruthy();
    expect(createAdapter).not.toHaveBeenCalled();
  });

  it('an expired session is dropped', () => {
    saveAuthSession({
      token: 'old',
      expiresAt: '2000-01-01T00:00:00Z',
      wallet: {
        id: 'dev',
        paymentAddress: PAYMENT,
        paymentPublicKey: PAYMENT_KEY,
        ordinalsAddress: ORDINALS,
        ordinalsPublicKey: PAYMENT_KEY,
      },
    });
    renderApp();
    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeTruthy();
    expect(getAuthToken()).toBeNull();
  });
});
