import type { KeyboardEvent } from 'react';

/** Which arrow keys move: tabs and a date strip read left to right, a menu top to bottom, a list both ways. */
export type RovingOrientation = 'horizontal' | 'vertical' | 'both';

const forwardKeys: Record<RovingOrientation, readonly string[]> = {
  horizontal: ['ArrowRight'],
  vertical: ['ArrowDown'],
  both: ['ArrowRight', 'ArrowDown'],
};
const backwardKeys: Record<RovingOrientation, readonly string[]> = {
  horizontal: ['ArrowLeft'],
  vertical: ['ArrowUp'],
  both: ['ArrowLeft', 'ArrowUp'],
};

/**
 * Roving focus inside one composite widget (tabs, radio group, listbox, menu), so the widget is a
 * single Tab stop: an arrow key moves focus to the next or previous item (wrapping), Home and End
 * to the first and last. Items are the descendants of the element handling the key that match
 * `itemSelector`; natively disabled ones are skipped. Answers the item focused, or null when the
 * key is not one of these (the event is then left alone).
 */
export function moveRovingFocus(event: KeyboardEvent<HTMLElement>, itemSelector: string, orientation: RovingOrientation): HTMLElement | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  const items = rovingItems(event.currentTarget, itemSelector);
  if (items.length === 0) return null;
  const current = items.findIndex((item) => item === event.target || item.contains(event.target as Node));
  const index = targetIndex(event.key, current, items.length, orientation);
  if (index === null) return null;
  event.preventDefault();
  const item = items[index]!;
  item.focus();
  return item;
}

/** The widget's items in document order, without the natively disabled ones. */
export function rovingItems(container: HTMLElement, itemSelector: string): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(itemSelector)).filter((item) => !item.matches(':disabled'));
}

function targetIndex(key: string, current: number, count: number, orientation: RovingOrientation): number | null {
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  // From outside the items (focus on the container), the first arrow lands on an end.
  if (forwardKeys[orientation].includes(key)) return current < 0 ? 0 : (current + 1) % count;
  if (backwardKeys[orientation].includes(key)) return current < 0 ? count - 1 : (current - 1 + count) % count;
  return null;
}
