import { useEffect, useSyncExternalStore } from 'react';
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

/**
 * While the browser is offline, a bar at the foot of every page says so: a page still loading, or
 * an action that failed, is then explained. Its live region is there from the first render, so the
 * words are announced as they appear; it stays live behind an open dialog. While it shows, the page
 * gets room below its last line (`html.offline`, index.css), so the bar covers nothing. Nothing on the server.
 */
export function OfflineNotice() {
  const inBrowser = useSyncExternalStore(noChange, () => true, () => false);
  const online = useSyncExternalStore(onConnectionChange, () => navigator.onLine, () => true);
  useEffect(() => {
    document.documentElement.classList.toggle('offline', !online);
  }, [online]);
  if (!inBrowser) return null;
  return createPortal(
    <div {...liveOutletProps} role="status" className={online ? 'sr-only' : 'fixed inset-x-0 bottom-0 z-[60] bg-neutral px-4 py-2 text-center text-sm text-neutral-content'}>
      {online ? '' : OFFLINE_TEXT}
    </div>,
    document.body,
  );
}
