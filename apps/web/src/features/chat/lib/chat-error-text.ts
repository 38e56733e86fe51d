import { messages } from '@parley/domain/messages';
import { isApiError } from '../../../shared/lib/http';
import { SocketUnreachableError } from '../../../shared/lib/socket';

/**
 * A chat failure shows the server's message; when the server or the socket can't
 * be reached (network down, time-out, a 5xx whose text the server hides) it shows the long
 * chatServerError text. While the browser is offline no server is to blame: it says so.
 */
export function chatErrorText(error: unknown): string {
  if (!navigator.onLine) return messages.chatOffline;
  if (error instanceof SocketUnreachableError) return messages.chatServerError;
  if (isApiError(error)) {
    if (error.status === 0 || error.status >= 500) return messages.chatServerError;
    return error.message;
  }
  return messages.chatServerError;
}
