import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX, type Icon } from '@tabler/icons-react';

/** How long each kind of toast stays on screen, in milliseconds. */
export const NOTIFY_DURATIONS = { success: 3000, error: 4000, info: 2500, warning: 3500 } as const;

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

/** Green toast, 3 s unless `autoClose` (ms) says otherwise. */
export const notifySuccess = (message: string, title?: string, autoClose?: number) => notify('success', message, title, autoClose);
/** Red toast, 4 s unless `autoClose` (ms) says otherwise. */
export const notifyError = (message: string, title?: string, autoClose?: number) => notify('error', message, title, autoClose);
/** Blue toast, 2.5 s unless `autoClose` (ms) says otherwise. */
export const notifyInfo = (message: string, title?: string, autoClose?: number) => notify('info', message, title, autoClose);
/** Orange toast, 3.5 s unless `autoClose` (ms) says otherwise. */
export const notifyWarning = (message: string, title?: string, autoClose?: number) => notify('warning', message, title, autoClose);
