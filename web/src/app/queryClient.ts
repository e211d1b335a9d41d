import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';

/** Queries stay fresh this long. */
const QUERY_STALE_TIME_MS = 5 * 60_000;

/** One retry, except for answers that will not change on retry (4xx). */
function retryOnce(failureCount: number, error: Error): boolean {
  const clientError = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return failureCount < 1 && !clientError;
}

/** The app's TanStack Query client. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: retryOnce, staleTime: QUERY_STALE_TIME_MS } },
  });
}
