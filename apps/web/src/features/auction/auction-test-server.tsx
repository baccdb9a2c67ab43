import { testConfig } from '../../test/render-app.tsx';
import { configQueries } from '../../shared/config.queries.ts';
import { PLATFORM, walletPayload } from '../../test/trade-test-fixtures.ts';
import { fakeServer, fakeWallet, ok, renderWithWallet } from '../../test/trade-test-kit.tsx';
import { AuctionView } from './auction-page.tsx';
import {
  auctionPayload,
  BID_ID,
  BIDDER,
  BIDDER_MULTISIG,
  INSCRIPTION_ID,
  inscriptionDetails,
  placedBid,
  SETTLEMENT_TXID,
  SLUG,
} from './auction-test-fixtures.ts';

// The auction page under test: a fake server for the auction, fees, the bidder's multisig
// wallet, the indexer, the bid calls, the orders store and the chain; the page with a wallet.

export const AUCTION_PATH = `/api/launchpad/auctions/${SLUG}`;
export const BID_PATH = `${AUCTION_PATH}/bid`;
export const CONFIRM_BID_PATH = `${AUCTION_PATH}/bid/${BID_ID}`;
const FEES = { fastestFee: 12, halfHourFee: 6, hourFee: 3, economyFee: 2, minimumFee: 1 };

type Routes = Parameters<typeof fakeServer>[0];

/** Every call of the page answered; `routes` add or replace. */
export function server(routes: Routes = {}) {
  return fakeServer({
    [`GET ${AUCTION_PATH}`]: ok(auctionPayload()),
    'GET /api/shared/fees/recommended': ok(FEES),
    'POST /api/multisig/get-wallet': ok(
      walletPayload(BIDDER_MULTISIG, 'multisig', BIDDER.paymentAddress),
    ),
    [`GET /api/shared/inscriptions/details/${INSCRIPTION_ID}`]: ok(inscriptionDetails()),
    [`POST ${BID_PATH}`]: ok(placedBid()),
    [`PUT ${CONFIRM_BID_PATH}`]: ok({
      bidId: BID_ID,
      status: 'standing',
      amount: '40000',
      minimumBid: '42000',
    }),
    'POST /api/orders': (body) =>
      ok({
        txid: null,
        ...(body as object),
        id: '1',
        date: '2030-01-01T12:00:00Z',
        rewardState: 'pending',
        userId: 'u1',
      }),
    [`GET /api/shared/tx/${SETTLEMENT_TXID}/status`]: ok({ confirmed: false }),
    'GET /api/shared/blocks/tip/height': ok({ height: 120 }),
    ...routes,
  });
}

/** The page of the auction with the bidder's wallet; the platform's fee address is published. */
export function renderPage(wallet = fakeWallet(BIDDER)) {
  const view = renderWithWallet(<AuctionView slug={SLUG} />, wallet);
  view.queryClient.setQueryData(configQueries.app().queryKey, {
    ...testConfig,
    platformFeeAddress: PLATFORM.address,
  });
  return { ...view, wallet };
}
