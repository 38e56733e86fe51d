import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

/**
 * This page's origin (https://parley.example), or null while React takes over markup the server
 * rendered: the server does not know the address the visitor used, so what is built from it
 * (a share link) appears once the page is live in the browser.
 */
export function usePageOrigin(): string | null {
  return useSyncExternalStore(
    unchanging,
    () => window.location.origin,
    () => null,
  );
}
