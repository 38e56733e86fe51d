import { useSyncExternalStore } from 'react';

// The toast outlet (sonner's Toaster) mounts only once a chunk that can toast has loaded, so the
// landing page carries no toast library. Sonner replays toasts raised before its Toaster mounts.
let requested = false;
const listeners = new Set<() => void>();

export function requestToaster(): void {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasterRequested(): boolean {
  return useSyncExternalStore(subscribe, () => requested, () => requested);
}
