import { useLayoutEffect, type RefObject } from 'react';

/** Marks the element a removed row hands focus to, when it is not the nearest section or tab panel. */
export const focusHomeProps = { 'data-focus-home': '' } as const;

const HOMES = '[data-focus-home], [role="tabpanel"], section';

/**
 * A row that goes away while it holds focus (a cancelled session leaves the list once the list
 * reloads) would drop focus to <body>, and a keyboard user would start again at the top of the page
 * (WCAG 2.4.3). Focus goes instead to the nearest enclosing tab panel or section (one marked with
 * `focusHomeProps` first), which is read out with its name.
 */
export function useFocusHandOff(row: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const node = row.current;
    return () => {
      // Layout cleanups run before React removes the node, so it still holds focus here.
      if (!node?.contains(document.activeElement)) return;
      const home = node.parentElement?.closest<HTMLElement>(HOMES);
      queueMicrotask(() => {
        const active = document.activeElement;
        if (!home?.isConnected || (active !== null && active !== document.body)) return;
        if (!home.hasAttribute('tabindex')) home.setAttribute('tabindex', '-1');
        home.focus({ preventScroll: true });
      });
    };
  }, [row]);
}
