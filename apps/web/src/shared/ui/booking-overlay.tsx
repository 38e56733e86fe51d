import { useIsMutating } from '@tanstack/react-query';
import { createPortal } from 'react-dom';

/** The key every booking call's mutation carries, so a panel around it can tell one is running. */
export const bookingMutationKey = ['booking'] as const;

/**
 * Whether a booking call is running: the panel it was made from stays open until it answers (a
 * double click's second click, or Escape, would otherwise close it and this overlay with it).
 */
export function useBookingInFlight(): boolean {
  return useIsMutating({ mutationKey: bookingMutationKey }) > 0;
}

/** The booking-in-progress overlay: covers the page while the booking call runs. */
export function BookingOverlay() {
  return createPortal(
    <div className="fixed inset-0 z-[60] flex items-center justify-center bg-base-100/80 backdrop-blur-sm">
      <div role="status" aria-live="assertive" className="flex flex-col items-center gap-3 rounded-box bg-base-100 px-8 py-6 shadow-xl">
        <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
        <p className="font-medium">Booking your session…</p>
      </div>
    </div>,
    document.body,
  );
}
