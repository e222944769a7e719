import { useEffect, useRef, type RefObject } from 'react';

/**
 * Dialog behaviour shared by every overlay: Escape calls onClose, focus moves into the box on open
 * and returns to where it was on close. The latest onClose is always used without re-subscribing.
 */
export function useDialogFocus(box: RefObject<HTMLElement | null>, onClose: () => void): () => void {
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    box.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      before?.focus?.();
    };
  }, [box]);

  return () => close.current();
}
