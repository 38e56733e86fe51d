import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../shared/lib/http';

/**
 * One QueryClient: client errors (4xx) and timeouts are not retried; flaky network gets one retry.
 * An action the user takes offline fails at once with its error (networkMode 'always'), rather than
 * waiting unseen and running by itself when the connection is back (a booking, a payment).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => {
          if (isApiError(error) && (error.status >= 400 && error.status < 500)) return false;
          if (isApiError(error) && error.code === 'TIMEOUT') return false;
          return failureCount < 1;
        },
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
