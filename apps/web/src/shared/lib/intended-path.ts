import { getItem, removeItem, setItem } from './storage';

// A guard that sends someone to a login page remembers where they were going.

export function rememberIntendedPath(path: string): void {
  if (isSafeInternalPath(path)) setItem('INTENDED_PATH', path);
}

/** The remembered path (consumed), or `fallback`. */
export function takeIntendedPath(fallback: string): string {
  const path = getItem('INTENDED_PATH');
  removeItem('INTENDED_PATH');
  return path !== null && isSafeInternalPath(path) ? path : fallback;
}

/** Only same-app paths: "/x", never "//host" or "https://…" (no open redirect). */
export function isSafeInternalPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}
