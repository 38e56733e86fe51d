import { useId, useRef, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useDialog } from './use-dialog';

type ModalProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** Buttons shown at the bottom right. */
  actions?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
};

const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-3xl' } as const;

export function Modal({ open, onClose, title, children, actions, size = 'md' }: ModalProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useDialog(open, onClose, panel);
  if (!open) return null;
  // The dialog opens under the pointer that opened it: a double click's second press lands on the
  // backdrop or ✕ and belongs to the opening, so it does not close it (Escape and Enter still do).
  const closeOnPurpose = (event: MouseEvent) => {
    if (event.detail <= 1) onClose();
  };
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <div className="absolute inset-0 bg-neutral/50" aria-hidden="true" onClick={closeOnPurpose} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`relative max-h-full w-full ${widths[size]} overflow-y-auto rounded-box bg-base-100 p-6 shadow-xl outline-none`}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <button type="button" className="btn btn-ghost btn-sm btn-circle" aria-label="Close" onClick={closeOnPurpose}>
            ✕
          </button>
        </div>
        <div>{children}</div>
        {/* Wraps on a narrow screen (320 px): two long labels side by side would push the first out of the dialog. */}
        {actions ? <div className="mt-6 flex flex-wrap justify-end gap-2">{actions}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
