import { useWindowEvent } from '@mantine/hooks';
import { useSyncExternalStore } from 'react';
import { notifySuccess, notifyWarning } from './notify';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser believes it is online; updates on online/offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine);
}

/** Shows a toast whenever the connection is lost or comes back. Mount once. */
export function useConnectivityToasts(): void {
  useWindowEvent('offline', () => notifyWarning('Sin conexión a Internet'));
  useWindowEvent('online', () => notifySuccess('Conexión restablecida'));
}
