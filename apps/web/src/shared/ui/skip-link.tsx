import type { MouseEvent, ReactNode } from 'react';

// WCAG 2.4.1: every shell's first Tab stop jumps past its header and menus to the page itself.

export const MAIN_CONTENT_ID = 'main-content';

function focusMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return;
  // Focus the region without adding #main-content to the URL (and to the router's history).
  event.preventDefault();
  main.focus();
}

/** "Skip to main content": hidden until focused, then shown over the top-left corner. */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={focusMain}
      className="btn btn-sm btn-primary sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[60]"
    >
      Skip to main content
    </a>
  );
}

/** The shell's main region: the skip link's target, focusable by script only. */
export function MainContent({ className = '', children }: { className?: string; children: ReactNode }) {
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className={`outline-none ${className}`}>
      {children}
    </main>
  );
}
