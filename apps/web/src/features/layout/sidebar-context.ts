import { createContext, useContext } from 'react';

export type SidebarContextValue = {
  /** Desktop: expanded (labels) or collapsed (icons). Persisted in the cookie. */
  open: boolean;
  /** Mobile: the drawer. Not persisted. */
  openMobile: boolean;
  isMobile: boolean;
  setOpenMobile(open: boolean): void;
  /** What the toggle button and Ctrl/Cmd+B do: the drawer on mobile, the rail on desktop. */
  toggle(): void;
};

export const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const value = useContext(SidebarContext);
  if (!value) throw new Error('useSidebar must be used inside <SidebarProvider>');
  return value;
}
