import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';

const TXID = 'd1'.repeat(32);
const PREV = 'd0'.repeat(32);
const FROM = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
const TO = 'bcrt1pmfr3p9j00pfxjh0zmgp99y8zftmd3s5pmedqhyptwy6lm87hf5ssm803es';

const output = (address: string | undefined, value: string) => ({
  scriptpubkey: '00',
  ...(address ? { scriptpubkey_address: address } : {}),
  value,
});

function server(tx: object) {
  const routes: Record<string, unknown> = {
    [`/api/shared/tx/${TXID}`]: tx,
    [`/api/shared/tx/${TXID}/status`]: { confirmed: false },
    [`/api/shared/tx/${PREV}/status`]: { confirmed: false },
    '/api/shared/blocks/tip/height': { height: 120 },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      const payload = routes[path];
      return payload === undefined
        ? new Response(JSON.stringify({ success: false, error: `No ${path}` }), { status: 404 })
        : new Response(JSON.stringify({ success: true, payload }));
    }),
  );
}

describe('/tx/{txid}', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the status, fee, size, what it spent and what it pays', async () => {
    server({
      txid: TXID,
      version: 2,
      locktime: 0,
      vin: [
        {
          txid: PREV,
          vout: 1,
          prevout: output(FROM, '100000'),
          witness: [],
          sequence: 0,
          is_coinbase: false,
        },
      ],
      vout: [output(TO, '60000'), output(undefined, '0'), output(FROM, '39000')],
      size: 250,
      weight: 661,
      fee: '1000',
      status: { confirmed: false },
    });
    renderApp({ path: `/tx/${TXID}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Transaction' })).toBeTruthy();
    expect(await screen.findByText('0.00001000 BTC')).toBeTruthy();
    expect(screen.getByText('166 vB')).toBeTruthy();
    const inputs = screen.getByRole('region', { name: 'Inputs' });
    expect(within(inputs).getByRole('listitem').textContent).toBe(`${FROM}0.00100000 BTC`);
    const outputs = within(screen.getByRole('region', { name: 'Outputs' })).getAllByRole(
      'listitem',
    );
    expect(outputs.map((o) => o.textContent)).toEqual([
      `${TO}0.00060000 BTC`,
      'No address (script only)0.00000000 BTC',
      `${FROM}0.00039000 BTC`,
    ]);
    expect((await screen.findByRole('status', { name: 'Status status' })).textContent).toBe(
      '0 confirmations',
    );
  });

  it('links a tracked transaction id to our view on regtest', async () => {
    server({
      txid: PREV,
      version: 2,
      locktime: 0,
      vin: [],
      vout: [output(TO, '1000')],
      size: 100,
      weight: 400,
      fee: '0',
      status: { confirmed: false },
    });
    // The page of TXID tracks its parent PREV here: its id opens PREV's page.
    const { router } = renderApp({ path: `/tx/${TXID}` });
    const link = await screen.findByRole('link', { name: `Transaction ${PREV}` });
    expect(link.getAttribute('href')).toBe(`/tx/${PREV}`);
    await userEvent.click(link);
    expect(router.state.location.pathname).toBe(`/tx/${PREV}`);
  });

  it("links to the network's explorer in a new tab where the deployment has one", async () => {
    server({
      txid: PREV,
      version: 2,
      locktime: 0,
      vin: [],
      vout: [output(TO, '1000')],
      size: 100,
      weight: 400,
      fee: '0',
      status: { confirmed: false },
    });
    renderApp({
      path: `/tx/${TXID}`,
      config: { explorerTxUrl: 'https://mempool.space/signet/tx/' },
    });
    const link = await screen.findByRole('link', { name: `Transaction ${PREV}` });
    expect(link.getAttribute('href')).toBe(`https://mempool.space/signet/tx/${PREV}`);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noreferrer noopener');
  });
});
