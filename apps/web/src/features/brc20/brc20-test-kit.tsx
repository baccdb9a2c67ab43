import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, fakeWallet, ok, renderWithWallet } from '../../test/trade-test-kit.tsx';
import { buyer } from '../../test/mint-test-fixtures.ts';
import { TokenView } from './token-page.tsx';
import {
  ORDER_ID,
  order,
  paymentPsbt,
  price,
  SERVICE,
  token,
} from '../../test/brc20-test-fixtures.ts';
import type { Brc20Token } from '@om/core';

type Routes = Parameters<typeof fakeServer>[0];

export const PRICE = `POST ${SERVICE}/price`;
export const INSCRIBE = `POST ${SERVICE}/inscribe`;
export const ORDER = `GET ${SERVICE}/order?id=${ORDER_ID}`;
export const PAYMENT_PSBT = `POST ${SERVICE}/payment-psbt`;
export const PAY = `POST ${SERVICE}/pay`;
export const PAYMENT_TXID = 'f0'.repeat(32);

/** The service answers the object itself (no envelope). */
export const raw = (answer: unknown): [number, unknown] => [200, answer];
export const refused = (status: number, error: string): [number, unknown] => [
  status,
  { status: 'error', error },
];

/** The token's holders and activity (empty), and the inscription service for a 2-mint order. */
export function tokenServer(routes: Routes = {}) {
  return fakeServer({
    'GET /api/brc20/tokens/ordi/holders': ok({ holders: [], total: 0 }),
    'GET /api/brc20/tokens/ordi/activity': ok({ events: [], total: 0 }),
    [PRICE]: raw(price()),
    [INSCRIBE]: raw(order()),
    [ORDER]: raw(order()),
    [PAYMENT_PSBT]: raw(paymentPsbt()),
    [PAY]: raw(order({ state: 'payment-seen', paid: true, paymentTxid: PAYMENT_TXID })),
    ...routes,
  });
}

export function renderToken(t: Brc20Token = token(), wallet = fakeWallet(buyer)) {
  const view = renderWithWallet(<TokenView token={t} />, wallet);
  return { ...view, wallet };
}

export const bodies = (calls: ReturnType<typeof fakeServer>, route: string) => {
  const [method, path] = route.split(' ');
  return calls.filter((c) => c.method === method && c.path === path).map((c) => c.body);
};

export async function fill(label: string, value: string, user = userEvent) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  await user.type(input, value);
}
