import type { KeyboardEvent, ReactNode } from 'react';
import { moveRovingFocus } from './roving-focus';

/** The id of a tab of a `TabList` built on `idBase` (a panel's aria-labelledby). */
export const tabId = (idBase: string, value: string) => `${idBase}-${value}-tab`;
/** The id the tab of `value` controls: give it to that tab's panel. */
export const panelId = (idBase: string, value: string) => `${idBase}-${value}-panel`;

type Props<T extends string> = {
  label: string;
  /** A `useId()`; the panels take their ids from it (`panelId`). */
  idBase: string;
  tabs: readonly { value: T; label: ReactNode }[];
  selected: T;
  onSelect: (value: T) => void;
  className?: string;
  /** Added to each tab's `tab` class. */
  tabClassName?: string;
  disabled?: boolean;
};

/**
 * WAI-ARIA tabs with automatic activation: the list is one Tab stop; arrow keys (wrapping), Home
 * and End move focus and select the tab they land on; a click selects, the selected tab too. The
 * panels are the caller's: one per tab, every one in the DOM (so aria-controls resolves), hidden
 * but the selected.
 */
export function TabList<T extends string>({ label, idBase, tabs, selected, onSelect, className = '', tabClassName = '', disabled }: Props<T>) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const landed = moveRovingFocus(event, '[role="tab"]', 'horizontal')?.dataset.value;
    const tab = tabs.find((t) => t.value === landed);
    if (tab && tab.value !== selected) onSelect(tab.value);
  };
  return (
    <div role="tablist" aria-label={label} className={`tabs ${className}`} onKeyDown={onKeyDown}>
      {tabs.map((tab) => (
        <button
          key={tab.value}
          type="button"
          role="tab"
          id={tabId(idBase, tab.value)}
          data-value={tab.value}
          aria-selected={tab.value === selected}
          aria-controls={panelId(idBase, tab.value)}
          tabIndex={tab.value === selected ? 0 : -1}
          className={`tab ${tabClassName} ${tab.value === selected ? 'tab-active' : ''}`}
          onClick={() => onSelect(tab.value)}
          disabled={disabled}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
