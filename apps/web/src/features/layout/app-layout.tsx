import { Outlet } from 'react-router';
import { Loading } from '../../components/ui/load-state.tsx';
import { useChainEvents } from '../chain/use-chain-events.ts';
import { AppHeader } from './app-header.tsx';
import { AppSidebar } from './app-sidebar.tsx';
import { SidebarProvider } from './sidebar-provider.tsx';

/**
 * The shell around every page. `isLoadingPage`: the router's HydrateFallback, while the first
 * page's code loads (a lazy route); the shell shows at once and the page says it is loading.
 */
export function AppLayout({ isLoadingPage = false }: { isLoadingPage?: boolean }) {
  useChainEvents();
  return (
    <SidebarProvider>
      <div className="flex min-h-dvh">
        <AppSidebar />
        <div className="flex min-w-0 flex-1 flex-col">
          <AppHeader />
          <main className="flex-1">
            {isLoadingPage ? <Loading what="the page" className="p-6" /> : <Outlet />}
          </main>
        </div>
      </div>
    </SidebarProvider>
  );
}
