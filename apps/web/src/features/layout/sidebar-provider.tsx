import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { SidebarContext, type SidebarContextValue } from './sidebar-context.ts';
import { readSidebarCookie, writeSidebarCookie } from './sidebar-cookie.ts';
import { useIsMobile } from './use-is-mobile.ts';

/** product.md#constants-and-limits: Ctrl+B or Cmd+B toggles the sidebar. */
const SHORTCUT_KEY = 'b';

/** Where Ctrl+B belongs to the text (bold in a rich editor, a browser's own binding), not to us. */
const EDITABLE = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';

function isTypingIn(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(EDITABLE) !== null;
}

export function SidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  const [open, setOpen] = useState(readSidebarCookie);
  const [openMobile, setOpenMobile] = useState(false);

  const toggle = useCallback(() => {
    if (isMobile) {
      setOpenMobile((value) => !value);
      return;
    }
    writeSidebarCookie(!open);
    setOpen(!open);
  }, [isMobile, open]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key.toLowerCase() !== SHORTCUT_KEY || !(event.ctrlKey || event.metaKey)) return;
      if (event.altKey || event.shiftKey || isTypingIn(event.target)) return;
      event.preventDefault();
      toggle();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  const value = useMemo<SidebarContextValue>(
    () => ({ open, openMobile, isMobile, setOpenMobile, toggle }),
    [open, openMobile, isMobile, toggle],
  );
  return <SidebarContext value={value}>{children}</SidebarContext>;
}
