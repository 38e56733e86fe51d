import { useEffect, useRef, type RefObject } from 'react';
import { enterDialogHistory } from './dialog-history';

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** What Tab can reach inside the panel: not a roving widget's other items (tabindex -1), nor a hidden tab panel's content. */
function tabbables(node: HTMLElement): HTMLElement[] {
  return Array.from(node.querySelectorAll<HTMLElement>(focusable)).filter((item) => item.tabIndex >= 0 && !item.closest('[hidden]'));
}

type OpenDialog = { portal: Element | null };

/** Open dialogs, innermost last: only the top one answers Escape and Tab (a modal over a drawer). */
const openDialogs: OpenDialog[] = [];
/** The page parts this hook made inert, so closing the last dialog gives back exactly those. */
const madeInert = new Set<Element>();

/** Body children that stay live behind a dialog: the toast outlet, so its messages are announced and can be closed. */
const LIVE_OUTLET_ATTRIBUTE = 'data-live-outlet';
/** Spread on a body-level wrapper (rendered through a portal) that must stay live while a dialog is open. */
export const liveOutletProps = { [LIVE_OUTLET_ATTRIBUTE]: '' } as const;

/** The dialog's own top-level element: the body child its portal rendered into. */
function portalOf(node: HTMLElement | null): Element | null {
  let element: Element | null = node;
  while (element && element.parentElement !== document.body) element = element.parentElement;
  return element;
}

/** Everything beside the top dialog is inert (no focus, no clicks, hidden from assistive tech). */
function syncInert(): void {
  const top = openDialogs[openDialogs.length - 1];
  for (const element of madeInert) {
    if (!top || element === top.portal) {
      element.removeAttribute('inert');
      madeInert.delete(element);
    }
  }
  if (!top?.portal) return;
  for (const element of Array.from(document.body.children)) {
    if (element === top.portal || element.hasAttribute('inert') || element.hasAttribute(LIVE_OUTLET_ATTRIBUTE)) continue;
    element.setAttribute('inert', '');
    madeInert.add(element);
  }
}

/**
 * Keyboard behaviour shared by Modal and Drawer: Escape closes, Tab stays inside, focus moves
 * in on open and returns to the opener on close, the page behind is inert and does not scroll;
 * the browser's Back closes the top one (dialog-history.ts).
 */
export function useDialog(open: boolean, onClose: () => void, panel: RefObject<HTMLElement | null>): void {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const node = panel.current;
    const self: OpenDialog = { portal: portalOf(node) };
    openDialogs.push(self);
    const leaveHistory = enterDialogHistory(() => onCloseRef.current());
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    syncInert();
    const first = node ? tabbables(node)[0] : undefined;
    (first ?? node)?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    const onKeyDown = (event: KeyboardEvent) => {
      if (openDialogs[openDialogs.length - 1] !== self) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !node) return;
      const items = tabbables(node);
      if (items.length === 0) return;
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      if (event.shiftKey && document.activeElement === firstItem) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && document.activeElement === lastItem) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      openDialogs.splice(openDialogs.indexOf(self), 1);
      leaveHistory();
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = previousOverflow;
      // The opener must be live again before it can take focus back.
      syncInert();
      opener?.focus();
    };
  }, [open, panel]);
}
