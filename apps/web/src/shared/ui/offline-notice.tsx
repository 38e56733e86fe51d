import { useEffect, useRef, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { liveOutletProps } from './use-dialog';

function onConnectionChange(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const noChange = () => () => {};

export const OFFLINE_TEXT = 'You are offline. Parley can’t be reached until your connection is back.';

const OFFLINE_BAR_HEIGHT = '--offline-bar-height';

/**
 * While the bar shows, `--offline-bar-height` on <html> is its height: what sits fixed at the foot
 * of the screen above the page (a drawer's foot: the chat's message box, the menu's Logout) keeps that much room below it.
 * Measured, as the bar wraps to more lines on a narrow screen or with larger text.
 */
function publishHeight(bar: HTMLElement | null) {
  if (!bar) return undefined;
  const root = document.documentElement;
  const measure = () => root.style.setProperty(OFFLINE_BAR_HEIGHT, `${bar.offsetHeight}px`);
  measure();
  const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
  resize?.observe(bar);
  return () => {
    resize?.disconnect();
    root.style.removeProperty(OFFLINE_BAR_HEIGHT);
  };
}

/**
 * While the browser is offline, a bar at the foot of every page says so: a page still loading, or
 * an action that failed, is then explained. Its live region is there from the first render, so the
 * words are announced as they appear; it stays live behind an open dialog. While it shows, the page
 * gets room below its last line (`html.offline`, index.css), and what is fixed to the screen's foot
 * above it may keep clear by its height (`--offline-bar-height`), so the bar covers nothing. Nothing on the server.
 */
export function OfflineNotice() {
  const inBrowser = useSyncExternalStore(noChange, () => true, () => false);
  const online = useSyncExternalStore(onConnectionChange, () => navigator.onLine, () => true);
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    document.documentElement.classList.toggle('offline', !online);
  }, [online]);
  useEffect(() => (online ? undefined : publishHeight(bar.current)), [online, inBrowser]);
  if (!inBrowser) return null;
  return createPortal(
    <div ref={bar} {...liveOutletProps} role="status" className={online ? 'sr-only' : 'fixed inset-x-0 bottom-0 z-[60] bg-neutral px-4 py-2 text-center text-sm text-neutral-content'}>
      {online ? '' : OFFLINE_TEXT}
    </div>,
    document.body,
  );
}
