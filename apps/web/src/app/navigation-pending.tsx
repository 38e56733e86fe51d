import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

/** Fired after the router writes a new address (history.pushState and replaceState fire no event of their own). */
const ADDRESS_WRITTEN = 'parley:address-written';
/** A page that comes this quickly needs no bar: it would only flash. */
export const PENDING_BAR_DELAY_MS = 200;

let watching = false;
function watchAddressWrites() {
  if (watching) return;
  watching = true;
  for (const method of ['pushState', 'replaceState'] as const) {
    const write = window.history[method].bind(window.history);
    window.history[method] = (...args: Parameters<History['pushState']>) => {
      write(...args);
      window.dispatchEvent(new Event(ADDRESS_WRITTEN));
    };
  }
}

/**
 * The router changes the address at once but keeps the old page on screen while the new page's code
 * downloads (a transition), which on a slow connection took seconds with no sign of life. While the
 * address is ahead of the page shown, a bar across the top says a page is loading.
 */
export function NavigationPending() {
  const { pathname } = useLocation();
  const [asked, setAsked] = useState<string | null>(null);
  const [shown, setShown] = useState(false);

  useEffect(() => {
    watchAddressWrites();
    const onAddress = () => setAsked(window.location.pathname);
    window.addEventListener(ADDRESS_WRITTEN, onAddress);
    window.addEventListener('popstate', onAddress);
    return () => {
      window.removeEventListener(ADDRESS_WRITTEN, onAddress);
      window.removeEventListener('popstate', onAddress);
    };
  }, []);

  const pending = asked !== null && asked !== pathname;
  useEffect(() => {
    if (!pending) return setShown(false);
    const timer = setTimeout(() => setShown(true), PENDING_BAR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pending]);

  if (!pending || !shown) return null;
  return (
    <div role="progressbar" aria-label="Loading page" className="fixed inset-x-0 top-0 z-[70] h-1 bg-primary/25">
      <div className="h-full w-full bg-primary motion-safe:animate-pulse" />
    </div>
  );
}
