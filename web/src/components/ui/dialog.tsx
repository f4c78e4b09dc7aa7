import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The element the app renders into (index.html); made inert while a modal dialog is open. */
const APP_ROOT_ID = 'root';

interface DialogProps {
  title: string;
  description: ReactNode;
  children: ReactNode;
  /** Escape. The caller decides what dismissing means (for the idle warning: stay signed in). */
  onDismiss: () => void;
  /** Receives focus when the dialog opens; otherwise the first focusable element does. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** `lg` for dialogs that hold a form or a history (the admin console's record editor). */
  size?: 'md' | 'lg';
}

/**
 * A modal dialog (WAI-ARIA APG "Dialog (Modal)"): rendered above everything, the rest of the app
 * inert, focus moved in on open, kept inside while open (Tab and Shift+Tab wrap) and given back on
 * close; Escape dismisses. Render it only while it is open.
 */
export function Dialog({
  title,
  description,
  children,
  onDismiss,
  initialFocusRef,
  size = 'md',
}: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const dismissRef = useRef(onDismiss);
  useEffect(() => {
    dismissRef.current = onDismiss;
  }, [onDismiss]);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const appRoot = document.getElementById(APP_ROOT_ID);
    appRoot?.setAttribute('inert', '');
    const panel = panelRef.current;
    const first = initialFocusRef?.current ?? panel?.querySelector<HTMLElement>(FOCUSABLE) ?? panel;
    first?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        dismissRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      const focusables = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (focusables.length === 0) {
        event.preventDefault();
        return;
      }
      const firstEl = focusables[0]!;
      const lastEl = focusables[focusables.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === firstEl || !panel.contains(active))) {
        event.preventDefault();
        lastEl.focus();
      } else if (!event.shiftKey && (active === lastEl || !panel.contains(active))) {
        event.preventDefault();
        firstEl.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      appRoot?.removeAttribute('inert');
      if (opener?.isConnected) opener.focus();
    };
  }, [initialFocusRef]);

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-slate-950/60 p-4 sm:items-center">
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        tabIndex={-1}
        // Taller than the screen (a phone, a long form): the panel scrolls, never clips.
        className={`max-h-[calc(100dvh-2rem)] w-full overflow-y-auto rounded-2xl bg-white p-6 shadow-xl ${size === 'lg' ? 'max-w-xl' : 'max-w-md'}`}
      >
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <div id={descriptionId} className="mt-2 text-sm text-slate-700">
          {description}
        </div>
        <div className="mt-6">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
