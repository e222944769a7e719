/**
 * A dialog over the page: closed by Escape, a click on the backdrop, or its X button. Focus moves into
 * the dialog on open and back to where it was on close.
 */
import { useRef, type ReactNode } from 'react';
import { useDialogFocus } from './useDialogFocus';
import './Modal.css';
import { Button } from './index';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Extra class for the dialog box (size variants). */
  className?: string;
  /** A floating panel leaves the page usable behind it (no backdrop). */
  floating?: boolean;
}

export function Modal({ title, onClose, children, className = '', floating = false }: ModalProps) {
  const box = useRef<HTMLDivElement>(null);
  const close = useDialogFocus(box, onClose);

  const dialog = (
    <div
      ref={box}
      className={`modal-box ${floating ? 'modal-floating' : ''} ${className}`}
      role="dialog"
      aria-modal={!floating}
      aria-label={title}
      tabIndex={-1}
    >
      <div className="modal-head">
        <h2>{title}</h2>
        <Button className="modal-close" aria-label="Close" onClick={close}>
          ×
        </Button>
      </div>
      <div className="modal-body">{children}</div>
    </div>
  );
  if (floating) return dialog;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/noNoninteractiveElementInteractions: a click beside the dialog is a pointer shortcut; Escape and the close button do the same from the keyboard.
    <div
      className="modal-backdrop"
      data-testid="modal-backdrop"
      onMouseDown={(e) => {
        // only a click on the backdrop itself, not one that started inside the dialog
        if (e.target === e.currentTarget) close();
      }}
    >
      {dialog}
    </div>
  );
}
