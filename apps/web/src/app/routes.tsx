import { Navigate, type RouteObject } from 'react-router';
import { AuctionPage } from '../features/auction/auction-page.tsx';
import { CollectionsPage } from '../features/collections/collections-page.tsx';
import { InscriptionPage } from '../features/inscriptions/inscription-page.tsx';
import { InscriptionsPage } from '../features/inscriptions/inscriptions-page.tsx';
import { LaunchpadPage } from '../features/launchpad/launchpad-page.tsx';
import { AppLayout } from '../features/layout/app-layout.tsx';
import { MintPage } from '../features/mint/mint-page.tsx';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { ProfilePage } from '../features/profile/profile-page.tsx';
import { RewardPoolPage } from '../features/rewards/reward-pool-page.tsx';
import { RewardsPage } from '../features/rewards/rewards-page.tsx';
import { RouteErrorPage } from './route-error-page.tsx';

/** Spec 000 §2 and 001 §2. /content/{id} is served by the API server, not by this app. */
export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <Navigate to="/collections" replace /> },
      { path: 'collections', element: <CollectionsPage /> },
      { path: 'launchpad', element: <LaunchpadPage /> },
      { path: 'rewards', element: <RewardsPage /> },
      { path: 'rewards/:id', element: <RewardPoolPage /> },
      { path: 'profile', element: <ProfilePage /> },
      { path: 'inscriptions', element: <InscriptionsPage /> },
      { path: 'inscriptions/:id', element: <InscriptionPage /> },
      { path: 'mint/:slug', element: <MintPage /> },
      { path: 'auction/:slug', element: <AuctionPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
