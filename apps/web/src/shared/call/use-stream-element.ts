import { useEffect, useRef } from 'react';

/**
 * A ref for the <video> or <audio> that plays `stream`: the element takes each new stream and
 * starts it. Autoplay can be refused before any click (the Join click normally allows it); the
 * element then waits for one.
 */
export function useStreamElement<T extends HTMLMediaElement>(stream: MediaStream | null) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || element.srcObject === stream) return;
    element.srcObject = stream;
    if (!stream) return;
    try {
      const playing = element.play() as Promise<void> | undefined;
      playing?.catch(() => undefined);
    } catch {
      // Not implemented (non-browser environments).
    }
  }, [stream]);
  return ref;
}
