import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, fakeWallet, ok, renderWithWallet } from '../../test/trade-test-kit.tsx';
import { BUYER_ORDINALS, BUYER_PAYMENT } from '../../test/trade-test-fixtures.ts';
import { MintLaunch } from './mint-page.tsx';
import {
  allocationPayload,
  buyer,
  details,
  FEES,
  LAUNCH_ID,
  launchPayload,
  MINT_ITEMS,
  SLUG,
  TXID,
} from '../../test/mint-test-fixtures.ts';

// The mint page under test: a fake server for the launch, the allocation, fees, the indexer and
// the chain, the page with a fake wallet, and the controls the tests use.

export const BY_SLUG = `/api/launchpad/by-slug/${SLUG}`;
export const ALLOCATION = `/api/launchpad/get-allocation/${LAUNCH_ID}/${BUYER_ORDINALS.address}?paymentAddress=${BUYER_PAYMENT.address}`;

type Routes = Parameters<typeof fakeServer>[0];

/** The launch, the wallet's allocation, fees, the indexer and the chain; `routes` add or replace. */
export function server(routes: Routes = {}) {
  return fakeServer({
    [`GET ${BY_SLUG}`]: ok(launchPayload()),
    [`GET ${ALLOCATION}`]: ok(allocationPayload()),
    'GET /api/shared/fees/recommended': ok(FEES),
    ...Object.fromEntries(
      MINT_ITEMS.map((item) => [
        `GET /api/shared/inscriptions/details/${item.inscriptionId}`,
        ok(details(item)),
      ]),
    ),
    'POST /api/orders': (body) =>
      ok({
        ...(body as object),
        id: '1',
        date: '2026-03-01T12:00:00Z',
        rewardState: 'pending',
        userId: 'u1',
        auctionId: null,
      }),
    [`GET /api/shared/tx/${TXID}/status`]: ok({ confirmed: false }),
    'GET /api/shared/blocks/tip/height': ok({ height: 120 }),
    ...routes,
  });
}

export function renderPage(wallet = fakeWallet(buyer)) {
  const view = renderWithWallet(<MintLaunch slug={SLUG} />, wallet);
  return { ...view, wallet };
}

export const phaseRow = (name: string) => screen.findByRole('listitem', { name });
export const countInput = () => screen.getByLabelText('Number to mint');
export const mintButton = () => screen.getByRole('button', { name: 'Mint' });
export const review = () => screen.findByRole('region', { name: 'Purchase review' });

export async function setCount(value: string) {
  await userEvent.clear(countInput());
  await userEvent.type(countInput(), value);
}
