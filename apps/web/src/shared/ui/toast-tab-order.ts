import { useEffect, useRef, type FocusEvent } from 'react';

const TAB_STOPS = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]';

/** The document's first Tab stop outside `outlet` that can take focus (not inert, not tabindex -1). */
function firstTabStop(outlet: HTMLElement): HTMLElement | undefined {
  return [...document.querySelectorAll<HTMLElement>(TAB_STOPS)].find((el) => el.tabIndex >= 0 && !outlet.contains(el) && !el.closest('[inert]'));
}

/**
 * Tab past the page's last control goes on to its first, not into the toasts. The toasts sit last
 * in the document, and sonner sends focus back to where it came from when it leaves them (its
 * Alt+T hotkey is the way in it expects), so Tab at the foot of a page went into a toast and back
 * out to the same control until the toast closed. Returns the outlet's focus handler (capture
 * phase, before sonner notes where focus came from); Alt+T, a click and Shift+Tab are left alone.
 */
export function useToastTabOrder(): (event: FocusEvent<HTMLElement>) => void {
  const tabbing = useRef(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      tabbing.current = event.key === 'Tab' && !event.shiftKey && !event.altKey;
    };
    const onPointerDown = () => {
      tabbing.current = false;
    };
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('pointerdown', onPointerDown, true);
    };
  }, []);
  return (event) => {
    const from = event.relatedTarget;
    if (!tabbing.current || !(from instanceof HTMLElement) || event.currentTarget.contains(from)) return;
    const next = firstTabStop(event.currentTarget);
    if (!next) return;
    event.stopPropagation();
    next.focus();
  };
}
