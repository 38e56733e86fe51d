import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/** Marks the element a removed row hands focus to, when it is not the nearest section or tab panel. */
export const focusHomeProps = { 'data-focus-home': '' } as const;

const HOMES = '[data-focus-home], [role="tabpanel"], section';

/** The homes around a node, nearest first. */
function homesAround(node: HTMLElement): HTMLElement[] {
  const homes: HTMLElement[] = [];
  for (let home = node.parentElement?.closest<HTMLElement>(HOMES); home; home = home.parentElement?.closest<HTMLElement>(HOMES)) homes.push(home);
  return homes;
}

/**
 * A row that goes away while it holds focus (a cancelled session leaves the list once the list
 * reloads) would drop focus to <body>, and a keyboard user would start again at the top of the page
 * (WCAG 2.4.3). Focus goes instead to the nearest enclosing tab panel or section (one marked with
 * `focusHomeProps` first), which is read out with its name. When that goes too (the last row of a
 * list that gives way to an empty state), the next one out that is still on the page takes it, and
 * failing all, the page's heading.
 */
export function useFocusHandOff(row: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const node = row.current;
    return () => {
      // Layout cleanups run before React removes the node, so it still holds focus here.
      if (!node?.contains(document.activeElement)) return;
      const homes = homesAround(node);
      queueMicrotask(() => {
        if (!focusIsLost()) return;
        const home = homes.find((candidate) => candidate.isConnected);
        if (home) focusInPlace(home);
        else focusPageHeading();
      });
    };
  }, [row]);
}

/** Whether the focus has fallen to the page (what held it went away). */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body;
}

/** Focuses `element` where it is, made focusable first when it is not (a heading, a section). */
export function focusInPlace(element: HTMLElement | null): void {
  if (!element) return;
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
}

/**
 * When `shown` turns false (controls that went away with their own press: a decided request's
 * Book, a saved form, Add money once the money is in) and the focus fell to the page with them,
 * `target` takes it: where the user's work goes on.
 */
export function useFocusWhenGone(shown: boolean, target: RefObject<HTMLElement | null>): void {
  useFocusWhenGoneIn(useLayoutEffect, shown, target);
}

/**
 * The same after the browser has painted: for a dialog that closes (`shown` its being open), whose
 * own cleanup makes the page behind it live again, so `target` can take the focus the dialog gave
 * back to a control that has gone meanwhile.
 */
export function useFocusWhenClosedAndGone(shown: boolean, target: RefObject<HTMLElement | null>): void {
  useFocusWhenGoneIn(useEffect, shown, target);
}

function useFocusWhenGoneIn(useEffectOfKind: typeof useEffect, shown: boolean, target: RefObject<HTMLElement | null>): void {
  const wasShown = useRef(shown);
  useEffectOfKind(() => {
    if (wasShown.current && !shown && focusIsLost()) focusInPlace(target.current);
    wasShown.current = shown;
  }, [shown, target]);
}

/** Focuses the page's h1 (made focusable), where a control that went away with its own press leaves a keyboard user. */
export function focusPageHeading(): void {
  focusInPlace(document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1'));
}
