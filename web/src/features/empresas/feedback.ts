import { ApiError } from '@/lib/api';
import { notifyError, notifySuccess } from '@/lib/notify';

/** Toasts of the companies screens. */
export const toast = {
  success: (message: string) => notifySuccess(message),
  error: (message: string) => notifyError(message),
};

/** The server's message of a failed call, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}
