import { notifyError, notifyInfo, notifySuccess } from '../../lib/notify';

/** Configuration toasts stay five seconds. */
const TOAST_MS = 5000;

/** Toasts of the configuration screens. */
export const toast = {
  success: (message: string) => notifySuccess(message, undefined, TOAST_MS),
  error: (message: string) => notifyError(message, undefined, TOAST_MS),
  info: (message: string) => notifyInfo(message, undefined, TOAST_MS),
};
