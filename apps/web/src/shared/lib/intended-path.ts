import { getItem, removeItem, setItem } from './storage';

// A guard that sends someone to a login page (or to choose a kid) remembers where they were going.

export function rememberIntendedPath(path: string): void {
  if (isSafeInternalPath(path)) setItem('INTENDED_PATH', path);
}

/**
 * The remembered path (consumed), or `fallback`. A page that continues only to some paths passes
 * `accepts`: a path it refuses is left for the page it was remembered for (a login).
 */
export function takeIntendedPath(fallback: string, accepts: (path: string) => boolean = () => true): string {
  const path = getItem('INTENDED_PATH');
  if (path !== null && isSafeInternalPath(path) && !accepts(path)) return fallback;
  removeItem('INTENDED_PATH');
  return path !== null && isSafeInternalPath(path) ? path : fallback;
}

/** Only same-app paths: "/x", never "//host" or "https://…" (no open redirect). */
export function isSafeInternalPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}
