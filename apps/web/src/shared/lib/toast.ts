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
  /** An error already showing is shown once (an outage's notice and a send it failed say the same), its time started again. */
  error: (text: string) => toast.error(text, { id: text, duration: TOAST_DURATION_MS }),
  /** Shows the failure's user-facing text (server message, 'API time out !' or 'Error: name'), once as error does. */
  failure: (error: unknown) => {
    const text = errorMessage(error);
    return toast.error(text, { id: text, duration: TOAST_DURATION_MS });
  },
  /** Closes every toast showing, e.g. a failed try's once the next one succeeds and the page moves on. */
  dismissAll: () => toast.dismiss(),
};
