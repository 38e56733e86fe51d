import { lazy, Suspense, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { TOAST_DURATION_MS } from '@parley/domain/constants';
import { useToasterRequested } from '../shared/lib/toast-outlet';
import { liveOutletProps } from '../shared/ui/use-dialog';

// The toast outlet loads beside the first screen, not inside the landing chunk.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** Query cache and the single toast outlet (3500 ms). */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastOutlet />
    </QueryClientProvider>
  );
}

function ToastOutlet() {
  const requested = useToasterRequested();
  if (!requested) return null;
  // Beside the app root, not inside it: an open dialog makes the app inert, and toasts must stay live.
  return createPortal(
    <div {...liveOutletProps}>
      <Suspense fallback={null}>
        <Toaster position="top-center" richColors closeButton duration={TOAST_DURATION_MS} />
      </Suspense>
    </div>,
    document.body,
  );
}
