import { lazy, Suspense, type CSSProperties, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { TOAST_DURATION_MS } from '@parley/domain/constants';
import { useToasterRequested } from '../shared/lib/toast-outlet';
import { OfflineNotice } from '../shared/ui/offline-notice';
import { useToastTabOrder } from '../shared/ui/toast-tab-order';
import { liveOutletProps } from '../shared/ui/use-dialog';

// The toast outlet loads beside the first screen, not inside the landing chunk.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

const tint = (token: string, percent: number) => `color-mix(in oklab, var(${token}) ${percent}%, var(--color-base-100))`;

/**
 * sonner's richColors palettes, from the theme: its own put text under 4.5:1 (error #e60000 on
 * #fff0f0 is 4.34:1, WCAG 1.4.3). Each toast's text is the theme's text-grade colour on a 6% tint
 * of it (error 5.1:1, success 4.8:1, info 4.7:1); warning is a fill, so warning-content on a 15%
 * tint (12.6:1). Inline on the toaster, where sonner reads them, so its own stylesheet cannot win.
 */
const richColorsPalette = {
  '--success-bg': tint('--color-success', 6),
  '--success-border': tint('--color-success', 25),
  '--success-text': 'var(--color-success)',
  '--info-bg': tint('--color-info', 6),
  '--info-border': tint('--color-info', 25),
  '--info-text': 'var(--color-info)',
  '--warning-bg': tint('--color-warning', 15),
  '--warning-border': tint('--color-warning', 50),
  '--warning-text': 'var(--color-warning-content)',
  '--error-bg': tint('--color-error', 6),
  '--error-border': tint('--color-error', 25),
  '--error-text': 'var(--color-error)',
} as CSSProperties;

/** Query cache, the single toast outlet (3500 ms) and the offline notice. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastOutlet />
      <OfflineNotice />
    </QueryClientProvider>
  );
}

function ToastOutlet() {
  const requested = useToasterRequested();
  const onFocusCapture = useToastTabOrder();
  if (!requested) return null;
  // Beside the app root, not inside it: an open dialog makes the app inert, and toasts must stay live.
  return createPortal(
    <div {...liveOutletProps} onFocusCapture={onFocusCapture}>
      <Suspense fallback={null}>
        {/* On a phone, below the sticky top bar (4 rem) rather than over its menu button and balance. */}
        <Toaster position="top-center" mobileOffset={{ top: '4.5rem' }} richColors closeButton duration={TOAST_DURATION_MS} style={richColorsPalette} />
      </Suspense>
    </div>,
    document.body,
  );
}
