import type { ReactNode } from 'react';
import { focusInPlace } from '../lib/use-focus-hand-off';

/**
 * A link to a section further down this page that takes the focus there too: to the section's
 * first field when it holds a form, else to the section itself, so the next Tab goes on from where
 * the page scrolled to and a screen reader reads what the link led to (WCAG 2.4.3).
 */
export function SectionLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  return (
    <a
      href={`#${to}`}
      className={className}
      onClick={(event) => {
        const section = document.getElementById(to);
        if (!section) return;
        event.preventDefault();
        section.scrollIntoView();
        focusInPlace(section.querySelector<HTMLElement>('input, select, textarea') ?? section);
      }}
    >
      {children}
    </a>
  );
}
