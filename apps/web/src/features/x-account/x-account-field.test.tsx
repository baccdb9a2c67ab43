import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../test/render-app.tsx';
import { configQueries } from '../../shared/config.queries.ts';
import { CREATOR } from '../../test/wizard-test-kit.tsx';
import {
  callsTo,
  failure,
  fakeServer,
  fakeWallet,
  ok,
  renderWithWallet,
  type ApiCall,
} from '../../test/trade-test-kit.tsx';
import { XAccountField } from './x-account-field.tsx';

// The X field of the information steps (product.md#validation, #roles): the handle warning 0.5 s
// after typing stops, and connecting an X account in a popup with its two toasts.

const SATOSHI = {
  username: 'satoshi',
  name: 'Satoshi Nakamoto',
  xUserId: '1001',
  connectedAt: '2026-01-01T00:00:00.000Z',
};
const CONNECTED = 'Successfully connected X Account';
const FAILED = 'Something went wrong when connecting X account';
const AUTHORIZE_URL = 'https://x.com/i/oauth2/authorize?state=s';
const differs = (username: string) =>
  `This X handle differs from your connected X account @${username}.`;

let user: ReturnType<typeof userEvent.setup>;
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
});
afterEach(() => vi.useRealTimers());

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const cacheCalls = (calls: ApiCall[]) => callsTo(calls, 'POST', '/api/twitter/cache');

function Harness() {
  const [value, setValue] = useState('');
  return (
    <XAccountField
      value={value}
      error={undefined}
      inputProps={{ value, onChange: (event) => setValue(event.target.value) }}
    />
  );
}

function renderField(signedIn = true) {
  return renderWithWallet(<Harness />, fakeWallet(signedIn ? CREATOR : null));
}

describe('the X handle warning', () => {
  it('warns 0.5 s after typing stops when the handle is not the connected account’s', async () => {
    const calls = fakeServer({
      'GET /api/x/account': ok(SATOSHI),
      'POST /api/twitter/cache': ok(SATOSHI),
    });
    renderField();
    expect(await screen.findByText('@satoshi')).toBeTruthy();
    await user.type(screen.getByLabelText('X'), 'x.com/hal');
    await wait(400);
    expect(screen.queryByText(differs('satoshi'))).toBeNull();
    expect(cacheCalls(calls)).toEqual([]);
    await wait(200);
    expect(await screen.findByText(differs('satoshi'))).toBeTruthy();
    expect(cacheCalls(calls)).toHaveLength(1);
    // Typing again hides it until the next pause.
    await user.type(screen.getByLabelText('X'), 'f');
    expect(screen.queryByText(differs('satoshi'))).toBeNull();
    await wait(600);
    expect(await screen.findByText(differs('satoshi'))).toBeTruthy();
    expect(cacheCalls(calls)).toHaveLength(1);
  });

  it.each([
    ['the same handle in other letters', 'x.com/SATOSHI'],
    ['a twitter.com link to it', 'https://twitter.com/satoshi/'],
    ['an empty field', ''],
    ['a link that is not valid (its error shows instead)', 'x.com/@hal'],
  ])('no warning for %s', async (_, link) => {
    const calls = fakeServer({ 'GET /api/x/account': ok(SATOSHI) });
    renderField();
    await screen.findByText('@satoshi');
    if (link) await user.type(screen.getByLabelText('X'), link);
    await wait(1000);
    expect(screen.queryByRole('status')).toBeNull();
    expect(cacheCalls(calls)).toEqual([]);
  });

  it('no warning without a connected account', async () => {
    const calls = fakeServer({ 'GET /api/x/account': ok(null) });
    renderField();
    await screen.findByRole('button', { name: 'Connect X' });
    await user.type(screen.getByLabelText('X'), 'x.com/hal');
    await wait(1000);
    expect(screen.queryByRole('status')).toBeNull();
    expect(cacheCalls(calls)).toEqual([]);
  });

  it('reads the profile again first: a renamed account matching the handle gives none', async () => {
    fakeServer({
      'GET /api/x/account': ok(SATOSHI),
      'POST /api/twitter/cache': ok({ ...SATOSHI, username: 'satoshi_2' }),
    });
    renderField();
    await screen.findByText('@satoshi');
    await user.type(screen.getByLabelText('X'), 'x.com/Satoshi_2');
    await wait(600);
    expect(await screen.findByText('@satoshi_2')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('warns with the cached handle when X cannot be read (Cache Error)', async () => {
    fakeServer({
      'GET /api/x/account': ok(SATOSHI),
      'POST /api/twitter/cache': failure(502, 'Cache Error'),
    });
    renderField();
    await screen.findByText('@satoshi');
    await user.type(screen.getByLabelText('X'), 'x.com/hal');
    await wait(600);
    expect(await screen.findByText(differs('satoshi'))).toBeTruthy();
  });

  it('asks nothing and offers nothing before sign-in', async () => {
    const calls = fakeServer({});
    renderField(false);
    await user.type(screen.getByLabelText('X'), 'x.com/hal');
    await wait(1000);
    expect(calls).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Connect X' })).toBeNull();
  });
});

describe('connecting an X account', () => {
  /** window.open's popup: where the app sent it, and whether it was closed. */
  function stubPopup(popup: { location: { href: string }; close: () => void } | null) {
    const open = vi.fn(() => popup);
    vi.stubGlobal('open', open);
    return open;
  }
  const newPopup = () => ({ location: { href: '' }, close: vi.fn() });

  /** GET /api/x/account answers null until `connected` is set. */
  function xServer(connect: [number, unknown] = ok({ authorizeUrl: AUTHORIZE_URL })) {
    const state = { connected: false };
    const calls = fakeServer({
      'GET /api/x/account': () => ok(state.connected ? SATOSHI : null),
      'POST /api/x/connect': connect,
      'DELETE /api/x/account': () => {
        state.connected = false;
        return ok(null);
      },
    });
    return { calls, state };
  }

  const reply = (data: unknown, origin = window.location.origin) =>
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data, origin }));
    });

  it('opens X’s consent page in a popup; the page’s message toasts and shows the account', async () => {
    const { calls, state } = xServer();
    const popup = newPopup();
    const open = stubPopup(popup);
    renderField();
    await user.click(await screen.findByRole('button', { name: 'Connect X' }));
    expect(open).toHaveBeenCalledWith('', 'x-account', 'popup,width=600,height=720');
    await wait(0);
    expect(popup.location.href).toBe(AUTHORIZE_URL);
    expect(callsTo(calls, 'POST', '/api/x/connect')).toHaveLength(1);

    state.connected = true;
    await reply({ type: 'x-account', ok: true }, 'https://evil.example');
    await reply({ type: 'other', ok: true });
    expect(screen.queryByText(CONNECTED)).toBeNull();
    await reply({ type: 'x-account', ok: true });
    expect(await screen.findByText(CONNECTED)).toBeTruthy();
    expect(await screen.findByText('@satoshi')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeTruthy();
  });

  it('hears the page on the BroadcastChannel when X cut the popup off from its opener', async () => {
    xServer();
    stubPopup(newPopup());
    renderField();
    await user.click(await screen.findByRole('button', { name: 'Connect X' }));
    const channel = new BroadcastChannel('x-account');
    channel.postMessage({ type: 'x-account', ok: false });
    channel.close();
    expect(await screen.findByText(FAILED)).toBeTruthy();
  });

  it('toasts the failure the page reports', async () => {
    xServer();
    stubPopup(newPopup());
    renderField();
    await user.click(await screen.findByRole('button', { name: 'Connect X' }));
    await reply({ type: 'x-account', ok: false });
    expect(await screen.findByText(FAILED)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connect X' })).toBeTruthy();
  });

  it('closes the popup and toasts when the server cannot start a sign-in', async () => {
    xServer(failure(503, 'Connecting an X account is not set up on this server.'));
    const popup = newPopup();
    stubPopup(popup);
    renderField();
    await user.click(await screen.findByRole('button', { name: 'Connect X' }));
    expect(await screen.findByText(FAILED)).toBeTruthy();
    expect(
      await screen.findByText('Connecting an X account is not set up on this server.'),
    ).toBeTruthy();
    expect(popup.close).toHaveBeenCalled();
  });

  it('offers no Connect X where the server has no X client (config xConnect false)', async () => {
    const { calls } = xServer();
    const open = stubPopup(newPopup());
    const { queryClient } = renderField();
    act(() => {
      queryClient.setQueryData(configQueries.app().queryKey, { ...testConfig, xConnect: false });
    });
    await wait(100);
    expect(callsTo(calls, 'GET', '/api/x/account')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Connect X' })).toBeNull();
    expect(screen.getByLabelText('X')).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
  });

  it('says to allow pop-ups when the browser blocked one', async () => {
    const { calls } = xServer();
    stubPopup(null);
    renderField();
    await user.click(await screen.findByRole('button', { name: 'Connect X' }));
    expect(await screen.findByText(FAILED)).toBeTruthy();
    expect(await screen.findByText('Allow pop-ups for this site, then try again.')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/x/connect')).toEqual([]);
  });

  it('disconnects', async () => {
    const { calls, state } = xServer();
    state.connected = true;
    renderField();
    await user.click(await screen.findByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByRole('button', { name: 'Connect X' })).toBeTruthy();
    expect(callsTo(calls, 'DELETE', '/api/x/account')).toHaveLength(1);
  });
});
