import { useEffect } from 'react';

export const LEAVE_WITH_UNSAVED = 'You have unsaved changes. Leave this page without saving them?';

/**
 * While `dirty`, leaving asks first: closing or reloading the tab gets the browser's own prompt,
 * and following a link to another page of the app a confirm, so a stray click in the menu does not
 * throw edits away. (The browser's back button is not asked about.)
 */
export function useLeaveGuard(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    // Capturing on the document runs before the router's own click handler on the app's root.
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download')) return;
      const to = new URL(link.href, window.location.href);
      // Another site: the tab unloads, and the browser asks. The same page: nothing is lost.
      if (to.origin !== window.location.origin || to.pathname + to.search === window.location.pathname + window.location.search) return;
      if (!window.confirm(LEAVE_WITH_UNSAVED)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);
}
