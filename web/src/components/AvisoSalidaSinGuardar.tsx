import { Text } from '@mantine/core';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * While `pendiente`, leaving the page asks first: a navigation inside the app opens a
 * confirmation, closing or reloading the tab opens the browser's own.
 */
export function AvisoSalidaSinGuardar({ pendiente }: { pendiente: boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) =>
    pendiente && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!pendiente) return;
    const avisar = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', avisar);
    return () => window.removeEventListener('beforeunload', avisar);
  }, [pendiente]);

  return (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      title="Cambios sin guardar"
      confirmLabel="Salir sin guardar"
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    >
      <Text>Tienes cambios sin guardar. Si sales de esta página, se pierden.</Text>
    </ConfirmDialog>
  );
}
