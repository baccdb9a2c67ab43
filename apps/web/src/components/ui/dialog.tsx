import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

type Placement = 'center' | 'left' | 'right';

type Props = {
  open: boolean;
  onClose: () => void;
  /** The dialog's accessible name, shown as its heading unless hideTitle. */
  title: string;
  hideTitle?: boolean;
  placement?: Placement;
  className?: string;
  children: ReactNode;
};

const PANEL: Record<Placement, string> = {
  center:
    'left-1/2 top-1/2 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl',
  left: 'inset-y-0 left-0 w-72 max-w-[85vw] rounded-r-2xl',
  right: 'inset-y-0 right-0 w-96 max-w-[92vw] rounded-l-2xl',
};

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, [tabindex="0"]';

/** A modal: Escape and the backdrop close it, focus moves in and stays in, then goes back. */
export function Dialog({
  open,
  onClose,
  title,
  hideTitle,
  placement = 'center',
  className = '',
  children,
}: Props) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    (panel?.querySelector<HTMLElement>(FOCUSABLE) ?? panel)?.focus();

    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
      } else if (event.key === 'Tab' && panel) {
        trapTab(event, panel);
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      previous?.focus();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <div className="fixed inset-0 z-50">
      <div
        className="absolute inset-0 bg-black/70 backdrop-blur-sm"
        aria-hidden="true"
        onClick={onClose}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`absolute flex flex-col border border-zinc-800 bg-zinc-900 shadow-2xl shadow-black/60 outline-none ${PANEL[placement]} ${className}`}
      >
        <h2 id={titleId} className={hideTitle ? 'sr-only' : 'px-5 pt-5 text-base font-semibold'}>
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}

function trapTab(event: KeyboardEvent, panel: HTMLElement) {
  const items = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
