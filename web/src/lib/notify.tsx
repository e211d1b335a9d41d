import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX, type Icon } from '@tabler/icons-react';

/** How long each kind of toast stays on screen, in milliseconds. */
const NOTIFY_DURATIONS = { success: 3000, error: 4000, info: 2500, warning: 3500 } as const;

/** The configuration screens keep their toasts this long (backoffice §9); also the default of a toast shown without a duration. */
export const LONG_TOAST_MS = 5000;

type Kind = keyof typeof NOTIFY_DURATIONS;

const STYLE: Record<Kind, { color: string; icon: Icon }> = {
  success: { color: 'green', icon: IconCheck },
  error: { color: 'red', icon: IconX },
  info: { color: 'blue', icon: IconInfoCircle },
  warning: { color: 'orange', icon: IconAlertTriangle },
};

function notify(kind: Kind, message: string, title?: string, autoClose: number = NOTIFY_DURATIONS[kind]): void {
  const { color, icon: KindIcon } = STYLE[kind];
  notifications.show({
    message,
    title,
    color,
    icon: <KindIcon size={18} aria-hidden />,
    autoClose,
  });
}

/** Green toast, 3 s. */
export const notifySuccess = (message: string, title?: string) => notify('success', message, title);
/** Red toast, 4 s. */
export const notifyError = (message: string, title?: string) => notify('error', message, title);
/** Blue toast, 2.5 s. */
export const notifyInfo = (message: string, title?: string) => notify('info', message, title);
/** Orange toast, 3.5 s. */
export const notifyWarning = (message: string, title?: string) => notify('warning', message, title);

/** The toasts of a family of screens, each kind with its duration. */
export interface Toasts {
  success: (message: string) => void;
  error: (message: string) => void;
  info: (message: string) => void;
  warning: (message: string) => void;
}

function toasts(durations: Partial<Record<Kind, number>>): Toasts {
  return {
    success: (message) => notify('success', message, undefined, durations.success),
    error: (message) => notify('error', message, undefined, durations.error),
    info: (message) => notify('info', message, undefined, durations.info),
    warning: (message) => notify('warning', message, undefined, durations.warning),
  };
}

/** Configuration screens (lists, prices, users, customers, e-mail, system, credentials): every toast stays 5 s (backoffice §9). */
export const configToast = toasts({ success: LONG_TOAST_MS, error: LONG_TOAST_MS, info: LONG_TOAST_MS, warning: LONG_TOAST_MS });
/** Role and module screens: successes close after 3 s, errors after 5 s (backoffice §9). */
export const rolesModulosToast = toasts({ success: NOTIFY_DURATIONS.success, error: LONG_TOAST_MS });
