import { toast } from 'sonner';
import { TOAST_DURATION_MS } from '@parley/domain/constants';
import { errorMessage } from './http';
import { requestToaster } from './toast-outlet';

// The one place toasts are fired from (3500 ms). Callers choose when to toast;
// the HTTP client never does it on its own (STYLE, bulletproof-react lesson).
export { TOAST_DURATION_MS };

requestToaster();

export const notify = {
  success: (text: string) => toast.success(text, { duration: TOAST_DURATION_MS }),
  info: (text: string) => toast(text, { duration: TOAST_DURATION_MS }),
  error: (text: string) => toast.error(text, { duration: TOAST_DURATION_MS }),
  /** Shows the failure's user-facing text (server message, 'API time out !' or 'Error: name'). */
  failure: (error: unknown) => toast.error(errorMessage(error), { duration: TOAST_DURATION_MS }),
  /** Closes every toast showing, e.g. a failed try's once the next one succeeds and the page moves on. */
  dismissAll: () => toast.dismiss(),
};
