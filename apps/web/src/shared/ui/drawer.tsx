import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useDialog } from './use-dialog';

type DrawerProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** Right by default (chat, tutors); the learner sidebar opens from the left on mobile. */
  side?: 'right' | 'left';
  /** Panel width in px on screens wide enough; full width below that. */
  widthPx?: number;
  /** Hide the visible heading (it stays as the accessible name). */
  hideTitle?: boolean;
};

export function Drawer({ open, onClose, title, children, side = 'right', widthPx = 420, hideTitle }: DrawerProps) {
  const panel = useRef<HTMLElement>(null);
  const titleId = useId();
  useDialog(open, onClose, panel);
  if (!open) return null;
  return createPortal(
    <div className="fixed inset-0 z-50">
      <div className="absolute inset-0 bg-neutral/50" aria-hidden="true" onClick={onClose} />
      <aside
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={{ width: `${widthPx}px`, maxWidth: '100vw' }}
        // Its foot (a message box, Logout) keeps clear of the offline bar (offline-notice.tsx) while it shows.
        className={`absolute inset-y-0 ${side === 'right' ? 'right-0' : 'left-0'} flex flex-col bg-base-100 pb-[var(--offline-bar-height,0px)] shadow-2xl outline-none`}
      >
        {/* A div, not <header>: a header here would be a second banner landmark. */}
        <div className="flex items-center justify-between gap-4 border-b border-base-300 px-5 py-4">
          <h2 id={titleId} className={hideTitle ? 'sr-only' : 'text-lg font-semibold'}>
            {title}
          </h2>
          <button type="button" className="btn btn-ghost btn-sm btn-circle ml-auto" aria-label="Close" onClick={onClose}>
            ✕
          </button>
        </div>
        {/* A footer that sticks to the panel's bottom (marked data-sticky-footer) keeps clear of the
            control taking focus: the browser scrolls it above the footer (WCAG 2.4.11). */}
        <div className="flex-1 overflow-y-auto has-[[data-sticky-footer]]:scroll-pb-36">{children}</div>
      </aside>
    </div>,
    document.body,
  );
}
