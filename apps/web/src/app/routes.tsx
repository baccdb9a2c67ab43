import { Navigate, type RouteObject } from 'react-router';
import { AppLayout } from '../features/layout/app-layout.tsx';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { RouteErrorPage } from './route-error-page.tsx';

/**
 * product.md#wizard-screens, #market-screens. /content/{id} is served by the API server, not by
 * this app. Every page, the landing one too, loads on first visit, so the first chunk carries only
 * the shell (product.md#scale-and-delivery: the landing page's launches and their address checks
 * are not every page's JavaScript); the server modulepreloads the page's chunks in the index.html
 * it answers for that path.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    // The first load of a lazy page renders this, not nothing (and React Router's warning).
    hydrateFallbackElement: <AppLayout isLoadingPage />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <Navigate to="/collections" replace /> },
      {
        path: 'collections',
        lazy: async () => ({
          Component: (await import('../features/collections/collections-page.tsx')).CollectionsPage,
        }),
      },
      {
        path: 'collections/:slug',
        lazy: async () => ({
          Component: (await import('../features/collections/collection-page.tsx')).CollectionPage,
        }),
      },
      {
        path: 'launches',
        lazy: async () => ({
          Component: (await import('../features/launches/launches-page.tsx')).LaunchesPage,
        }),
      },
      {
        path: 'auctions',
        lazy: async () => ({
          Component: (await import('../features/auction/auctions-page.tsx')).AuctionsPage,
        }),
      },
      {
        path: 'launchpad',
        lazy: async () => ({
          Component: (await import('../features/launchpad/launchpad-page.tsx')).LaunchpadPage,
        }),
      },
      {
        path: 'rewards',
        lazy: async () => ({
          Component: (await import('../features/rewards/rewards-page.tsx')).RewardsPage,
        }),
      },
      {
        path: 'rewards/:id',
        lazy: async () => ({
          Component: (await import('../features/rewards/reward-pool-page.tsx')).RewardPoolPage,
        }),
      },
      {
        path: 'brc20',
        lazy: async () => ({
          Component: (await import('../features/brc20/tokens-page.tsx')).TokensPage,
        }),
      },
      {
        path: 'brc20/:tick',
        lazy: async () => ({
          Component: (await import('../features/brc20/token-page.tsx')).TokenPage,
        }),
      },
      {
        path: 'runes/:idOrName',
        lazy: async () => ({
          Component: (await import('../features/runes/rune-page.tsx')).RunePage,
        }),
      },
      {
        path: 'tx/:txid',
        lazy: async () => ({
          Component: (await import('../features/chain/transaction-page.tsx')).TransactionPage,
        }),
      },
      {
        path: 'swap',
        lazy: async () => ({
          Component: (await import('../features/swap/swap-page.tsx')).SwapPage,
        }),
      },
      {
        path: 'profile',
        lazy: async () => ({
          Component: (await import('../features/profile/profile-page.tsx')).ProfilePage,
        }),
      },
      {
        path: 'address/:address',
        lazy: async () => ({
          Component: (await import('../features/profile/address-page.tsx')).AddressPage,
        }),
      },
      {
        path: 'artists',
        lazy: async () => ({
          Component: (await import('../features/artists/artists-page.tsx')).ArtistsPage,
        }),
      },
      {
        path: 'artists/:username',
        lazy: async () => ({
          Component: (await import('../features/artists/artist-page.tsx')).ArtistPage,
        }),
      },
      {
        path: 'wallet',
        lazy: async () => ({
          Component: (await import('../features/multisig/multisig-wallet-page.tsx'))
            .MultisigWalletPage,
        }),
      },
      {
        path: 'wallet/recovery',
        lazy: async () => ({
          Component: (await import('../features/multisig/recovery-page.tsx')).RecoveryPage,
        }),
      },
      {
        path: 'inscriptions',
        lazy: async () => ({
          Component: (await import('../features/inscriptions/inscriptions-page.tsx'))
            .InscriptionsPage,
        }),
      },
      {
        path: 'inscriptions/:id',
        lazy: async () => ({
          Component: (await import('../features/inscriptions/inscription-page.tsx'))
            .InscriptionPage,
        }),
      },
      {
        path: 'mint/:slug',
        lazy: async () => ({
          Component: (await import('../features/mint/mint-page.tsx')).MintPage,
        }),
      },
      {
        path: 'auction/:slug',
        lazy: async () => ({
          Component: (await import('../features/auction/auction-page.tsx')).AuctionPage,
        }),
      },
      {
        path: 'review',
        lazy: async () => ({
          Component: (await import('../features/review/review-page.tsx')).ReviewPage,
        }),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
