import { lazy, Suspense, useEffect, useState } from 'react';
import type { CourseSubject } from '@parley/domain/courses';

const SubscriptionOffers = lazy(() => import('./subscription-offers').then((m) => ({ default: m.SubscriptionOffers })));

// Safari has no requestIdleCallback: a short timeout stands in for it.
const afterIdle = (done: () => void): (() => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(done, { timeout: 1000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(done, 50);
  return () => window.clearTimeout(handle);
};

/** False until the document has loaded (scripts, styles, first covers) and the browser has been idle since this mounted. */
function useLoadedAndIdle(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancelIdle: (() => void) | undefined;
    const onLoad = () => {
      cancelIdle = afterIdle(() => setReady(true));
    };
    if (document.readyState === 'complete') onLoad();
    else window.addEventListener('load', onLoad, { once: true });
    return () => {
      window.removeEventListener('load', onLoad);
      cancelIdle?.();
    };
  }, []);
  return ready;
}

/**
 * The course subscriptions section, as its own chunk. The catalogue pages show it below the cards,
 * so its code (offers, pay dialog, dates) and its request wait until the page has loaded and the
 * cards have been painted: they never compete with the catalogue and its cover images.
 */
export function LazySubscriptionOffers({ subjects }: { subjects?: readonly CourseSubject[] }) {
  const ready = useLoadedAndIdle();
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <SubscriptionOffers subjects={subjects} />
    </Suspense>
  );
}
