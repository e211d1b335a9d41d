import { ApiError } from '@/lib/api';
import { notifyError, notifyInfo, notifySuccess } from '@/lib/notify';

/** Configuration toasts stay five seconds. */
const TOAST_MS = 5000;

/** Toasts of the configuration screens. */
export const toast = {
  success: (message: string) => notifySuccess(message, undefined, TOAST_MS),
  error: (message: string) => notifyError(message, undefined, TOAST_MS),
  info: (message: string) => notifyInfo(message, undefined, TOAST_MS),
};

/** The server's message of a failed call, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}
