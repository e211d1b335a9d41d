import { ApiError } from '@/lib/api';
import { notifyError, notifySuccess } from '@/lib/notify';

/** Role and module screens: success toasts close after 3 s, errors after 5 s (backoffice §9). */
export const toast = {
  success: (message: string) => notifySuccess(message, undefined, 3000),
  error: (message: string) => notifyError(message, undefined, 5000),
};

/** The server's message of a failed call, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}
