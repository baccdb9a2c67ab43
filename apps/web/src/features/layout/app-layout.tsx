import { Outlet } from 'react-router';
import { useChainEvents } from '../chain/use-chain-events.ts';
import { AppHeader } from './app-header.tsx';
import { AppSidebar } from './app-sidebar.tsx';
import { SidebarProvider } from './sidebar-provider.tsx';

export function AppLayout() {
  useChainEvents();
  return (
    <SidebarProvider>
      <div className="flex min-h-dvh">
        <AppSidebar />
        <div className="flex min-w-0 flex-1 flex-col">
          <AppHeader />
          <main className="flex-1">
            <Outlet />
          </main>
        </div>
      </div>
    </SidebarProvider>
  );
}
