import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { MAIN_CONTENT_ID } from '../shared/ui/skip-link';

// WCAG 2.4.3: after a client-side navigation, keyboard and screen-reader users start at the new
// page's heading (which is read out as focus lands on it) instead of on a link that is gone or at
// the top of the document. The first load is left alone: the browser starts at the top itself.

/** How long to wait for a page (its chunk, then its data) to render its heading. */
const HEADING_WAIT_MS = 3000;

function mainRegion(): HTMLElement | null {
  return document.getElementById(MAIN_CONTENT_ID) ?? document.querySelector('main');
}

/** Focus already placed on purpose (a dialog, a field the page focused) is not taken away. */
function focusIsPlaced(main: HTMLElement | null): boolean {
  const active = document.activeElement;
  if (!active || active === document.body || active === main) return false;
  return active.closest('[role="dialog"], [role="alertdialog"], dialog') !== null || (main?.contains(active) ?? false);
}

function focusWithoutScrolling(element: HTMLElement) {
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
}

/** Moves focus to the new page's h1 (or, failing that, its main region) on every route change. */
export function useFocusOnNavigate() {
  const { pathname } = useLocation();
  // The page focus was last settled for; the first load counts as settled.
  const settledFor = useRef(pathname);

  useEffect(() => {
    if (settledFor.current === pathname) return;
    settledFor.current = pathname;
    const giveUpAt = performance.now() + HEADING_WAIT_MS;
    let frame = 0;
    const tryFocus = () => {
      const main = mainRegion();
      if (focusIsPlaced(main)) return;
      const heading = main?.querySelector('h1') ?? document.querySelector('h1');
      if (heading) return focusWithoutScrolling(heading);
      if (performance.now() < giveUpAt) frame = requestAnimationFrame(tryFocus);
      else if (main) focusWithoutScrolling(main);
    };
    frame = requestAnimationFrame(tryFocus);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}
