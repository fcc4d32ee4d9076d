import { useEffect, useId, useRef, type ReactNode } from 'react';
import { t } from '../app/messages';

interface ModalProps {
  title: string;
  /** Width in px on wide screens (the login dialog is 400); narrow screens use the full width. */
  width: number;
  onClose: () => void;
  children: ReactNode;
}

/** A centred dialog over a backdrop; Escape, the close button and a click on the backdrop close it. */
export function Modal({ title, width, onClose, children }: ModalProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    // Focus the first field (or the close button) so the keyboard starts inside the dialog.
    (panel.current?.querySelector<HTMLElement>('input') ?? panel.current?.querySelector<HTMLElement>('button'))?.focus();
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className="modal-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={panel} className="modal" role="dialog" aria-modal="true" aria-labelledby={titleId} style={{ width }}>
        <div className="modal-head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="modal-close" aria-label={t('form.close')} onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
