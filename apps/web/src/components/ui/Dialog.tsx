import { useEffect, useId, useRef, type ReactNode } from 'react';

interface DialogProps {
  open: boolean;
  /** Escape, the backdrop (drawer) or a close button: the parent decides what closing means. */
  onClose: () => void;
  title: string;
  /** Visually hide the title (it still names the dialog). */
  hideTitle?: boolean;
  variant?: 'modal' | 'drawer';
  role?: 'dialog' | 'alertdialog';
  children: ReactNode;
}

const frames = {
  modal: 'm-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 shadow-xl',
  drawer: 'm-0 mr-auto h-dvh max-h-none w-[min(20rem,88vw)] bg-white shadow-xl',
} as const;

/**
 * The native <dialog> shown modally: the browser traps focus inside, makes the page behind inert
 * and closes on Escape. Focus goes back to where it was when the dialog closes.
 */
export function Dialog({ open, onClose, title, hideTitle = false, variant = 'modal', role = 'dialog', children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const returnFocusTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    // The browser focuses the first focusable element; a dialog may name a better first stop.
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (returnFocusTo?.isConnected) returnFocusTo.focus();
    };
  }, [open]);

  return (
    <dialog
      ref={ref}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself, outside its content box.
        if (variant === 'drawer' && event.target === event.currentTarget) onClose();
      }}
      className={`text-slate-900 backdrop:bg-slate-950/50 ${frames[variant]}`}
    >
      <h2 id={titleId} className={hideTitle ? 'sr-only' : 'text-lg font-semibold text-slate-900'}>
        {title}
      </h2>
      {open && children}
    </dialog>
  );
}
