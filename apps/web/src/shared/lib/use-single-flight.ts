import { useCallback, useRef } from 'react';

/**
 * Starts work at most once at a time. A button's `disabled` follows the mutation's pending state,
 * which renders a moment after the click: a double click (or a double tap) lands its second
 * click before that, and would send the request twice (the second answered 409, and the per-call
 * callbacks of the first never run). `start` gets `done`, to call when the work has settled.
 */
export function useSingleFlight(): (start: (done: () => void) => void) => void {
  const busy = useRef(false);
  return useCallback((start) => {
    if (busy.current) return;
    busy.current = true;
    start(() => {
      busy.current = false;
    });
  }, []);
}
