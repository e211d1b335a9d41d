import { Text } from '@mantine/core';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './ConfirmDialog';

interface AvisoSalidaSinGuardarProps {
  pendiente: boolean;
  /** What is lost by leaving; by default, unsaved changes. */
  titulo?: string;
  mensaje?: string;
  confirmLabel?: string;
}

/**
 * While `pendiente`, leaving the page asks first: a navigation inside the app opens a
 * confirmation, closing or reloading the tab opens the browser's own.
 */
export function AvisoSalidaSinGuardar({
  pendiente,
  titulo = 'Cambios sin guardar',
  mensaje = 'Tienes cambios sin guardar. Si sales de esta página, se pierden.',
  confirmLabel = 'Salir sin guardar',
}: AvisoSalidaSinGuardarProps) {
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
      title={titulo}
      confirmLabel={confirmLabel}
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    >
      <Text>{mensaje}</Text>
    </ConfirmDialog>
  );
}
