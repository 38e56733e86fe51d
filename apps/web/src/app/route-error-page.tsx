import { useEffect, useRef } from 'react';

// What a route shows instead of a white screen when its page throws while rendering, or when its
// code cannot be fetched (after a redeploy the old chunk names are gone, or offline). It never shows the
// error's own text: that is for developers, and may carry a server's internals.

/** True when the page's code failed to load rather than failed to run. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /dynamically imported module|module script failed|unable to preload|loading (css )?chunk/i.test(error.message)
  );
}

/** How often a page whose code did not come, though the browser is online, asks whether Parley answers again. */
export const SERVER_BACK_POLL_MS = 5_000;

/** The recovery page: what happened, and Reload / Go home. */
export function RouteErrorPage({ error }: { error: unknown }) {
  const stale = isChunkLoadError(error);
  const offline = stale && typeof navigator !== 'undefined' && !navigator.onLine;
  const heading = useRef<HTMLHeadingElement>(null);
  // Move focus to the message, so keyboard and screen-reader users land on what happened.
  useEffect(() => heading.current?.focus(), []);
  // The page's code did not come because the browser was offline: it is fetched again as soon as the connection is back.
  useEffect(() => {
    if (!offline) return;
    const reload = () => window.location.reload();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [offline]);
  // Online, yet the code did not come: Parley was away (a restart) or was updated and the old code
  // is gone. Once Parley answers after failing to, the page loads by itself; answering at once, it
  // was an update, and Reload fetches the new code.
  useEffect(() => {
    if (!stale || offline) return;
    let away = false;
    const check = async () => {
      const answers = await fetch('/api/health', { cache: 'no-store' }).then(
        (response) => response.ok,
        () => false,
      );
      if (!answers) away = true;
      else if (away) window.location.reload();
      else clearInterval(timer);
    };
    const timer = setInterval(() => void check(), SERVER_BACK_POLL_MS);
    void check();
    return () => clearInterval(timer);
  }, [stale, offline]);

  return (
    <section role="alert" aria-labelledby="route-error-title" className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 py-12 text-center">
      <h1 id="route-error-title" ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
        {stale ? 'This page could not be loaded' : 'Something went wrong on this page'}
      </h1>
      <p className="max-w-md text-base-content/80">
        {/* Its code did not arrive: either the connection dropped, or Parley was updated and the old code is gone. */}
        {!stale
          ? 'The page hit an unexpected problem and could not be shown. Reloading usually fixes it; your account and bookings are safe.'
          : offline
            ? 'You are offline. The page loads by itself once your connection is back.'
            : 'Parley may have just been updated, or the connection dropped for a moment. Reload to try again.'}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
        {/* A full page load, so a stale bundle is replaced on the way home. */}
        <a href="/" className="btn btn-outline">
          Go home
        </a>
      </div>
    </section>
  );
}
